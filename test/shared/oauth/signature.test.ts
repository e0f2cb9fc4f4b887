// The published OAuth 1.0a vectors (engineering notes §2, A–E) against the shared signer and helpers.
import OAuth from 'oauth-1.0a';
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { formEncode, parseFormEncoded, percentEncode } from '../../../shared/oauth/encoding.js';
import { parseAuthorizationHeader } from '../../../shared/oauth/header.js';
import {
  collectRequestParameters,
  hmacSha1Signature,
  normaliseBaseUri,
  normaliseParameters,
  signatureBaseString,
} from '../../../shared/oauth/signature.js';
import { createRequestSigner } from '../../../shared/oauth/signer.js';
import type { SignableRequest } from '../../../shared/oauth/types.js';

const photosConsumer = { key: 'dpf43f3p2l4k3l03', secret: 'kd94hf93k423kf44' };
const photosToken = { token: 'nnch734d00sl2jdk', secret: 'pfkkdhi9sl3r4s00' };

function fixedSigner(
  seconds: number,
  nonce: string,
  extra: { includeVersion?: boolean; realm?: string } = {},
) {
  return createRequestSigner({
    hmacSha1: nodeHmacSha1,
    clock: () => seconds * 1000,
    nonce: () => nonce,
    ...extra,
  });
}

function headerParameters(authorization: string | undefined): Map<string, string> {
  const parsed = parseAuthorizationHeader(authorization ?? '');
  if (!parsed) throw new Error('not an OAuth header');
  return new Map(parsed.parameters);
}

function signatureOf(authorization: string | undefined): string | undefined {
  return headerParameters(authorization).get('oauth_signature');
}

describe('vector A: OAuth Core 1.0 appendix A.5', () => {
  const url = 'http://photos.example.net/photos?file=vacation.jpg&size=original';
  const expectedBase =
    'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal';

  it('builds the published base string', () => {
    const protocol: Array<[string, string]> = [
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1191242096'],
      ['oauth_nonce', 'kllo9940pd9333jh'],
      ['oauth_version', '1.0'],
    ];
    expect(signatureBaseString('GET', url, collectRequestParameters({ url, protocol }))).toBe(expectedBase);
    expect(hmacSha1Signature(nodeHmacSha1, expectedBase, photosConsumer.secret, photosToken.secret)).toBe(
      'tR3+Ty81lMeYAr/Fid0kMTYa/WM=',
    );
  });

  it('is what the signer sends when asked to include oauth_version', () => {
    const signed = fixedSigner(1191242096, 'kllo9940pd9333jh', { includeVersion: true }).sign(
      { method: 'GET', url },
      photosConsumer,
      photosToken,
    );
    expect(signatureOf(signed.headers.Authorization)).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
    expect(signed.url).toBe(url);
  });
});

describe('vector B: RFC 5849 §1.2', () => {
  it('B1 request token POST with a callback', () => {
    const signed = fixedSigner(137131200, 'wIjqoS', { realm: 'Photos' }).sign(
      { method: 'POST', url: 'https://photos.example.net/initiate' },
      photosConsumer,
      undefined,
      { oauth_callback: 'http://printer.example.com/ready' },
    );
    expect(signed.headers.Authorization).toMatch(/^OAuth realm="Photos", /);
    expect(signatureOf(signed.headers.Authorization)).toBe('74KNZJeDHnMBp0EMJ9ZHt/XKycU=');
    expect(headerParameters(signed.headers.Authorization).has('oauth_version')).toBe(false);
  });

  it('B2 token POST with a verifier', () => {
    const signed = fixedSigner(137131201, 'walatlh', { realm: 'Photos' }).sign(
      { method: 'POST', url: 'https://photos.example.net/token' },
      photosConsumer,
      { token: 'hh5s93j4hdidpola', secret: 'hdhd0244k9j7ao03' },
      { oauth_verifier: 'hfdp7dh39dks9884' },
    );
    expect(signatureOf(signed.headers.Authorization)).toBe('gKgrFCywp7rO0OXSjdot/IHF7IU=');
  });

  it('B3 resource GET (realm not signed)', () => {
    const request = {
      method: 'GET',
      url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
    };
    const withRealm = fixedSigner(137131202, 'chapoH', { realm: 'Photos' }).sign(
      request,
      photosConsumer,
      photosToken,
    );
    const withoutRealm = fixedSigner(137131202, 'chapoH').sign(request, photosConsumer, photosToken);
    expect(signatureOf(withRealm.headers.Authorization)).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
    expect(signatureOf(withoutRealm.headers.Authorization)).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
  });
});

