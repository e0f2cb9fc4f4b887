// The request-token bucket refills to its burst and no further: after an idle hour the application may
// start exactly `burst` sign-ins at once, then hears 429 again. Driven through the provider on a clock the
// test moves, and on the limiter alone.
import { expect, it } from 'vitest';
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { createRequestSigner } from '../../../shared/oauth/signer.js';
import { OAuthProvider } from '../../../service/oauth/index.js';
import { RateLimiter } from '../../../service/oauth/rate-limit.js';

const consumer = { key: 'refill-key', secret: 'refill-secret' };
const HOUR = 3_600_000;

/** How many are granted in a row before the first refusal. */
function grantedInARow(take: () => boolean, limit = 1_000): number {
  let n = 0;
  while (n < limit && take()) n += 1;
  return n;
}

it('after an idle hour the provider grants exactly the burst of request tokens, then answers 429', () => {
  let now = 1_750_000_000_000;
  const burst = 5;
  const provider = new OAuthProvider({
    consumers: [{ ...consumer, name: 'Refill' }],
    clock: () => now,
    authenticateUser: () => null,
    requestTokenLimit: { burst, perMinute: 6 },
  });
  const signer = createRequestSigner({ hmacSha1: nodeHmacSha1, clock: () => now });
  const requestToken = (): number => {
    const signed = signer.sign(
      { method: 'GET', url: 'http://127.0.0.1:9/oauth/request_token' },
      consumer,
      undefined,
      { oauth_callback: 'oob' },
    );
    return provider.handleRequestToken({ method: 'GET', url: signed.url, headers: signed.headers }).status;
  };

  expect(grantedInARow(() => requestToken() === 200)).toBe(burst);
  expect(requestToken()).toBe(429);
  now += HOUR;
  expect(grantedInARow(() => requestToken() === 200)).toBe(burst);
  expect(requestToken()).toBe(429);
});

it('the limiter alone: an hour of refill tops the bucket up to the burst, not past it', () => {
  const limiter = new RateLimiter({ burst: 30, perMinute: 30 });
  let now = 0;
  expect(grantedInARow(() => limiter.take('app', now) === 0)).toBe(30);
  now += HOUR;
  expect(grantedInARow(() => limiter.take('app', now) === 0)).toBe(30);
  // Another application has its own bucket, full from the start.
  expect(grantedInARow(() => limiter.take('other', now) === 0)).toBe(30);
});
