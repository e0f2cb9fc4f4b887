// What the HTTP layer needs from the OAuth provider (service/oauth): verify a resource call and answer the
// three token endpoints. server.ts adapts the provider to this, so the HTTP layer does not depend on the
// provider's internals.
import type { ProviderRequest, ProviderResponse } from '../oauth/http-types.js';

export type OAuthEndpoint = 'request_token' | 'authorize' | 'access_token';

export type ResourceVerdict = { ok: true; userId: string } | { ok: false; response: ProviderResponse };

export interface OAuthGate {
  verifyResource(request: ProviderRequest): ResourceVerdict | Promise<ResourceVerdict>;
  handle(endpoint: OAuthEndpoint, request: ProviderRequest): ProviderResponse | Promise<ProviderResponse>;
  /** Revokes an access token; false when it was not known. */
  revokeAccessToken(token: string): boolean | Promise<boolean>;
}