describe('vector C: RFC 5849 §3.4.1.1', () => {
  const url = 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b';
  const form = parseFormEncoded('c2&a3=2+q');
  const expectedBase =
    'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7';
  const protocol: Array<[string, string]> = [
    ['oauth_consumer_key', '9djdj82h48djs9d2'],
    ['oauth_token', 'kkk9d7dh3k39sjv7'],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', '137131201'],
    ['oauth_nonce', '7d8f3e4a'],
    ['oauth_signature', 'djosJKDKJSD8743243%2Fjdk33klY%3D'],
  ];

  it('builds the published base string (oauth_signature excluded, query keys decoded, + as space)', () => {
    expect(signatureBaseString('POST', url, collectRequestParameters({ url, form, protocol }))).toBe(
      expectedBase,
    );
  });

  it('the signer signs exactly that base string', () => {
    const consumer = { key: '9djdj82h48djs9d2', secret: 'j49sk3j29djd' };
    const token = { token: 'kkk9d7dh3k39sjv7', secret: 'dh893hdasih9' };
    const signed = fixedSigner(137131201, '7d8f3e4a').sign({ method: 'POST', url, form }, consumer, token);
    expect(signatureOf(signed.headers.Authorization)).toBe(
      nodeHmacSha1('j49sk3j29djd&dh893hdasih9', expectedBase),
    );
  });

  it("is the vector the oauth-1.0a package's own base string gets wrong (why it is not used for that part)", () => {
    const oauth = new OAuth({
      consumer: { key: '9djdj82h48djs9d2', secret: 'x' },
      signature_method: 'HMAC-SHA1',
      hash_function: (b) => b,
    });
    const packageBase = oauth.getBaseString({ method: 'POST', url, data: { c2: '', a3: '2 q' } }, {
      oauth_consumer_key: '9djdj82h48djs9d2',
      oauth_token: 'kkk9d7dh3k39sjv7',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: 137131201,
      oauth_nonce: '7d8f3e4a',
    } as OAuth.Data);
    expect(packageBase).not.toBe(expectedBase);
  });

  it('normalises base URIs', () => {
    expect(normaliseBaseUri('http://EXAMPLE.COM:80/r%20v/X?id=123')).toBe('http://example.com/r%20v/X');
    expect(normaliseBaseUri('https://www.example.net:8080/?q=1')).toBe('https://www.example.net:8080/');
    expect(normaliseBaseUri('HTTPS://Example.com:443/A/b#frag')).toBe('https://example.com/A/b');
    expect(normaliseBaseUri('http://user:pw@example.com:8080')).toBe('http://example.com:8080/');
  });
});

describe('vector D: Twitter "creating a signature"', () => {
  it('signs the published request', () => {
    const signed = fixedSigner(1318622958, 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg', {
      includeVersion: true,
    }).sign(
      {
        method: 'POST',
        url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
        form: [['status', 'Hello Ladies + Gentlemen, a signed OAuth request!']],
      },
      { key: 'xvz1evFS4wEEPTGEFPHBog', secret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw' },
      {
        token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        secret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
      },
    );
    expect(signatureOf(signed.headers.Authorization)).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });
});

