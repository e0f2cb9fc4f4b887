// The client's PIN flow (shared/oauth/flow.ts) over real loopback HTTP: against the stand-in provider, and
// against a scripted server for the answers a provider should never give.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { accessToken, authorizeUrl, OAuthFlowError, requestToken } from '../../../shared/oauth/flow.js';
import { formEncode } from '../../../shared/oauth/encoding.js';
import { parseAuthorizationHeader } from '../../../shared/oauth/header.js';
import { createRequestSigner } from '../../../shared/oauth/signer.js';
import { startOAuthServer, type OAuthTestServer } from '../../service/support/oauth-harness.js';

const consumer = { key: 'console-key', secret: 'console-secret-value' };
const signer = createRequestSigner({ hmacSha1: nodeHmacSha1 });

async function caught(promise: Promise<unknown>): Promise<OAuthFlowError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof OAuthFlowError)) throw new Error(`expected an OAuthFlowError, got ${String(error)}`);
  return error;
}

describe('against the stand-in provider', () => {
  let provider: OAuthTestServer;
  beforeAll(async () => {
    provider = await startOAuthServer({
      consumers: [{ ...consumer, name: 'Support Console' }],
      clock: Date.now,
      authenticateUser: (email, password) => (email === 'a@b.example' && password === 'pw' ? '42' : null),
    });
  });
  afterAll(() => provider.close());

  async function approve(token: string): Promise<string> {
    const page = await fetch(`${provider.baseUrl}/oauth/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formEncode([
        ['oauth_token', token],
        ['email', 'a@b.example'],
        ['password', 'pw'],
        ['decision', 'approve'],
      ]),
    });
    return /id="oauth-verifier">([^<]+)</.exec(await page.text())?.[1] ?? '';
  }

  it.each(['header', 'query'] as const)('completes the flow with %s transport', async (transport) => {
    const s = createRequestSigner({ hmacSha1: nodeHmacSha1, transport });
    const request = await requestToken({ baseUrl: `${provider.baseUrl}/`, consumer, signer: s });
    expect(request.token).not.toBe('');
    expect(request.secret).not.toBe('');
    const verifier = await approve(request.token);
    const access = await accessToken({
      baseUrl: provider.baseUrl,
      consumer,
      signer: s,
      requestToken: request,
      verifier: `\n ${verifier}\t`,
    });
    expect(access.userId).toBe('42');
    const signed = s.sign({ method: 'GET', url: `${provider.baseUrl}/users/current` }, consumer, access);
    expect((await fetch(signed.url, { headers: signed.headers })).status).toBe(200);
  });

  it("reports a clock the service refuses as clock skew, with the service's advice", async () => {
    const skewed = createRequestSigner({ hmacSha1: nodeHmacSha1, clock: () => Date.now() - 3_600_000 });
    const error = await caught(requestToken({ baseUrl: provider.baseUrl, consumer, signer: skewed }));
    expect(error.kind).toBe('clock-skew');
    expect(error.problem).toBe('timestamp_refused');
    expect(error.httpStatus).toBe(401);
    expect(error.advice).toMatch(/behind the service's clock/);
    expect(error.message).toMatch(/clock/);
    expect(error.toAppError()).toMatchObject({ kind: 'clock-skew', resource: 'oauth', httpStatus: 401 });
  });

  it('reports a wrong consumer secret in words, without the secret', async () => {
    const wrong = { key: consumer.key, secret: 'not-the-secret-xyz' };
    const error = await caught(requestToken({ baseUrl: provider.baseUrl, consumer: wrong, signer }));
    expect(error).toMatchObject({ kind: 'refused', problem: 'signature_invalid', httpStatus: 401 });
    expect(error.message).toMatch(/consumer secret/);
    expect(JSON.stringify(error.toAppError())).not.toContain('not-the-secret-xyz');
    expect(error.toAppError().kind).toBe('not-signed-in');
  });

  it('reports an unknown consumer key', async () => {
    const error = await caught(
      requestToken({ baseUrl: provider.baseUrl, consumer: { key: 'x', secret: 'y' }, signer }),
    );
    expect(error.problem).toBe('consumer_key_unknown');
    expect(error.message).toMatch(/consumer key/);
  });
});

describe('against a scripted server', () => {
  let server: Server;
  let base: string;
  let answer: (req: IncomingMessage, res: ServerResponse) => void;
  const seen: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The never-answered requests of the cancellation tests hold their sockets open.
        server.closeAllConnections();
      }),
  );
  beforeEach(() => {
    seen.length = 0;
  });

  const form = (body: string) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded' }).end(body);
  };

  it('asks for an oob request token with a signed GET under the base path', async () => {
    answer = form('oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=true');
    await expect(requestToken({ baseUrl: base, consumer, signer })).resolves.toEqual({
      token: 'rt',
      secret: 'rs',
    });
    const [req] = seen;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/api/oauth/request_token');
    const header = new Map(parseAuthorizationHeader(req?.headers.authorization ?? '')?.parameters);
    expect(header.get('oauth_callback')).toBe('oob');
    expect(header.get('oauth_consumer_key')).toBe(consumer.key);
    expect(header.has('oauth_token')).toBe(false);
  });

  it.each([
    ['missing', 'oauth_token=rt&oauth_token_secret=rs'],
    ['false', 'oauth_token=rt&oauth_token_secret=rs&oauth_callback_confirmed=false'],
  ])('refuses a request token whose callback confirmation is %s', async (_what, body) => {
    answer = form(body);
    const error = await caught(requestToken({ baseUrl: base, consumer, signer }));
    expect(error.kind).toBe('malformed-response');
    expect(error.message).toMatch(/oauth_callback_confirmed/);
  });

  it.each([
    ['a missing secret', 'oauth_token=rt&oauth_callback_confirmed=true', /oauth_token_secret is missing/],
    [
      'an empty token',
      'oauth_token=&oauth_token_secret=rs&oauth_callback_confirmed=true',
      /oauth_token is missing/,
    ],
    [
      'a duplicated field',
      'oauth_token=a&oauth_token=b&oauth_token_secret=s&oauth_callback_confirmed=true',
      /more than once/,
    ],
    ['an HTML page', '<html>%zz</html>', /not form-encoded/],
  ])('refuses a token response with %s', async (_what, body, message) => {
    answer = form(body);
    const error = await caught(requestToken({ baseUrl: base, consumer, signer }));
    expect(error.kind).toBe('malformed-response');
    expect(error.message).toMatch(message);
  });

  it('reads oauth_problem from WWW-Authenticate when the body has none', async () => {
    answer = (_req, res) => {
      res
        .writeHead(401, { 'WWW-Authenticate': 'OAuth realm="x", oauth_problem="token_expired"' })
        .end('nope');
    };
    const error = await caught(
      accessToken({
        baseUrl: base,
        consumer,
        signer,
        requestToken: { token: 't', secret: 's' },
        verifier: 'v',
      }),
    );
    expect(error).toMatchObject({
      step: 'access_token',
      kind: 'refused',
      problem: 'token_expired',
      httpStatus: 401,
    });
    expect(error.message).toMatch(/expired/);
  });

  it('sends the trimmed verifier with the request token and reads the access token', async () => {
    answer = form('oauth_token=at&oauth_token_secret=as');
    const result = await accessToken({
      baseUrl: base,
      consumer,
      signer,
      requestToken: { token: 'rt', secret: 'rs' },
      verifier: ' 1234 \r\n',
    });
    expect(result).toEqual({ token: 'at', secret: 'as' });
    const header = new Map(parseAuthorizationHeader(seen[0]?.headers.authorization ?? '')?.parameters);
    expect(header.get('oauth_verifier')).toBe('1234');
    expect(header.get('oauth_token')).toBe('rt');
    expect(seen[0]?.url).toBe('/api/oauth/access_token');
  });

  it('refuses an empty verifier without calling the service', async () => {
    answer = form('oauth_token=at&oauth_token_secret=as');
    const error = await caught(
      accessToken({
        baseUrl: base,
        consumer,
        signer,
        requestToken: { token: 'rt', secret: 'rs' },
        verifier: ' \n ',
      }),
    );
    expect(error.kind).toBe('validation');
    expect(seen).toHaveLength(0);
  });

  it('reports cancellation and unreachable services as such', async () => {
    answer = () => {
      // Never answers: the call below is cancelled.
    };
    const controller = new AbortController();
    const pending = requestToken({ baseUrl: base, consumer, signer, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await caught(pending)).kind).toBe('cancelled');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await caught(requestToken({ baseUrl: `http://127.0.0.1:${port}`, consumer, signer }));
    expect(error.kind).toBe('network');
    expect(error.toAppError()).toMatchObject({ kind: 'network', retryable: true });
  });

  it('reports a silent service as a timeout', async () => {
    answer = () => {
      // Never answers.
    };
    const error = await caught(requestToken({ baseUrl: base, consumer, signer, timeoutMs: 50 }));
    expect(error.kind).toBe('timeout');
  });
});

describe('authorizeUrl', () => {
  it('points at {base}/oauth/authorize with the token encoded', () => {
    expect(authorizeUrl('https://support.example.com/api/', { token: 'a+b/c=', secret: 's' })).toBe(
      'https://support.example.com/api/oauth/authorize?oauth_token=a%2Bb%2Fc%3D',
    );
    expect(authorizeUrl('http://127.0.0.1:8080', 'tok')).toBe(
      'http://127.0.0.1:8080/oauth/authorize?oauth_token=tok',
    );
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => authorizeUrl('file:///etc', 't')).toThrow(OAuthFlowError);
    expect(() => authorizeUrl('not a url', 't')).toThrow(/not a valid URL/);
  });
});
