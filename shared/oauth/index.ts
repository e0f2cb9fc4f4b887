// OAuth 1.0a for both ends: the client's signer and PIN flow, and the protocol helpers the stand-in
// service's provider reuses. HMAC-SHA1 comes in through the HmacSha1 port (types.ts).
export type * from './types.js';
export { createRequestSigner, type RequestSignerOptions } from './signer.js';
export {
  accessToken,
  authorizeUrl,
  requestToken,
  OAuthFlowError,
  type AccessTokenOptions,
  type AccessTokenResult,
  type OAuthFlowErrorKind,
  type OAuthFlowStep,
  type TokenFlowOptions,
} from './flow.js';
export { OAUTH_PROBLEMS, OAuthProtocolError, isOAuthProblem, type OAuthProblem } from './problems.js';
export { formDecode, formEncode, parseFormEncoded, percentDecode, percentEncode } from './encoding.js';
export {
  collectRequestParameters,
  hmacSha1Signature,
  normaliseBaseUri,
  normaliseParameters,
  signatureBaseString,
  type ParameterList,
  type RequestParameterSources,
} from './signature.js';
export {
  buildAuthorizationHeader,
  parseAuthorizationHeader,
  type ParsedAuthorizationHeader,
} from './header.js';
export { constantTimeEqual } from './compare.js';
export { createNonce } from './nonce.js';
