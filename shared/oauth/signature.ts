// The signature base string and HMAC-SHA1 signature of RFC 5849 §3.4, shared by the client's signer and the
// stand-in service's provider so that both ends compute exactly the same thing.
//
// What comes from the `oauth-1.0a` package (design card) and what does not:
// - used: its percent-encoder, its signing key (`enc(consumer secret)&enc(token secret)`, empty token secret
//   kept as a trailing `&`) and its HMAC-SHA1 plumbing through an injected `hash_function`.
// - not used: its parameter collection and base string (`getParameterString`/`getBaseString`). They cannot
//   be made correct by feeding them better input: they keep parameters in plain objects, so a parameter
//   named `__proto__` silently disappears from the signature (percentEncodeData assigns it as the prototype),
//   they sort the caller's arrays in place, and they switch to a different parameter set whenever an
//   `oauth_body_hash` is present. Undecoded query keys, query-overwrites-body, `+` signed as `%252B`, lost
//   empty duplicates and the unnormalised base URI (engineering notes §2) are the faults one would be
//   feeding around. The twenty lines below do that part per RFC 5849 §3.4.1 instead.
import OAuth from 'oauth-1.0a';
import { parseFormEncoded, percentEncode } from './encoding.js';
import { OAuthProtocolError } from './problems.js';
import type { HmacSha1 } from './types.js';

export type ParameterList = ReadonlyArray<readonly [string, string]>;

function parseAbsoluteUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OAuthProtocolError('parameter_rejected', 'The request URL is not an absolute URL.');
  }
  return parsed;
}

/**
 * RFC 5849 §3.4.1.2: scheme and host lower-cased, the scheme's default port dropped, no userinfo, query or
 * fragment, the path as the WHATWG URL parser serialises it (which is what fetch puts on the wire and what
 * the provider rebuilds from the request line), an empty path as `/`.
 */
export function normaliseBaseUri(url: string): string {
  const parsed = parseAbsoluteUrl(url);
  const scheme = parsed.protocol.toLowerCase();
  const host = parsed.hostname.toLowerCase();
  const defaultPort =
    (scheme === 'http:' && parsed.port === '80') || (scheme === 'https:' && parsed.port === '443');
  const port = parsed.port === '' || defaultPort ? '' : `:${parsed.port}`;
  const path = parsed.pathname === '' ? '/' : parsed.pathname;
  return `${scheme}//${host}${port}${path}`;
}

export interface RequestParameterSources {
  /** Absolute request URL; its query parameters are signed. */
  url: string;
  /** Decoded parameters of an `application/x-www-form-urlencoded` body (never of any other body). */
  form?: ParameterList;
  /** Protocol parameters sent in the Authorization header (without `realm`, which is never signed). */
  protocol?: ParameterList;
}

/**
 * RFC 5849 §3.4.1.3.1: every decoded parameter from the query, the form body and the header, duplicates
 * kept, `oauth_signature` left out wherever it travels.
 */
export function collectRequestParameters(sources: RequestParameterSources): Array<[string, string]> {
  const query = parseAbsoluteUrl(sources.url).search.replace(/^\?/, '');
  const all: Array<[string, string]> = [
    ...parseFormEncoded(query),
    ...(sources.form ?? []).map(([n, v]): [string, string] => [n, v]),
    ...(sources.protocol ?? []).map(([n, v]): [string, string] => [n, v]),
  ];
  return all.filter(([name]) => name !== 'oauth_signature');
}

/** RFC 5849 §3.4.1.3.2: encode names and values, sort by encoded name then encoded value (byte order). */
export function normaliseParameters(parameters: ParameterList): string {
  const encoded = parameters.map(([n, v]) => [percentEncode(n), percentEncode(v)] as const);
  // Encoded text is ASCII, so code-unit comparison is byte order; localeCompare would not be.
  encoded.sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return encoded.map(([n, v]) => `${n}=${v}`).join('&');
}

/** RFC 5849 §3.4.1: `METHOD&enc(base URI)&enc(normalised parameters)`. */
export function signatureBaseString(method: string, url: string, parameters: ParameterList): string {
  return [
    percentEncode(method.toUpperCase()),
    percentEncode(normaliseBaseUri(url)),
    percentEncode(normaliseParameters(parameters)),
  ].join('&');
}

/** HMAC-SHA1 of the base string under `enc(consumer secret)&enc(token secret)`, base64. */
export function hmacSha1Signature(
  hmacSha1: HmacSha1,
  baseString: string,
  consumerSecret: string,
  tokenSecret = '',
): string {
  const oauth = new OAuth({
    // The key is irrelevant to the signing key; the package only insists on a consumer object.
    consumer: { key: '', secret: consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => hmacSha1(key, base),
  });
  return oauth.hash_function(baseString, oauth.getSigningKey(tokenSecret));
}
