// Issue 15: the provider decides on a signature through the constant-time comparison (replacing it with
// `===` passed every other test). The comparison is observed: it is called with the expected and the
// given signature, and its answer — not another comparison — is what the verdict follows.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import { constantTimeEqual } from '../../../shared/oauth/compare.js';
import type * as CompareModule from '../../../shared/oauth/compare.js';
import { parseAuthorizationHeader } from '../../../shared/oauth/header.js';
import { createRequestSigner } from '../../../shared/oauth/signer.js';
import { OAuthProvider } from '../../../service/oauth/index.js';

vi.mock('../../../shared/oauth/compare.js', async (importOriginal) => {
  const actual = await importOriginal<typeof CompareModule>();
  return { constantTimeEqual: vi.fn(actual.constantTimeEqual) };
});

const compare = vi.mocked(constantTimeEqual);
const consumer = { key: 'ct-key', secret: 'ct-secret' };
let now = 1_750_000_000_000;
const provider = new OAuthProvider({
  consumers: [{ ...consumer, name: 'CT' }],
  clock: () => now,
  authenticateUser: () => null,
});
const signer = createRequestSigner({ hmacSha1: nodeHmacSha1, clock: () => now });

function requestTokenRequest(consumerSecret = consumer.secret) {
  now += 1000;
  const signed = signer.sign(
    { method: 'GET', url: 'http://127.0.0.1:9/oauth/request_token' },
    { ...consumer, secret: consumerSecret },
    undefined,
    { oauth_callback: 'oob' },
  );
  const header = parseAuthorizationHeader(signed.headers.Authorization as string);
  const signature = header?.parameters.find(([name]) => name === 'oauth_signature')?.[1] as string;
  return { request: { method: 'GET', url: signed.url, headers: signed.headers }, signature };
}

beforeEach(() => compare.mockClear());

describe('signature comparison', () => {
  it('is made by constantTimeEqual with the expected and the given signature', () => {
    const { request, signature } = requestTokenRequest();
    expect(provider.verify(request, 'request_token').ok).toBe(true);
    expect(compare).toHaveBeenCalledTimes(1);
    expect(compare.mock.calls[0]?.[1]).toBe(signature);
    expect(compare.mock.calls[0]?.[0]).toBe(signature);
  });

  it('its answer is the verdict: a wrong signature it calls equal passes, a right one it calls different fails', () => {
    compare.mockReturnValueOnce(true);
    expect(provider.verify(requestTokenRequest('wrong secret').request, 'request_token').ok).toBe(true);
    compare.mockReturnValueOnce(false);
    const refused = provider.verify(requestTokenRequest().request, 'request_token');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problem).toBe('signature_invalid');
  });
});
