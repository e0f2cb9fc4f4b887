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
  status: 400 | 401;
  problem: OAuthProblem;
  advice: string;
  /** Extra convention fields for the body (e.g. oauth_acceptable_timestamps). */
  details?: ReadonlyArray<readonly [string, string]>;
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
  return {
    status: refused.status,
    headers: {
      'WWW-Authenticate': `OAuth realm="${quotedRealm}", oauth_problem="${refused.problem}"`,
      'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      'Cache-Control': 'no-store',
    },
    body: formEncode([
      ['oauth_problem', refused.problem],
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
