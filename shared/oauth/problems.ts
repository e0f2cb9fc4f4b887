// The vocabulary both ends use when a request is refused. The names are those of the OAuth Problem
// Reporting extension (oauth.pbworks.com/ProblemReporting), which python oauthlib, the Ruby oauth gem and
// most 1.0a providers send in `oauth_problem`; keeping the provider and the client on the same list is
// what lets the client turn `timestamp_refused` into "your clock is off" instead of "access denied".

export const OAUTH_PROBLEMS = [
  'parameter_absent',
  'parameter_rejected',
  'signature_method_rejected',
  'version_rejected',
  'timestamp_refused',
  'nonce_used',
  'consumer_key_unknown',
  'consumer_key_rejected',
  'token_rejected',
  'token_revoked',
  'token_expired',
  'token_used',
  'signature_invalid',
  'verifier_invalid',
  'user_refused',
  'permission_denied',
] as const;

export type OAuthProblem = (typeof OAUTH_PROBLEMS)[number];

export function isOAuthProblem(value: string): value is OAuthProblem {
  return (OAUTH_PROBLEMS as readonly string[]).includes(value);
}

/**
 * A request that does not follow the protocol (malformed header, undecodable percent-escape, a parameter
 * given twice). Thrown by the parsing helpers; the provider turns it into a 400 with this problem, the
 * signer into a refusal to sign. `message` names the parameter, never its value: values may be secrets.
 */
export class OAuthProtocolError extends Error {
  override readonly name = 'OAuthProtocolError';
  constructor(
    readonly problem: OAuthProblem,
    message: string,
  ) {
    super(message);
  }
}
