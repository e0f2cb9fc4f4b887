// Safe reading of XML text into a plain tree (fast-xml-parser), and the primitives every decoder uses to
// read a field of that tree. All hostile or broken input ends here as an XmlError.
//
// Choices:
// - Values are never converted by the parser ("007" stays "007", "1.0" stays "1.0"); each field is converted
//   by its decoder.
// - Entities: the five XML ones and numeric character references (Rails-era servers write "é" as &#233;).
//   fast-xml-parser decodes numeric references only with `htmlEntities`, which also admits HTML's named
//   entities (&nbsp;): liberal in what we accept, and harmless because a DOCTYPE is refused before parsing,
//   so no document can declare entities of its own.
// - Element names are read with '-' as '_': Rails' to_xml dasherizes (<support-session>, <last-refresh>).
// - Surrounding whitespace of values is not significant (pretty-printed documents indent their values).

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { checkBody } from './body-check.js';
import { XmlError } from './xml-error.js';

export type XmlNode = string | XmlObject | XmlNode[];
export interface XmlObject {
  [name: string]: XmlNode;
}

/** Deeper than any real document: a folder tree 25 levels deep nests 2 elements per level. */
export const MAX_XML_DEPTH = 64;
export const ONE_MIB = 1024 * 1024;

export const ATTR = '@_';
export const TEXT = '#text';

/** Collection element → its item element. Items are always read as arrays, so one item is still a list. */
export const ITEM_OF: Readonly<Record<string, string>> = {
  folders: 'folder',
  devices: 'device',
  support_sessions: 'support_session',
  users: 'user',
  errors: 'error',
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH,
  transformTagName: elementName,
  transformAttributeName: elementName,
  isArray: (name, jPath, _isLeaf, isAttribute) => {
    if (isAttribute || typeof jPath !== 'string') return false;
    const end = jPath.length - name.length - 1;
    if (end <= 0) return false;
    const start = jPath.lastIndexOf('.', end - 1) + 1;
    return ITEM_OF[jPath.slice(start, end)] === name;
  },
});

export interface ParsedDocument {
  /** Root element name, '-' read as '_'. */
  rootName: string;
  root: XmlNode;
}

export function notWellFormed(line: number): XmlError {
  return new XmlError('not-xml', `The body is not well-formed XML (line ${line}).`);
}

export function unreadable(): XmlError {
  return new XmlError('not-xml', 'The body could not be read as XML.');
}

export function tooDeep(): XmlError {
  return new XmlError('too-deep', `The XML is nested deeper than ${MAX_XML_DEPTH} levels.`);
}

export function wrongRoot(expected: string, rootName: string): XmlError {
  return new XmlError(
    'wrong-root',
    `Expected <${expected}> but the document is <${rootName.replace(/[^\w.:-]/g, '')}>.`,
  );
}

/** Element names are read with '-' as '_' (Rails dasherizes). */
export function elementName(name: string): string {
  return name.includes('-') ? name.replace(/-/g, '_') : name;
}

/**
 * Parses `text` as one XML document, refusing what no real document of the service looks like.
 * `expectedRoots`: the accepted root element names (checked here, so every decoder checks it).
 */
export function parseDocument(
  text: string,
  maxBytes: number,
  expectedRoots?: readonly string[],
): ParsedDocument {
  const body = checkBody(text, maxBytes);

  const validation = XMLValidator.validate(body);
  if (validation !== true) {
    throw notWellFormed(validation.err.line);
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = parser.parse(body) as Record<string, unknown>;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/nested/i.test(message)) throw tooDeep();
    throw unreadable();
  }
  const names = Object.keys(parsed);
  if (names.length !== 1) throw new XmlError('not-xml', 'The XML must have exactly one root element.');
  const rootName = names[0]!;
  const root = parsed[rootName] as XmlNode;
  if (Array.isArray(root)) throw new XmlError('not-xml', 'The XML must have exactly one root element.');
  if (expectedRoots && !expectedRoots.includes(rootName)) throw wrongRoot(expectedRoots[0]!, rootName);
  return { rootName, root };
}

// ---- Reading fields --------------------------------------------------------------------------------

