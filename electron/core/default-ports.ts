// The real token flow (shared/oauth) and service client (shared/client), signed with Node's HMAC-SHA1 and
// sent over the same socket code as the devices poll (wire-fetch.ts), unless a test hands its own fetch.

import { ServiceClient } from '../../shared/client/service-client.js';
import { accessToken, authorizeUrl, createRequestSigner, requestToken } from '../../shared/oauth/index.js';
import { nodeHmacSha1 } from '../platform/node-crypto.js';
import type { ServicePorts } from './service-ports.js';
import { serviceFetch } from './wire-fetch.js';

export function defaultServicePorts(
  options: { fetch?: typeof fetch; now?: () => number } = {},
): ServicePorts {
  // The signer's timestamps follow the core's clock, so a test clock and the signatures agree.
  const signer = createRequestSigner({
    hmacSha1: nodeHmacSha1,
    ...(options.now ? { clock: options.now } : {}),
  });
  const fetchOption = { fetch: options.fetch ?? serviceFetch };
  return {
    tokenFlow: {
      requestToken: (baseUrl, consumer, o) =>
        requestToken({
          baseUrl,
          consumer,
          signer,
          ...fetchOption,
          ...(o?.signal ? { signal: o.signal } : {}),
        }),
      authorizeUrl: (baseUrl, token) => authorizeUrl(baseUrl, token),
      accessToken: async (baseUrl, consumer, token, verifier, o) => {
        const result = await accessToken({
          baseUrl,
          consumer,
          signer,
          requestToken: token,
          verifier,
          ...fetchOption,
          ...(o?.signal ? { signal: o.signal } : {}),
        });
        return { token: result.token, secret: result.secret };
      },
    },
    createClient: (config) =>
      new ServiceClient({
        baseUrl: config.baseUrl,
        consumer: { key: config.credentials.consumerKey, secret: config.credentials.consumerSecret },
        ...(config.credentials.token !== undefined && config.credentials.tokenSecret !== undefined
          ? { token: { token: config.credentials.token, secret: config.credentials.tokenSecret } }
          : {}),
        signer,
        fetch: config.fetch ?? fetchOption.fetch,
      }),
  };
}
