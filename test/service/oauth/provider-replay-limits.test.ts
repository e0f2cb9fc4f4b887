// Issue 15: replay protection keyed on the request's own oauth_timestamp and bounded by the window, a
// full replay memory answered 503 (never forgotten early), request tokens limited per application with a
// 429 and Retry-After, and the client's one-sentence explanation of that 429. The provider is driven
// directly, on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { serviceErrorFromResponse, tooManyRequestsMessage } from '../../../shared/client/errors.js';
import { formEncode, parseFormEncoded } from '../../../shared/oauth/encoding.js';
import { createRequestSigner } from '../../../shared/oauth/signer.js';
import type { OAuthToken } from '../../../shared/oauth/types.js';
import { NonceStore, OAuthProvider, type OAuthProviderOptions } from '../../../service/oauth/index.js';

const consumer = { key: 'limits-key', secret: 'limits-secret' };
const BASE = 'http://127.0.0.1:9';

function setUp(extra: Partial<OAuthProviderOptions> = {}) {
  let now = 1_750_000_000_000;
  const clock = (): number => now;
  const provider = new OAuthProvider({
    consumers: [{ ...consumer, name: 'Limits' }],
    clock,
    authenticateUser: (email, password) => (email === 'a@example.com' && password === 'pw' ? 'u1' : null),
    ...extra,
  });
  const signer = createRequestSigner({ hmacSha1: nodeHmacSha1, clock });
  const sign = (path: string, token?: OAuthToken, extraParams?: Record<string, string>, skewMs = 0) => {
    const signed = (
      skewMs === 0 ? signer : createRequestSigner({ hmacSha1: nodeHmacSha1, clock: () => now + skewMs })
    ).sign({ method: 'GET', url: `${BASE}${path}` }, consumer, token, extraParams);
    return { method: 'GET', url: signed.url, headers: signed.headers };
  };
  const requestToken = () =>
    provider.handleRequestToken(sign('/oauth/request_token', undefined, { oauth_callback: 'oob' }));
  const signIn = (): OAuthToken => {
    const answer = requestToken();
    const fields = new Map(parseFormEncoded(answer.body));
    const request = {
      token: fields.get('oauth_token') as string,
      secret: fields.get('oauth_token_secret') as string,
    };
    const page = provider.handleAuthorizePost(
      `${BASE}/oauth/authorize`,
      formEncode([
        ['oauth_token', request.token],
        ['email', 'a@example.com'],
        ['password', 'pw'],
        ['decision', 'approve'],
      ]),
    );
    const verifier = /id="oauth-verifier">([^<]+)</.exec(page.body)?.[1] as string;
    const access = new Map(
      parseFormEncoded(
        provider.handleAccessToken(sign('/oauth/access_token', request, { oauth_verifier: verifier })).body,
      ),
    );
    return { token: access.get('oauth_token') as string, secret: access.get('oauth_token_secret') as string };
  };
  return { provider, sign, requestToken, signIn, advance: (ms: number) => (now += ms), now: () => now };
}

describe('replays', () => {
  it('an accepted request replayed a few seconds later is still refused (nonce_used)', () => {
    const t = setUp();
    const access = t.signIn();
    const captured = t.sign('/users/current.xml', access);
    expect(t.provider.verify(captured, 'resource').ok).toBe(true);
    for (const seconds of [1, 5, 30, 500]) {
      t.advance(seconds * 1000);
      const replay = t.provider.verify(captured, 'resource');
      expect(replay.ok, `${seconds} s more`).toBe(false);
      if (!replay.ok) expect(replay.problem).toBe('nonce_used');
    }
  });

  it('a request stamped by a clock a few seconds off is remembered under its own timestamp', () => {
    const t = setUp();
    const access = t.signIn();
    for (const skewMs of [-7_000, 4_000]) {
      const captured = t.sign('/users/current.xml', access, undefined, skewMs);
      expect(t.provider.verify(captured, 'resource').ok).toBe(true);
      t.advance(3_000);
      const replay = t.provider.verify(captured, 'resource');
      expect(replay.ok ? 'accepted' : replay.problem, `skew ${skewMs} ms`).toBe('nonce_used');
    }
  });

  it('the memory holds a nonce exactly while its own timestamp is inside the window', () => {
    const store = new NonceStore({ windowSeconds: 600 });
    store.add('c', 't', 1000, 'n1', 1000);
    store.add('c', 't', 1300, 'n2', 1000);
    expect(store.has('c', 't', 1000, 'n1')).toBe(true);
    // Keyed on the request's timestamp: the same nonce with another timestamp is another request.
    expect(store.has('c', 't', 1001, 'n1')).toBe(false);
    store.prune(1600);
    expect(store.size).toBe(2);
    store.prune(1601);
    expect([store.size, store.has('c', 't', 1000, 'n1'), store.has('c', 't', 1300, 'n2')]).toEqual([
      1,
      false,
      true,
    ]);
    store.prune(1901);
    expect(store.size).toBe(0);
  });

  it('a full replay memory refuses new requests with 503 and Retry-After instead of forgetting', () => {
    const t = setUp({ nonceStore: new NonceStore({ windowSeconds: 600, maxEntries: 3 }) });
    const access = t.signIn(); // request token + access token: two entries
    expect(t.provider.verify(t.sign('/users/current.xml', access), 'resource').ok).toBe(true);
    const refused = t.provider.verify(t.sign('/users/current.xml', access), 'resource');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.response.status).toBe(503);
    expect(Number(refused.response.headers['Retry-After'])).toBeGreaterThanOrEqual(600);
    expect(refused.response.headers['WWW-Authenticate']).toBeUndefined();
    t.advance(601_000);
    expect(t.provider.verify(t.sign('/users/current.xml', access), 'resource').ok).toBe(true);
  });
});

describe('request tokens per application', () => {
  it('past the burst: 429 with Retry-After, and tokens again once the wait is over', () => {
    const t = setUp({ requestTokenLimit: { burst: 3, perMinute: 2 } });
    for (let i = 0; i < 3; i++) expect(t.requestToken().status).toBe(200);
    const limited = t.requestToken();
    expect(limited.status).toBe(429);
    expect(limited.headers['Retry-After']).toBe('30');
    expect(new Map(parseFormEncoded(limited.body)).get('oauth_problem_advice')).toMatch(
      /try again in 30 seconds/,
    );
    t.advance(29_000);
    expect(t.requestToken().status).toBe(429);
    t.advance(1_000);
    expect(t.requestToken().status).toBe(200);
  });

  it('the default limit holds a room of sign-ins but not a flood', () => {
    const t = setUp();
    const statuses = Array.from({ length: 40 }, () => t.requestToken().status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });

  it('the client explains a 429 in one sentence, with the wait the service asked for', () => {
    const error = serviceErrorFromResponse({ status: 429, body: '', retryAfter: '30', method: 'GET' });
    expect(error.message).toBe('The service is limiting requests right now; try again in 30 seconds.');
    expect(tooManyRequestsMessage('Sun, 22 Nov 2026 10:05:00 GMT', Date.parse('2026-11-22T10:00:00Z'))).toBe(
      'The service is limiting requests right now; try again in 5 minutes.',
    );
    expect(tooManyRequestsMessage(undefined)).toBe('The service is busy. Try again in a moment.');
  });
});
