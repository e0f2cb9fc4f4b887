// The `Authorization: OAuth …` header of RFC 5849 §3.5.1, written by the client's signer and read by the
// stand-in service's provider.
import OAuth from 'oauth-1.0a';
import { percentDecode } from './encoding.js';
import { OAuthProtocolError } from './problems.js';

/**
 * `OAuth realm="…", oauth_consumer_key="…", …`: names and values percent-encoded, `realm` (optional, never
 * signed) first and verbatim. The `oauth-1.0a` package's `toHeader` does this correctly for oauth_*
 * parameters; it writes the realm unescaped, so a realm that would need escaping is refused here.
 */
export function buildAuthorizationHeader(
  parameters: ReadonlyArray<readonly [string, string]>,
  realm?: string,
): string {
  if (realm !== undefined && /["\\\p{Cc}]/u.test(realm)) {
    throw new OAuthProtocolError(
      'parameter_rejected',
      'The OAuth realm contains a quote, backslash or control character.',
    );
  }
  for (const [name] of parameters) {
    if (!name.startsWith('oauth_')) {
      // toHeader silently drops anything else; a parameter that vanished after signing would break the signature.
      throw new OAuthProtocolError(
        'parameter_rejected',
        `Only oauth_* parameters travel in the header, not "${name}".`,
      );
    }
  }
  const oauth = new OAuth({
    consumer: { key: '', secret: '' },
    signature_method: 'HMAC-SHA1',
    hash_function: () => '',
    ...(realm ? { realm } : {}),
  });
  const data = Object.fromEntries(parameters) as unknown as OAuth.Authorization;
  return oauth.toHeader(data).Authorization;
}

export interface ParsedAuthorizationHeader {
  /** Verbatim (the realm is not percent-encoded); absent when not sent. */
  realm?: string;
  /** Decoded protocol parameters in the order sent, `realm` excluded. */
  parameters: Array<[string, string]>;
}

const SCHEME = /^\s*OAuth(?:\s+|$)/i;
const NAME = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
const QUOTED = /"((?:[^"\\]|\\.)*)"/y;
const OWS = /[ \t]*/y;

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/**
 * Parses an Authorization header value. Returns null when its scheme is not OAuth (another scheme is not
 * ours to judge). Throws OAuthProtocolError (`parameter_rejected`) for a malformed list, an unquoted value,
 * a bad percent-escape or a parameter given twice: a provider must not pick one of two values.
 */
export function parseAuthorizationHeader(value: string): ParsedAuthorizationHeader | null {
  const scheme = SCHEME.exec(value);
  if (!scheme) return null;
  const text = value.slice(scheme[0].length);
  const seen = new Set<string>();
  const parsed: ParsedAuthorizationHeader = { parameters: [] };
  let at = 0;
  const skip = (): void => {
    at += matchAt(OWS, text, at)?.[0].length ?? 0;
  };
  const malformed = (): never => {
    throw new OAuthProtocolError('parameter_rejected', 'The OAuth Authorization header is malformed.');
  };
  skip();
  while (at < text.length) {
    if (text[at] === ',') {
      at++;
      skip();
      continue;
    }
    const name = matchAt(NAME, text, at) ?? malformed();
    at += name[0].length;
    skip();
    if (text[at] !== '=') malformed();
    at++;
    skip();
    const quoted = matchAt(QUOTED, text, at) ?? malformed();
    at += quoted[0].length;
    skip();
    if (at < text.length && text[at] !== ',') malformed();

    const rawValue = (quoted[1] ?? '').replace(/\\(.)/g, '$1');
    if (name[0] === 'realm') {
      if (parsed.realm !== undefined) malformed();
      parsed.realm = rawValue;
      continue;
    }
    const decodedName = percentDecode(name[0]);
    if (seen.has(decodedName)) {
      throw new OAuthProtocolError(
        'parameter_rejected',
        `${decodedName} appears more than once in the Authorization header.`,
      );
    }
    seen.add(decodedName);
    parsed.parameters.push([decodedName, percentDecode(rawValue)]);
  }
  return parsed;
}