describe('vector E: encoding and normalisation', () => {
  it.each([
    ['abcABC123', 'abcABC123'],
    ['-._~', '-._~'],
    ['%', '%25'],
    ['+', '%2B'],
    ['&=*', '%26%3D%2A'],
    ['\n', '%0A'],
    [' ', '%20'],
    ['\u007f', '%7F'],
    ['\u0080', '%C2%80'],
    ['\u3001', '%E3%80%81'],
    ["!*'()", '%21%2A%27%28%29'],
  ])('encodes %j as %s', (raw, encoded) => {
    expect(percentEncode(raw)).toBe(encoded);
  });

  it('refuses text that cannot be UTF-8 encoded instead of throwing a URIError', () => {
    expect(() => percentEncode('\ud800')).toThrow(expect.objectContaining({ problem: 'parameter_rejected' }));
  });

  it('normalises parameters', () => {
    expect(normaliseParameters(parseFormEncoded('name'))).toBe('name=');
    expect(normaliseParameters(parseFormEncoded('a=x!y&a=x+y'))).toBe('a=x%20y&a=x%21y');
    expect(normaliseParameters(parseFormEncoded('x!y=a&x=a'))).toBe('x=a&x%21y=a');
    expect(normaliseParameters(parseFormEncoded('a=&a=x'))).toBe('a=&a=x');
    expect(normaliseParameters(parseFormEncoded('__proto__=1&b=2'))).toBe('__proto__=1&b=2');
  });

  it('gives an empty path a slash', () => {
    const url = 'http://example.com?n=v';
    expect(signatureBaseString('GET', url, collectRequestParameters({ url }))).toBe(
      'GET&http%3A%2F%2Fexample.com%2F&n%3Dv',
    );
  });

  it('keys the HMAC with enc(consumer secret)&enc(token secret)', () => {
    expect(hmacSha1Signature(nodeHmacSha1, 'bs', 'cs')).toBe('egQqG5AJep5sJ7anhXju1unge2I=');
    expect(hmacSha1Signature(nodeHmacSha1, 'bs', 'cs', 'ts')).toBe('VZVjXceV7JgPq/dOTnNmEfO0Fv8=');
  });

  it('round-trips form encoding with duplicates and empty values', () => {
    const pairs: Array<[string, string]> = [
      ['a', ''],
      ['a', 'x y+z'],
      ['ü!', "*'()"],
    ];
    expect(parseFormEncoded(formEncode(pairs))).toEqual(pairs);
  });
});

describe('the signer', () => {
  const consumer = { key: 'console-key', secret: 'console secret&' };
  const token = { token: 'access', secret: 'token secret' };

  it('uses 128-bit CSPRNG nonces that do not repeat and whole-second timestamps', () => {
    const signer = createRequestSigner({ hmacSha1: nodeHmacSha1, clock: () => 1_700_000_000_999 });
    const nonces = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const parameters = headerParameters(
        signer.sign({ method: 'GET', url: 'http://h/x' }, consumer).headers.Authorization,
      );
      const nonce = parameters.get('oauth_nonce') ?? '';
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(parameters.get('oauth_timestamp')).toBe('1700000000');
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(200);
  });

  it('writes a header with quoted, percent-encoded parameters, no version and nothing undefined', () => {
    const signed = createRequestSigner({ hmacSha1: nodeHmacSha1 }).sign(
      { method: 'GET', url: 'http://h/x?q=1' },
      { key: 'k y', secret: 's' },
    );
    const header = signed.headers.Authorization ?? '';
    expect(header).toMatch(/^OAuth oauth_consumer_key="k%20y", oauth_nonce="[0-9a-f]{32}", /);
    expect(header).toContain('oauth_signature_method="HMAC-SHA1"');
    expect(header).not.toContain('oauth_version');
    expect(header).not.toContain('undefined');
    expect(header).not.toContain('oauth_token');
    expect(header).not.toContain('realm');
    expect([...headerParameters(header).keys()].sort()).toEqual([
      'oauth_consumer_key',
      'oauth_nonce',
      'oauth_signature',
      'oauth_signature_method',
      'oauth_timestamp',
    ]);
  });

  it('puts the parameters in the query when asked, signed over the original query', () => {
    const signer = createRequestSigner({
      hmacSha1: nodeHmacSha1,
      transport: 'query',
      clock: () => 5_000,
      nonce: () => 'n+1',
    });
    const signed = signer.sign(
      { method: 'GET', url: 'http://h:8080/devices?folder=a%20b#top' },
      consumer,
      token,
    );
    expect(signed.headers).toEqual({});
    const sent = new URL(signed.url);
    expect(sent.hash).toBe('');
    expect(sent.searchParams.get('folder')).toBe('a b');
    expect(sent.searchParams.get('oauth_nonce')).toBe('n+1');
    expect(sent.searchParams.get('oauth_token')).toBe('access');
    const parameters = collectRequestParameters({ url: signed.url });
    const expected = hmacSha1Signature(
      nodeHmacSha1,
      signatureBaseString('GET', signed.url, parameters),
      consumer.secret,
      token.secret,
    );
    expect(sent.searchParams.get('oauth_signature')).toBe(expected);
  });

  it('does not mutate its input', () => {
    const request: SignableRequest = Object.freeze({
      method: 'POST',
      url: 'http://h/x?a=1',
      form: Object.freeze([Object.freeze(['b', '2'] as const)]),
    });
    const frozenConsumer = Object.freeze({ ...consumer });
    const frozenToken = Object.freeze({ ...token });
    const extra = Object.freeze({ oauth_verifier: 'v' });
    const before = JSON.stringify([request, frozenConsumer, frozenToken, extra]);
    createRequestSigner({ hmacSha1: nodeHmacSha1 }).sign(request, frozenConsumer, frozenToken, extra);
    expect(JSON.stringify([request, frozenConsumer, frozenToken, extra])).toBe(before);
  });

  it('refuses protocol parameters it would send twice or that are not protocol parameters', () => {
    const signer = createRequestSigner({ hmacSha1: nodeHmacSha1 });
    expect(() => signer.sign({ method: 'GET', url: 'http://h/x?oauth_nonce=1' }, consumer)).toThrow(
      /oauth_nonce/,
    );
    expect(() =>
      signer.sign({ method: 'GET', url: 'http://h/x' }, consumer, undefined, { callback: 'oob' }),
    ).toThrow(/callback/);
    expect(() =>
      signer.sign({ method: 'GET', url: 'http://h/x' }, consumer, undefined, { oauth_nonce: 'x' }),
    ).toThrow(/oauth_nonce/);
    expect(() => signer.sign({ method: 'GET', url: 'http://h/x' }, { key: '', secret: 's' })).toThrow(
      /consumer key/,
    );
    expect(() => signer.sign({ method: 'GET', url: '/relative' }, consumer)).toThrow(
      expect.objectContaining({ name: 'OAuthProtocolError', problem: 'parameter_rejected' }),
    );
  });
});

