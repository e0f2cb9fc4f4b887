// How the provider says no. Choice (the spec leaves the error format of failed authentication "not
// shown"): the OAuth Problem Reporting convention that python oauthlib, the Ruby oauth gem and most 1.0a
// providers follow:
//   status 400 (malformed or unsupported request) or 401 (credentials refused),
//   WWW-Authenticate: OAuth realm="<base url>", oauth_problem="<problem>"
//   body (application/x-www-form-urlencoded): oauth_problem=<problem>&oauth_problem_advice=<sentence>
//   plus the convention's hints where they help: oauth_parameters_absent, oauth_acceptable_timestamps,
//   oauth_acceptable_versions.
// The client reads `oauth_problem` from either place (e.g. timestamp_refused → "this computer's clock is
// off"). Advice names parameters and ranges, never a value the client sent: values may be secrets.
import { formEncode } from '../../shared/oauth/encoding.js';
import type { OAuthProblem } from '../../shared/oauth/problems.js';
import type { ProviderResponse } from './http-types.js';

export interface OAuthRefusal {
  ok: false;
  /** 429 and 503 are limits, not refusals of the credentials: they name no oauth_problem. */
  status: 400 | 401 | 429 | 503;
  problem?: OAuthProblem;
  advice: string;
  /** Extra convention fields for the body (e.g. oauth_acceptable_timestamps). */
  details?: ReadonlyArray<readonly [string, string]>;
  /** Sent as Retry-After (429, 503). */
  retryAfterSeconds?: number;
}

/**
 * A limit reached (429: too many request tokens for this application; 503: the service's replay memory is
 * full): no WWW-Authenticate, since the credentials are fine, and a Retry-After in whole seconds.
 */
export function limitReached(status: 429 | 503, retryAfterSeconds: number, advice: string): OAuthRefusal {
  return { ok: false, status, advice, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) };
}

export function refusal(
  status: 400 | 401,
  problem: OAuthProblem,
  advice: string,
  details?: ReadonlyArray<readonly [string, string]>,
): OAuthRefusal {
  return details ? { ok: false, status, problem, advice, details } : { ok: false, status, problem, advice };
}

export function refusalResponse(realm: string, refused: OAuthRefusal): ProviderResponse {
  const quotedRealm = realm.replace(/["\\\p{Cc}]/gu, '');
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
    'Cache-Control': 'no-store',
  };
  if (refused.problem !== undefined)
    headers['WWW-Authenticate'] = `OAuth realm="${quotedRealm}", oauth_problem="${refused.problem}"`;
  if (refused.retryAfterSeconds !== undefined) headers['Retry-After'] = String(refused.retryAfterSeconds);
  return {
    status: refused.status,
    headers,
    body: formEncode([
      ...(refused.problem !== undefined ? ([['oauth_problem', refused.problem]] as const) : []),
      ['oauth_problem_advice', refused.advice],
      ...(refused.details ?? []),
    ]),
  };
}

export function formResponse(fields: ReadonlyArray<readonly [string, string]>): ProviderResponse {
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      // Token responses carry secrets: no cache may keep them.
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
    },
    body: formEncode(fields),
  };
}