export function isObject(node: XmlNode | undefined): node is XmlObject {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** A child element, own properties only (a document's <constructor> must not find Object's). */
export function child(node: XmlObject, name: string): XmlNode | undefined {
  return Object.hasOwn(node, name) ? node[name] : undefined;
}

/** Child element names (attributes and text left out). */
export function childNames(node: XmlObject): string[] {
  return Object.keys(node).filter((k) => !k.startsWith(ATTR) && k !== TEXT);
}

export function attribute(node: XmlNode | undefined, name: string): string | undefined {
  if (!isObject(node)) return undefined;
  const value = child(node, ATTR + name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * A leaf element's content:
 *   absent  — no such element
 *   nil     — nil="true"
 *   text    — its text ('' for <x/>, <x></x> and whitespace only)
 *   invalid — repeated, or has child elements where text belongs
 */
export type Leaf =
  | { kind: 'absent' }
  | { kind: 'nil' }
  | { kind: 'text'; text: string }
  | { kind: 'invalid'; raw: string; problem: 'repeated' | 'not-text' };

const ABSENT: Leaf = { kind: 'absent' };
const NIL: Leaf = { kind: 'nil' };

export function leaf(node: XmlNode | undefined): Leaf {
  if (node === undefined) return ABSENT;
  if (typeof node === 'string') return { kind: 'text', text: node };
  if (Array.isArray(node)) return { kind: 'invalid', raw: rawText(node[0]), problem: 'repeated' };
  if (attribute(node, 'nil') === 'true') return NIL;
  if (childNames(node).length > 0) return { kind: 'invalid', raw: '', problem: 'not-text' };
  const text = child(node, TEXT);
  return { kind: 'text', text: typeof text === 'string' ? text : '' };
}

function rawText(node: XmlNode | undefined): string {
  if (typeof node === 'string') return node;
  if (isObject(node)) {
    const text = child(node, TEXT);
    if (typeof text === 'string') return text;
  }
  return '';
}

/**
 * A collection element's items: undefined when absent, [] when empty (<x/>, <x></x>, whitespace only,
 * nil="true", type="array" with no items), else its item elements.
 */
export function collection(node: XmlNode | undefined, itemName: string): XmlNode[] | undefined {
  if (node === undefined) return undefined;
  if (Array.isArray(node)) throw new XmlError('invalid-value', `<${itemName}s> appears more than once.`);
  if (typeof node === 'string') {
    if (node === '') return [];
    throw new XmlError('invalid-value', `<${itemName}s> holds text instead of <${itemName}> elements.`);
  }
  const items = child(node, itemName);
  if (items === undefined) {
    const strays = childNames(node);
    if (strays.length > 0) {
      throw new XmlError('invalid-value', `<${itemName}s> holds <${strays[0]}> instead of <${itemName}>.`);
    }
    return [];
  }
  return Array.isArray(items) ? items : [items];
}

// ---- Values ----------------------------------------------------------------------------------------

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function digits(text: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Whether `raw` is already "YYYY-MM-DDThh:mm:ssZ" and a real instant: what the service writes, so the
 * common case of a 100,000-device list skips the regular expression and the Date objects (measured:
 * half of the field conversion time). Years before 1000 take the general path.
 */
function isCanonicalUtc(raw: string): boolean {
  if (raw.length !== 20 || raw[4] !== '-' || raw[7] !== '-' || raw[10] !== 'T') return false;
  if (raw[13] !== ':' || raw[16] !== ':' || raw[19] !== 'Z') return false;
  const year = digits(raw, 0, 4);
  const month = digits(raw, 5, 2);
  const day = digits(raw, 8, 2);
  const hours = digits(raw, 11, 2);
  const minutes = digits(raw, 14, 2);
  const seconds = digits(raw, 17, 2);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const daysInMonth =
    month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= daysInMonth;
}

/**
 * An ISO 8601 timestamp normalised to UTC "YYYY-MM-DDThh:mm:ssZ" (milliseconds kept when not zero), or a
 * bare date kept as "YYYY-MM-DD". A time without a zone is read as UTC (the spec's timestamps are UTC).
 * Also accepts Rails' "2010-05-03 10:00:00 UTC". Returns undefined for anything else.
 */
export function normaliseTimestamp(raw: string): string | undefined {
  if (isCanonicalUtc(raw)) return raw;
  const m = TIMESTAMP.exec(raw.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const dateOnly = Date.UTC(year, month - 1, day);
  const check = new Date(dateOnly);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  if (h === undefined) return `${y}-${mo}-${d}`;
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = s === undefined ? 0 : Number(s);
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const ms = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  let offsetMinutes = 0;
  if (zone !== undefined && /^[+-]/.test(zone)) {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const utc = new Date(dateOnly + ((hours * 60 + minutes - offsetMinutes) * 60 + seconds) * 1000 + ms);
  const iso = utc.toISOString();
  return ms === 0 ? `${iso.slice(0, 19)}Z` : iso;
}

/** A decimal number as the service writes it ("512", "512.5", "1e3" refused as not decimal). */
export function parseDecimal(raw: string): number | undefined {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(raw)) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}