describe('parseAuthorizationHeader', () => {
  it('round-trips what the signer writes, values percent-decoded', () => {
    const signed = createRequestSigner({
      hmacSha1: nodeHmacSha1,
      realm: 'http://sp.example/',
      nonce: () => 'a b/c',
    }).sign({ method: 'GET', url: 'http://h/x' }, { key: 'k=1', secret: 's' }, undefined, {
      oauth_callback: 'oob',
    });
    const parsed = parseAuthorizationHeader(signed.headers.Authorization ?? '');
    expect(parsed?.realm).toBe('http://sp.example/');
    const parameters = new Map(parsed?.parameters);
    expect(parameters.get('oauth_consumer_key')).toBe('k=1');
    expect(parameters.get('oauth_nonce')).toBe('a b/c');
    expect(parameters.get('oauth_callback')).toBe('oob');
  });

  it('accepts any case of the scheme and loose whitespace', () => {
    expect(parseAuthorizationHeader('oauth  oauth_token = "a%2Bb" ,oauth_nonce="n"')?.parameters).toEqual([
      ['oauth_token', 'a+b'],
      ['oauth_nonce', 'n'],
    ]);
  });

  it('returns null for other schemes', () => {
    expect(parseAuthorizationHeader('Basic dXNlcjpwYXNz')).toBeNull();
    expect(parseAuthorizationHeader('OAuthx a="b"')).toBeNull();
  });

  it.each([
    ['a duplicate', 'OAuth oauth_nonce="a", oauth_nonce="b"'],
    ['an unquoted value', 'OAuth oauth_nonce=a'],
    ['an unterminated value', 'OAuth oauth_nonce="a'],
    ['a bad escape', 'OAuth oauth_nonce="%zz"'],
    ['garbage between parameters', 'OAuth oauth_nonce="a" x oauth_token="b"'],
  ])('refuses %s', (_what, header) => {
    expect(() => parseAuthorizationHeader(header)).toThrow(
      expect.objectContaining({ problem: 'parameter_rejected' }),
    );
  });
});
