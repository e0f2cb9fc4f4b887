// The stand-in service's OAuth provider over real loopback HTTP: every refusal, replay, revocation, the
// PIN flow through the authorize page, and a request signed by the oauth-1.0a package used directly.
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { accessToken, authorizeUrl, requestToken } from '../../../shared/oauth/flow.js';
import { buildAuthorizationHeader, parseAuthorizationHeader } from '../../../shared/oauth/header.js';
import { formEncode } from '../../../shared/oauth/encoding.js';
import {
  collectRequestParameters,
  hmacSha1Signature,
  signatureBaseString,
} from '../../../shared/oauth/signature.js';
import { createRequestSigner, type RequestSignerOptions } from '../../../shared/oauth/signer.js';
import type { OAuthToken } from '../../../shared/oauth/types.js';
import { OAuthProvider } from '../../../service/oauth/index.js';
import { startOAuthServer, type OAuthTestServer } from '../support/oauth-harness.js';

const consumer = { key: 'console-key', secret: 'console secret&1' };
const otherConsumer = { key: 'other-key', secret: 'other-secret' };
const EMAIL = 'tech@example.com';
const PASSWORD = 'correct horse battery';
let now = 1_750_000_000_000;
const clock = (): number => now;
let server: OAuthTestServer;
let base: string;
let nonceCounter = 0;

function authenticateUser(email: string, password: string): string | null {
  return email === EMAIL && password === PASSWORD ? 'user-7' : null;
}

beforeAll(async () => {
  server = await startOAuthServer({
    consumers: [
      { ...consumer, name: 'Support Console <Beta> & "Co"' },
      { ...otherConsumer, name: 'Other app' },
    ],
    clock,
    authenticateUser,
  });
  base = server.baseUrl;
});
afterAll(() => server.close());

function signer(options: Partial<RequestSignerOptions> = {}) {
  return createRequestSigner({ hmacSha1: nodeHmacSha1, clock, ...options });
}

function freshNonce(): string {
  nonceCounter += 1;
  return `nonce-${nonceCounter}`;
}

/** Protocol parameters as a well-behaved client sends them; `overrides` replace or (with undefined) drop. */
function protocol(
  overrides: Record<string, string | undefined> = {},
  token?: string,
): Array<[string, string]> {
  const params: Record<string, string | undefined> = {
    oauth_consumer_key: consumer.key,
    oauth_nonce: freshNonce(),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(now / 1000)),
    ...(token ? { oauth_token: token } : {}),
    ...overrides,
  };
  return Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
}

function signatureFor(
  url: string,
  params: Array<[string, string]>,
  consumerSecret = consumer.secret,
  tokenSecret?: string,
): string {
  const collected = collectRequestParameters({ url, protocol: params });
  return hmacSha1Signature(
    nodeHmacSha1,
    signatureBaseString('GET', url, collected),
    consumerSecret,
    tokenSecret,
  );
}

/** A GET with a hand-built Authorization header (to send what no correct signer would). */
function getWithHeader(
  url: string,
  params: Array<[string, string]>,
  options: { consumerSecret?: string; tokenSecret?: string } = {},
): Promise<Response> {
  const signature = signatureFor(url, params, options.consumerSecret, options.tokenSecret);
  const header = buildAuthorizationHeader([...params, ['oauth_signature', signature]]);
  return fetch(url, { headers: { Authorization: header } });
}

interface Refusal {
  status: number;
  problem: string | undefined;
  advice: string | undefined;
  fields: Map<string, string>;
  challenge: string | null;
}

async function refusalOf(response: Response): Promise<Refusal> {
  const fields = new Map(new URLSearchParams(await response.text()));
  return {
    status: response.status,
    problem: fields.get('oauth_problem'),
    advice: fields.get('oauth_problem_advice'),
    fields,
    challenge: response.headers.get('www-authenticate'),
  };
}

