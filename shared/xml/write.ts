// A small escaping serializer. Written by hand rather than with fast-xml-builder for two reasons:
// - exactness: an empty collection must be an empty element (`<devices/>` = "unassign all"); the builder
//   emits nothing for [], silently turning "unassign all" into "no change";
// - speed: the service writes 100,000 devices per list; string concatenation with a fast path for text that
//   needs no escaping is several times faster (see test/bench/xml-codec.bench.ts).

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Anything that needs escaping or cannot be carried by XML 1.0 (surrogates checked in the slow path). */
// eslint-disable-next-line no-control-regex -- matching the control characters XML 1.0 cannot carry is the point
const NEEDS_WORK = /[&<>"'\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** Characters XML 1.0 cannot carry at all, not even as a reference: dropped. Lone surrogates included. */
const NOT_XML_10 = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A literal CR would be normalised to LF by every reader; the reference keeps it.
  '\r': '&#13;',
};

/** Text or attribute content, escaped; characters XML 1.0 cannot carry are dropped. */
export function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(NOT_XML_10, '').replace(/[&<>"'\r]/g, (c) => ESCAPES[c]!);
}

/** `<name>text</name>`, `<name/>` for '', `<name nil="true"/>` for null/undefined. */
export function element(name: string, text: string | null | undefined): string {
  if (text === null || text === undefined) return `<${name} nil="true"/>`;
  if (text === '') return `<${name}/>`;
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** `<name>…children…</name>`, or `<name/>` when there are none (an empty collection stays visible). */
export function container(name: string, inner: string): string {
  return inner === '' ? `<${name}/>` : `<${name}>${inner}</${name}>`;
}

export function document(rootXml: string): string {
  return XML_DECLARATION + rootXml;
}
