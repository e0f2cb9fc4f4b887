// What the rest of the stand-in service uses from its OAuth provider.
export { OAuthProvider, type OAuthProviderOptions, type VerifyKind, type VerifyResult } from './provider.js';
export type { ProviderRequest, ProviderResponse } from './http-types.js';
export { refusalResponse, type OAuthRefusal } from './refusal.js';
export type { AccessTokenRecord, ConsumerRecord, ProviderSnapshot, RequestTokenRecord } from './snapshot.js';
export { serviceHmacSha1 } from './node-hmac.js';
export { NonceStore, DEFAULT_MAX_NONCES, type NonceStoreOptions } from './nonce-store.js';
export { DEFAULT_REQUEST_TOKEN_LIMIT, type RateLimit } from './rate-limit.js';