async function approve(token: string, callbackFollow = false): Promise<string> {
  const response = await fetch(`${base}/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: formEncode([
      ['oauth_token', token],
      ['email', EMAIL],
      ['password', PASSWORD],
      ['decision', 'approve'],
    ]),
    redirect: 'manual',
  });
  if (callbackFollow) return response.headers.get('location') ?? '';
  const html = await response.text();
  const verifier = /id="oauth-verifier">([^<]+)</.exec(html)?.[1];
  if (!verifier) throw new Error(`no verifier on the page (status ${response.status})`);
  return verifier;
}

async function pinFlow(): Promise<OAuthToken & { userId?: string }> {
  const s = signer();
  const request = await requestToken({ baseUrl: base, consumer, signer: s });
  const verifier = await approve(request.token);
  return accessToken({ baseUrl: base, consumer, signer: s, requestToken: request, verifier });
}

describe('the PIN flow end to end', () => {
  it('request token → authorize form → verifier on the page → access token → a verified resource call', async () => {
    const s = signer();
    const request = await requestToken({ baseUrl: base, consumer, signer: s });

    const page = await fetch(authorizeUrl(base, request));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Support Console &#60;Beta&#62; &#38; &#34;Co&#34;');
    expect(html).not.toContain('<Beta>');
    expect(html).toMatch(/<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toContain('value="approve">Approve</button>');
    expect(html).toContain('value="deny">Deny</button>');
    expect(html).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'self'/);
    expect(page.headers.get('cache-control')).toBe('no-store');

    const verifier = await approve(request.token);
    expect(verifier).toMatch(/^[2-9A-Z]{8}$/);
    const access = await accessToken({
      baseUrl: base,
      consumer,
      signer: s,
      requestToken: request,
      verifier: `  ${verifier.toLowerCase()} \n`,
    });
    expect(access.userId).toBe('user-7');
    expect(access.token).not.toBe(request.token);

    const resourceUrl = `${base}/devices?folder=a%20b&x=1&x=`;
    const signed = s.sign({ method: 'GET', url: resourceUrl }, consumer, access);
    const resource = await fetch(signed.url, { headers: signed.headers });
    expect(resource.status).toBe(200);
    expect(await resource.json()).toEqual({ userId: 'user-7', consumerKey: consumer.key });

    const byQuery = signer({ transport: 'query' }).sign(
      { method: 'GET', url: resourceUrl },
      consumer,
      access,
    );
    expect((await fetch(byQuery.url)).status).toBe(200);
  });

  it('with a callback URL, approval redirects there with the token and the verifier', async () => {
    const s = signer();
    const signed = s.sign({ method: 'GET', url: `${base}/oauth/request_token` }, consumer, undefined, {
      oauth_callback: 'http://127.0.0.1:9/done?state=1',
    });
    const fields = new URLSearchParams(await (await fetch(signed.url, { headers: signed.headers })).text());
    expect(fields.get('oauth_callback_confirmed')).toBe('true');
    const token = fields.get('oauth_token') ?? '';
    const page = await fetch(`${base}/oauth/authorize?oauth_token=${encodeURIComponent(token)}`);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:9");
    const location = new URL(await approve(token, true));
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:9/done');
    expect(location.searchParams.get('state')).toBe('1');
    expect(location.searchParams.get('oauth_token')).toBe(token);
    expect(location.searchParams.get('oauth_verifier')).toMatch(/^[2-9A-Z]{8}$/);
  });
});

describe('the authorize page', () => {
  async function post(fields: Array<[string, string]>): Promise<Response> {
    return fetch(`${base}/oauth/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formEncode(fields),
      redirect: 'manual',
    });
  }

  it('shows the form again with a clear error after a wrong password, keeping the e-mail escaped', async () => {
    const request = await requestToken({ baseUrl: base, consumer, signer: signer() });
    const response = await post([
      ['oauth_token', request.token],
      ['email', 'tech"><b>@example.com'],
      ['password', 'wrong'],
      ['decision', 'approve'],
    ]);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('The e-mail address or the password is not right');
    expect(html).toContain('value="tech&#34;&#62;&#60;b&#62;@example.com"');
    expect(html).not.toContain('id="oauth-verifier"');
    // The request token survives a typo: approving now works.
    expect(await approve(request.token)).toMatch(/^[2-9A-Z]{8}$/);
  });

  it('withdraws the request after five wrong passwords', async () => {
    const request = await requestToken({ baseUrl: base, consumer, signer: signer() });
    const wrong: Array<[string, string]> = [
      ['oauth_token', request.token],
      ['email', EMAIL],
      ['password', 'nope'],
      ['decision', 'approve'],
    ];
    for (let i = 0; i < 4; i++) expect(await (await post(wrong)).text()).toContain('role="alert"');
    expect((await post(wrong)).status).toBe(403);
    expect((await fetch(authorizeUrl(base, request))).status).toBe(404);
  });

  it('explains an unknown, missing or expired request token', async () => {
    const unknown = await fetch(`${base}/oauth/authorize?oauth_token=nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Start the sign-in again');
    expect((await fetch(`${base}/oauth/authorize`)).status).toBe(400);

    const request = await requestToken({ baseUrl: base, consumer, signer: signer() });
    now += 11 * 60_000;
    try {
      expect((await fetch(authorizeUrl(base, request))).status).toBe(404);
    } finally {
      now -= 11 * 60_000;
    }
  });

  it('on Deny shows that access was denied and forgets the request', async () => {
    const s = signer();
    const request = await requestToken({ baseUrl: base, consumer, signer: s });
    const response = await post([
      ['oauth_token', request.token],
      ['decision', 'deny'],
    ]);
    expect(await response.text()).toContain('Access denied');
    const exchange = accessToken({
      baseUrl: base,
      consumer,
      signer: s,
      requestToken: request,
      verifier: 'ABCDEFGH',
    });
    await expect(exchange).rejects.toMatchObject({ problem: 'token_rejected', httpStatus: 401 });
  });
});

describe('refusals', () => {
  const resource = (): string => `${base}/devices?folder=7`;
  let access: OAuthToken;
  beforeAll(async () => {
    access = await pinFlow();
  });

  it('answers with WWW-Authenticate and a form-encoded problem report', async () => {
    const refused = await refusalOf(await fetch(resource()));
    expect(refused.status).toBe(400);
    expect(refused.problem).toBe('parameter_absent');
    expect(refused.challenge).toBe(`OAuth realm="${base}", oauth_problem="parameter_absent"`);
    expect(parseAuthorizationHeader(refused.challenge ?? '')?.parameters).toEqual([
      ['oauth_problem', 'parameter_absent'],
    ]);
  });

  it('refuses parameters sent both in the header and the query', async () => {
    const signed = signer().sign({ method: 'GET', url: resource() }, consumer, access);
    const refused = await refusalOf(
      await fetch(`${resource()}&oauth_consumer_key=${consumer.key}`, { headers: signed.headers }),
    );
    expect([refused.status, refused.problem]).toEqual([400, 'parameter_rejected']);
  });

  it('refuses protocol parameters in the body', async () => {
    const signed = signer().sign({ method: 'GET', url: resource() }, consumer, access);
    const response = await fetch(resource(), {
      method: 'POST',
      headers: { ...signed.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'oauth_verifier=x',
    });
    expect((await refusalOf(response)).problem).toBe('parameter_rejected');
  });

  it('refuses duplicated parameters in the query and in the header', async () => {
    const signed = signer({ transport: 'query' }).sign({ method: 'GET', url: resource() }, consumer, access);
    const inQuery = await refusalOf(await fetch(`${signed.url}&oauth_nonce=again`));
    expect([inQuery.status, inQuery.problem]).toEqual([400, 'parameter_rejected']);

    const header = signer().sign({ method: 'GET', url: resource() }, consumer, access).headers.Authorization;
    const inHeader = await refusalOf(
      await fetch(resource(), { headers: { Authorization: `${header}, oauth_nonce="again"` } }),
    );
    expect([inHeader.status, inHeader.problem]).toEqual([400, 'parameter_rejected']);
  });

  it('names absent parameters', async () => {
    const refused = await refusalOf(
      await getWithHeader(resource(), protocol({ oauth_nonce: undefined }, access.token), {
        tokenSecret: access.secret,
      }),
    );
    expect([refused.status, refused.problem]).toEqual([400, 'parameter_absent']);
    expect(refused.fields.get('oauth_parameters_absent')).toBe('oauth_nonce');

    const noCallback = await refusalOf(await getWithHeader(`${base}/oauth/request_token`, protocol()));
    expect(noCallback.fields.get('oauth_parameters_absent')).toBe('oauth_callback');
  });

  it('refuses a signature method other than HMAC-SHA1', async () => {
    const refused = await refusalOf(
      await getWithHeader(resource(), protocol({ oauth_signature_method: 'PLAINTEXT' }, access.token), {
        tokenSecret: access.secret,
      }),
    );
    expect([refused.status, refused.problem]).toEqual([400, 'signature_method_rejected']);
  });

  it('refuses an oauth_version other than 1.0 and accepts 1.0', async () => {
    const refused = await refusalOf(
      await getWithHeader(resource(), protocol({ oauth_version: '2.0' }, access.token), {
        tokenSecret: access.secret,
      }),
    );
    expect([refused.status, refused.problem]).toEqual([400, 'version_rejected']);
    const accepted = await getWithHeader(resource(), protocol({ oauth_version: '1.0' }, access.token), {
      tokenSecret: access.secret,
    });
    expect(accepted.status).toBe(200);
  });

  it('refuses a timestamp more than 600 s off and says which range it accepts', async () => {
    const skewed = signer({ clock: () => now + 601_000 }).sign(
      { method: 'GET', url: resource() },
      consumer,
      access,
    );
    const refused = await refusalOf(await fetch(skewed.url, { headers: skewed.headers }));
    expect([refused.status, refused.problem]).toEqual([401, 'timestamp_refused']);
    const seconds = Math.floor(now / 1000);
    expect(refused.fields.get('oauth_acceptable_timestamps')).toBe(`${seconds - 600}-${seconds + 600}`);
    expect(refused.advice).toContain(`${seconds - 600} to ${seconds + 600}`);

    const justInside = signer({ clock: () => now - 600_000 }).sign(
      { method: 'GET', url: resource() },
      consumer,
      access,
    );
    expect((await fetch(resource(), { headers: justInside.headers })).status).toBe(200);

    const notANumber = await refusalOf(
      await getWithHeader(resource(), protocol({ oauth_timestamp: '17e8' }, access.token), {
        tokenSecret: access.secret,
      }),
    );
    expect([notANumber.status, notANumber.problem]).toEqual([400, 'parameter_rejected']);
  });

  it('refuses a replayed request, even with a different signature', async () => {
    const signed = signer().sign({ method: 'GET', url: resource() }, consumer, access);
    expect((await fetch(resource(), { headers: signed.headers })).status).toBe(200);
    const replay = await refusalOf(await fetch(resource(), { headers: signed.headers }));
    expect([replay.status, replay.problem]).toEqual([401, 'nonce_used']);
    const forged = (signed.headers.Authorization ?? '').replace(
      /oauth_signature="[^"]*"/,
      'oauth_signature="AAAA"',
    );
    const forgery = await refusalOf(await fetch(resource(), { headers: { Authorization: forged } }));
    expect([forgery.status, forgery.problem]).toEqual([401, 'nonce_used']);
  });

  it('does not let unsigned garbage burn a nonce', async () => {
    const params = protocol({}, access.token);
    const forged = await refusalOf(
      await getWithHeader(resource(), params, { consumerSecret: 'wrong', tokenSecret: access.secret }),
    );
    expect(forged.problem).toBe('token_rejected');
    expect((await getWithHeader(resource(), params, { tokenSecret: access.secret })).status).toBe(200);
  });

  it('refuses an unknown consumer', async () => {
    const s = signer();
    const signed = s.sign({ method: 'GET', url: resource() }, { key: 'nobody', secret: 'x' }, access);
    const refused = await refusalOf(await fetch(resource(), { headers: signed.headers }));
    expect([refused.status, refused.problem]).toEqual([401, 'consumer_key_unknown']);
  });

  it('refuses a bad signature: signature_invalid without a token, token_rejected with one', async () => {
    const signed = signer().sign(
      { method: 'GET', url: resource() },
      { ...consumer, secret: 'not the secret' },
      access,
    );
    const refused = await refusalOf(await fetch(resource(), { headers: signed.headers }));
    // With a token, a signature that does not verify says nothing about the token (see provider.ts).
    expect([refused.status, refused.problem]).toEqual([401, 'token_rejected']);

    const tampered = signer().sign({ method: 'GET', url: resource() }, consumer, access);
    const other = await refusalOf(await fetch(`${base}/devices?folder=8`, { headers: tampered.headers }));
    expect(other.problem).toBe('token_rejected');

    const initiate = `${base}/oauth/request_token`;
    const unsigned = signer().sign(
      { method: 'GET', url: initiate },
      { ...consumer, secret: 'not the secret' },
      undefined,
      {
        oauth_callback: 'oob',
      },
    );
    const noToken = await refusalOf(await fetch(unsigned.url, { headers: unsigned.headers }));
    expect([noToken.status, noToken.problem]).toEqual([401, 'signature_invalid']);
  });

  it('refuses unknown tokens, tokens of another consumer and tokens of the wrong kind', async () => {
    const s = signer();
    const unknown = s.sign({ method: 'GET', url: resource() }, consumer, { token: 'nope', secret: 'nope' });
    expect((await refusalOf(await fetch(resource(), { headers: unknown.headers }))).problem).toBe(
      'token_rejected',
    );

    const foreign = s.sign({ method: 'GET', url: resource() }, otherConsumer, access);
    expect((await refusalOf(await fetch(resource(), { headers: foreign.headers }))).problem).toBe(
      'token_rejected',
    );

    const pending = await requestToken({ baseUrl: base, consumer, signer: s });
    const asResource = s.sign({ method: 'GET', url: resource() }, consumer, pending);
    const refused = await refusalOf(await fetch(resource(), { headers: asResource.headers }));
    expect([refused.status, refused.problem]).toEqual([401, 'token_rejected']);

    const accessAsRequest = accessToken({
      baseUrl: base,
      consumer,
      signer: s,
      requestToken: access,
      verifier: 'X',
    });
    await expect(accessAsRequest).rejects.toMatchObject({ problem: 'token_rejected' });
  });

  it('refuses a revoked access token, one by one or all of a user', async () => {
    const first = await pinFlow();
    const second = await pinFlow();
    const call = async (token: OAuthToken): Promise<Refusal> => {
      const signed = signer().sign({ method: 'GET', url: resource() }, consumer, token);
      return refusalOf(await fetch(resource(), { headers: signed.headers }));
    };
    expect(server.provider.revokeAccessToken(first.token)).toBe(true);
    expect(await call(first)).toMatchObject({ status: 401, problem: 'token_revoked' });
    expect((await call(second)).status).toBe(200);
    expect(server.provider.revokeAllForUser('user-7')).toBeGreaterThanOrEqual(1);
    expect(await call(second)).toMatchObject({ status: 401, problem: 'token_revoked' });
    expect(server.provider.revokeAccessToken('never-issued')).toBe(false);
    access = await pinFlow();
  });

  it('tells a revoked token apart only to a request signed with its secret', async () => {
    const revoked = await pinFlow();
    server.provider.revokeAccessToken(revoked.token);
    const call = async (token: OAuthToken, secret = consumer.secret): Promise<Refusal> => {
      const signed = signer().sign({ method: 'GET', url: resource() }, { ...consumer, secret }, token);
      return refusalOf(await fetch(resource(), { headers: signed.headers }));
    };
    expect(await call(revoked)).toMatchObject({ status: 401, problem: 'token_revoked' });
    // Without the token's secret (or with a wrong consumer secret) a revoked, a live and an unknown token
    // get the very same answer.
    const live = await call({ token: access.token, secret: 'guess' });
    const gone = await call({ token: revoked.token, secret: 'guess' });
    const unknown = await call({ token: 'never-issued', secret: 'guess' });
    const wrongConsumerSecret = await call(revoked, 'not the secret');
    for (const refused of [live, gone, unknown, wrongConsumerSecret]) {
      expect([refused.status, refused.problem, refused.advice, refused.challenge]).toEqual([
        unknown.status,
        'token_rejected',
        unknown.advice,
        unknown.challenge,
      ]);
    }
  });

  it('refuses a wrong verifier, a used one, and an unapproved request', async () => {
    const s = signer();
    const request = await requestToken({ baseUrl: base, consumer, signer: s });
    const options = { baseUrl: base, consumer, signer: s, requestToken: request };
    await expect(accessToken({ ...options, verifier: 'ZZZZZZZZ' })).rejects.toMatchObject({
      httpStatus: 401,
      problem: 'verifier_invalid',
    });
    const verifier = await approve(request.token);
    await expect(accessToken({ ...options, verifier: 'ZZZZZZZZ' })).rejects.toMatchObject({
      problem: 'verifier_invalid',
    });
    await expect(accessToken({ ...options, verifier })).resolves.toMatchObject({ userId: 'user-7' });
    await expect(accessToken({ ...options, verifier })).rejects.toMatchObject({
      problem: 'verifier_invalid',
    });
  });

  it('refuses an expired request token', async () => {
    const s = signer();
    const request = await requestToken({ baseUrl: base, consumer, signer: s });
    const verifier = await approve(request.token);
    now += 10 * 60_000 + 1_000;
    try {
      await expect(
        accessToken({ baseUrl: base, consumer, signer: s, requestToken: request, verifier }),
      ).rejects.toMatchObject({ problem: 'token_expired' });
    } finally {
      now -= 10 * 60_000 + 1_000;
    }
  });

  it('refuses callbacks that are neither oob nor a safe absolute URL', async () => {
    for (const callback of ['javascript:alert(1)', '/relative', 'OOB']) {
      const signed = signer().sign(
        { method: 'GET', url: `${base}/oauth/request_token` },
        consumer,
        undefined,
        {
          oauth_callback: callback,
        },
      );
      const refused = await refusalOf(await fetch(signed.url, { headers: signed.headers }));
      expect([refused.status, refused.problem]).toEqual([400, 'parameter_rejected']);
    }
  });
});

describe('interoperability', () => {
  it('accepts a request signed by the oauth-1.0a package used in its documented way', async () => {
    const access = await pinFlow();
    const oauth = new OAuth({
      consumer: { key: consumer.key, secret: consumer.secret },
      signature_method: 'HMAC-SHA1',
      hash_function: (baseString, key) => createHmac('sha1', key).update(baseString).digest('base64'),
    });
    const request = { url: `${base}/devices?folder=12&status=online`, method: 'GET' };
    // The package reads the wall clock; the provider's clock is set to match for this request.
    const saved = now;
    now = Date.now();
    try {
      const header = oauth.toHeader(oauth.authorize(request, { key: access.token, secret: access.secret }));
      const response = await fetch(request.url, { headers: { ...header } });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ userId: 'user-7' });
    } finally {
      now = saved;
    }
  });
});

describe('persistence', () => {
  it('restores consumers and tokens from a snapshot, revocations included', async () => {
    const kept = await pinFlow();
    const revoked = await pinFlow();
    server.provider.revokeAccessToken(revoked.token);
    const snapshot = JSON.parse(JSON.stringify(server.provider.snapshot())) as unknown;

    const restored = new OAuthProvider({ consumers: [], clock, authenticateUser });
    restored.restore(snapshot);
    const verify = (token: OAuthToken) => {
      const url = `${base}/devices`;
      const signed = signer().sign({ method: 'GET', url }, consumer, token);
      return restored.verify({ method: 'GET', url, headers: signed.headers }, 'resource');
    };
    expect(verify(kept)).toMatchObject({ ok: true, userId: 'user-7', consumerKey: consumer.key });
    expect(verify(revoked)).toMatchObject({ ok: false, status: 401, problem: 'token_revoked' });
  });

  it('refuses a malformed snapshot without losing its state', () => {
    const provider = new OAuthProvider({ consumers: [{ ...consumer, name: 'x' }], clock, authenticateUser });
    expect(() =>
      provider.restore({ version: 1, consumers: [{ key: 'k' }], requestTokens: [], accessTokens: [] }),
    ).toThrow(/consumers\.0/);
    expect(provider.snapshot().consumers).toHaveLength(1);
  });
});
