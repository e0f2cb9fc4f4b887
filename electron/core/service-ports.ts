// What the core needs from the OAuth token flow and the service client, as ports: the real ones come from
// shared/oauth and shared/client (default-ports.ts); tests may hand in others.

import type { OAuthCredentials, ServiceApi } from '../../shared/client/api.js';
import type { OAuthConsumer, OAuthToken } from '../../shared/oauth/types.js';

export interface TokenFlow {
  /** Step 1 with `oauth_callback=oob` (PIN mode). */
  requestToken(
    baseUrl: string,
    consumer: OAuthConsumer,
    options?: { signal?: AbortSignal },
  ): Promise<OAuthToken>;
  /** Step 2: the page the technician opens to authorize and read the PIN. */
  authorizeUrl(baseUrl: string, requestToken: string): string;
  /** Step 3: the PIN is the verifier. */
  accessToken(
    baseUrl: string,
    consumer: OAuthConsumer,
    requestToken: OAuthToken,
    verifier: string,
    options?: { signal?: AbortSignal },
  ): Promise<OAuthToken>;
}

export interface ClientConfig {
  baseUrl: string;
  credentials: OAuthCredentials;
  fetch?: typeof fetch;
}

export interface ServicePorts {
  tokenFlow: TokenFlow;
  createClient(config: ClientConfig): ServiceApi;
}
