// The test's own signed view of the service: a second ServiceClient (shared/client), signed in through
// the same PIN flow the technician uses, so assertions read what the SERVICE holds — not what the app
// believes it holds.

import { nodeHmacSha1 } from '../../../electron/platform/node-crypto.js';
import type { ServiceApi } from '../../../shared/client/api.js';
import { ServiceClient } from '../../../shared/client/service-client.js';
import { accessToken, authorizeUrl, createRequestSigner, requestToken } from '../../../shared/oauth/index.js';
import { approveOnAuthorizePage, DEMO } from './console-app.js';

export async function serviceView(baseUrl: string): Promise<ServiceApi> {
  const signer = createRequestSigner({ hmacSha1: nodeHmacSha1 });
  const consumer = { key: DEMO.consumerKey, secret: DEMO.consumerSecret };
  const request = await requestToken({ baseUrl, consumer, signer });
  const verifier = await approveOnAuthorizePage(authorizeUrl(baseUrl, request), DEMO.email, DEMO.password);
  const token = await accessToken({ baseUrl, consumer, signer, requestToken: request, verifier });
  return new ServiceClient({
    baseUrl,
    consumer,
    signer,
    token: { token: token.token, secret: token.secret },
  });
}
