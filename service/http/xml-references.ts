// Entity and character references in a request body, checked before the shared codec reads it. The codec
// is a liberal reader (it also serves the client, which meets Rails-era and HTML-ish output): it keeps an
// undefined reference such as `&foo;` as literal text, decodes HTML's named entities, and drops a
// reference to a character XML forbids (`&#0;`). A server must not store what the sender did not mean, so
// a request body may use only what XML itself defines without a DTD (and a DTD is refused anyway): the five
// predefined entities and numeric references to characters XML allows.
import { HttpError } from './responses.js';

const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

// Comments, CDATA sections and processing instructions are skipped whole: a `&` inside them is text.
const SCAN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|&(?:#x([0-9A-Fa-f]+)|#([0-9]+)|([^\s&;<>"']+));/g;

/** XML 1.0's Char production. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function shown(reference: string): string {
  return reference.length > 40 ? `${reference.slice(0, 37)}...` : reference;
}

/** Throws a 400 for the first reference XML does not define; a bare `&` is left to the parser. */
export function refuseUndefinedReferences(xml: string): void {
  if (!xml.includes('&')) return;
  SCAN.lastIndex = 0;
  for (let match = SCAN.exec(xml); match; match = SCAN.exec(xml)) {
    const [whole, hex, decimal, name] = match;
    if (name !== undefined) {
      if (PREDEFINED.has(name)) continue;
      throw new HttpError(
        400,
        `The request body refers to the entity ${shown(whole)}, which XML does not define: use &amp; &lt; &gt; &quot; &apos; or a numeric character reference (&#233;).`,
      );
    }
    const digits = hex ?? decimal;
    if (digits === undefined) continue;
    const code = digits.length > 8 ? Infinity : parseInt(digits, hex !== undefined ? 16 : 10);
    if (!isXmlChar(code)) {
      throw new HttpError(
        400,
        `The request body contains the character reference ${shown(whole)}, a character XML does not allow.`,
      );
    }
  }
}
