// RFC 3986 / RFC 5849 §3.6 percent-encoding and the form-encoding decoder used for query strings and
// `application/x-www-form-urlencoded` bodies.
import OAuth from 'oauth-1.0a';
import { OAuthProtocolError } from './problems.js';

/**
 * Percent-encodes everything except the RFC 3986 unreserved set (`A-Z a-z 0-9 - . _ ~`), UTF-8 first.
 * The `oauth-1.0a` package's encoder is correct here (encodeURIComponent plus `!*'()`), so it is the one
 * used; it is a prototype method that does not touch `this`. A lone surrogate cannot be UTF-8 encoded:
 * that becomes a typed protocol error rather than a URIError.
 */
export function percentEncode(value: string): string {
  try {
    return OAuth.prototype.percentEncode(value);
  } catch {
    throw new OAuthProtocolError('parameter_rejected', 'A parameter contains text that cannot be encoded.');
  }
}

/** Decodes one form-encoded component: `+` is a space (RFC 5849 §3.4.1.3.1), then UTF-8 percent-escapes. */
export function formDecode(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    throw new OAuthProtocolError('parameter_rejected', 'A parameter has a malformed percent-escape.');
  }
}

/**
 * Decodes an RFC 3986 percent-encoded value (Authorization header values): unlike form decoding, `+` is
 * a plus sign there.
 */
export function percentDecode(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    throw new OAuthProtocolError('parameter_rejected', 'A parameter has a malformed percent-escape.');
  }
}

/**
 * Splits a query string (without `?`) or a form body into decoded name/value pairs, in order, duplicates
 * and empty values kept (`a=&a=x` is two pairs, `name` is `name=`). Empty segments (`a=1&&b=2`) carry no
 * parameter and are skipped, as every form decoder does.
 */
export function parseFormEncoded(text: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (text === '') return pairs;
  for (const segment of text.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const name = eq === -1 ? segment : segment.slice(0, eq);
    const value = eq === -1 ? '' : segment.slice(eq + 1);
    pairs.push([formDecode(name), formDecode(value)]);
  }
  return pairs;
}

/** Form-encodes pairs with RFC 3986 encoding (spaces as `%20`, which every form decoder accepts). */
export function formEncode(pairs: Iterable<readonly [string, string]>): string {
  const parts: string[] = [];
  for (const [name, value] of pairs) parts.push(`${percentEncode(name)}=${percentEncode(value)}`);
  return parts.join('&');
}
