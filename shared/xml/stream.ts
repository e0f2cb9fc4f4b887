// Streaming decoder of collection documents (<devices>, <folders>, <support_sessions>, <users>) on saxes.
//
// Why a second parser: fast-xml-parser is the codec's parser (single resources, request bodies, error
// bodies), but a 100,000-device list (≈38 MB) took 7–8 s with it on the project machine (XMLValidator
// ≈2.4 s + parse ≈5–6 s, before any field conversion), while saxes, which checks well-formedness strictly
// as it reads, events alone take ≈0.8 s, and this decoder, conversions included, ≈0.85–1.4 s (2 cores,
// measured under load; see test/bench/xml-codec.bench.ts, which reports both). A large list is the one
// place where that difference is felt, so collections — and only collections — are read here: a measured
// speed exception to fast-xml-parser being the codec's parser.
//
// One conversion implementation: each item element is built into the same node shape fast-xml-parser
// gives the converters of resources.ts (child elements by name with '-' read as '_', attributes under
// '@_', text trimmed, '#text' beside children or attributes, repeated names and collection items as
// arrays), then handed to the same converter. Items are converted as they close and dropped, so the
// whole document is never held as a tree.
//
// Refusals are those of parseDocument, with the same reasons and the same precedence: checkBody first
// (size, empty, not XML, DOCTYPE), then well-formedness (not-xml, thrown at once), then structure
// (too-deep, prototype-polluting names), then the root (wrong-root), then values (invalid-value). Errors
// after well-formedness are held until the end of the document, so a broken document is 'not-xml' however
// late it breaks, exactly as when it was validated before being read.
//
// Known differences with the fast-xml-parser path, all on input our service never writes:
// - saxes is stricter about well-formedness: text after the root element, '<' in an attribute value,
//   control characters, ']]>' in text, '--' in a comment and character references to what is not an XML
//   character (&#0;, &#xD800;) are 'not-xml' here; XMLValidator lets them through.
// - surrounding whitespace: values are trimmed of XML whitespace after references are decoded, so a value
//   that begins or ends with &#32;, &#9; or &#10; loses it, while a literal U+00A0 (or other non-XML space)
//   at either end is kept; fast-xml-parser trims raw text with String.prototype.trim before decoding.
//   &#13; survives both ways (a literal CR cannot reach a value: XML reads it as LF).

import { SaxesParser, type SaxesTagPlain } from 'saxes';
// The very tables fast-xml-parser uses for `htmlEntities: true` (it depends on this package), so both
// paths accept the same named entities.
import { COMMON_HTML, CURRENCY } from '@nodable/entities';
import { checkBody, checkBodyBytes } from './body-check.js';
import { XmlError } from './xml-error.js';
import {
  ATTR,
  ITEM_OF,
  MAX_XML_DEPTH,
  TEXT,
  collection,
  elementName,
  notWellFormed,
  tooDeep,
  unreadable,
  wrongRoot,
  type XmlNode,
  type XmlObject,
} from './read.js';

/** Names fast-xml-parser refuses outright (its parse then fails: 'not-xml'). */
const CRITICAL_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
/** Names fast-xml-parser renames with a '__' prefix so they stay data, never Object's members. */
const RENAMED_NAMES = new Set([
  'hasOwnProperty',
  'toString',
  'valueOf',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

const HTML_ENTITIES: Readonly<Record<string, string>> = { ...COMMON_HTML, ...CURRENCY };

/** Rails renders an empty array as <nil-classes type="array"/>: an empty collection, whatever was asked. */
const NIL_CLASSES = 'nil_classes';

/**
 * Element names as read, by their text in the document. The text saxes hands over is a new string for
 * every element; used as a property name as it is, each of a 100,000-device list's 1.2 million children
 * cost V8 a look-up of its interned twin. A document names a few dozen kinds of element; a hostile one
 * naming thousands only stops being remembered. Keys are interned copies too: the text saxes hands over is
 * a slice of the text it was given (the whole document, or a piece of it) when 13 characters or more, and
 * as a key (a dasherized name's) it kept that text alive for good.
 */
const KNOWN_NAMES = new Map<string, string>();
const MAX_KNOWN_NAMES = 512;

/** V8's interned copy of `name` (property names are interned): the one a property look-up compares. */
function internalised(name: string): string {
  return Object.keys({ [name]: 0 })[0]!;
}

/**
 * In front of KNOWN_NAMES, the text and name last found in each of 256 slots picked by the text's length
 * and first and last characters (a device list's 15 names fall in 15 slots). Comparing the new text with
 * the slot's costs less than hashing it for the Map, which was 6% of decoding 100,000 devices.
 * '<' fills the slots: no element is named that.
 */
const SLOT_TEXT = new Array<string>(256).fill('<');
const SLOT_NAME = new Array<string>(256).fill('<');

function knownName(text: string): string | undefined {
  const slot = ((text.length << 5) ^ (text.charCodeAt(0) << 2) ^ text.charCodeAt(text.length - 1)) & 255;
  if (SLOT_TEXT[slot] === text) return SLOT_NAME[slot];
  const name = KNOWN_NAMES.get(text);
  if (name !== undefined) {
    SLOT_TEXT[slot] = internalised(text); // not `text` itself: saxes may hand a slice of the text it read
    SLOT_NAME[slot] = name;
  }
  return name;
}

/** An element under construction inside an item. */
interface Frame {
  name: string;
  /** Created on the first attribute or child element; a bare element stays text. */
  node: XmlObject | undefined;
  text: string;
}

/** Trims XML whitespace (space, tab, LF: a literal CR never reaches here), as cheaply as possible. */
function trimXml(text: string): string {
  const n = text.length;
  if (n === 0) return text;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(n - 1);
  if (first !== 0x20 && first !== 0x09 && first !== 0x0a && last !== 0x20 && last !== 0x09 && last !== 0x0a) {
    return text;
  }
  let start = 0;
  let end = n;
  while (start < end && isXmlSpace(text.charCodeAt(start))) start++;
  while (end > start && isXmlSpace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a;
}

/** fast-xml-parser's node for a closed element: its text alone, or an object with attributes/children. */
function finish(frame: Frame): XmlNode {
  const text = trimXml(frame.text);
  if (frame.node === undefined) return text;
  if (text !== '') frame.node[TEXT] = text;
  return frame.node;
}

function attach(parent: Frame, name: string, value: XmlNode): void {
  const node = (parent.node ??= {});
  if (ITEM_OF[parent.name] === name) {
    const items = Object.hasOwn(node, name) ? node[name] : undefined;
    if (Array.isArray(items)) items.push(value);
    else node[name] = [value];
    return;
  }
  if (!Object.hasOwn(node, name)) node[name] = value;
  else {
    const existing = node[name]!;
    if (Array.isArray(existing)) existing.push(value);
    else node[name] = [existing, value];
  }
}

function attributes(into: XmlObject | undefined, tag: SaxesTagPlain): XmlObject | undefined {
  let node = into;
  for (const name in tag.attributes) {
    node ??= {};
    node[ATTR + elementName(name)] = tag.attributes[name]!;
  }
  return node;
}

/**
 * The parser of the last decode that read its document to the end (close() resets it), kept for the next.
 * Why not a new one each time: V8 keeps the hidden classes of saxes' parser only while a parser lives, and
 * the poll worker makes a full collection after each poll. The next decode's new parser then had new
 * hidden classes, all of saxes' optimised code was thrown away, and after some six such rounds V8 often
 * settled on code three times slower (100,000 devices: 2.4–2.9 s instead of 0.7–0.85 s, every decode on).
 */
let idleParser: SaxesParser | undefined;

function takeParser(): SaxesParser {
  const parser = idleParser ?? new SaxesParser();
  idleParser = undefined; // a decode inside a decode, or after one that threw, makes its own
  Object.assign(parser.ENTITIES, HTML_ENTITIES); // ENTITIES is replaced by each reset
  return parser;
}

/** Keeps `parser` for the next decode, without this one's handlers (they hold its results). */
function giveBack(parser: SaxesParser): void {
  for (const event of ['error', 'opentag', 'text', 'cdata', 'closetag'] as const) parser.off(event);
  idleParser = parser;
}

/** Precedence of held errors: structure before root before values (the order parseDocument finds them). */
const Held = { Structure: 0, Root: 1, Value: 2, None: 3 } as const;
type Held = (typeof Held)[keyof typeof Held];

export interface CollectionSpec {
  /** Root element, '-' read as '_' (e.g. 'support_sessions'). */
  root: string;
  /** Item element (e.g. 'support_session'). */
  item: string;
  maxBytes: number;
}

/**
 * Reads a collection document and converts each item with `read` (a converter of resources.ts).
 * Throws XmlError with the reasons of parseDocument; an empty collection in any of its forms is [].
 * The document may be its bytes: they are read a piece at a time (body-check.ts), never as one string.
 */
export function decodeCollection<T>(
  xml: string | Uint8Array,
  spec: CollectionSpec,
  read: (node: XmlNode) => T,
): T[] {
  const pieces =
    typeof xml === 'string' ? [checkBody(xml, spec.maxBytes)] : checkBodyBytes(xml, spec.maxBytes);
  const out: T[] = [];
  /** The open elements of the item being built; none between items and once an error is held. */
  // Frames are reused (a 100,000-device list opens 1.4 million elements): `open` of them are in use.
  const stack: Frame[] = [];
  let open = 0;
  const push = (name: string, tag: SaxesTagPlain): void => {
    const frame = stack[open];
    const node = attributes(undefined, tag);
    if (frame === undefined) stack.push({ name, node, text: '' });
    else {
      frame.name = name;
      frame.node = node;
      frame.text = '';
    }
    open++;
  };

  let held: XmlError | undefined;
  let heldRank: Held = Held.None;
  const hold = (error: XmlError, rank: Held): void => {
    if (rank < heldRank) {
      held = error;
      heldRank = rank;
    }
    open = 0; // nothing more is built once the document is known to be refused
  };

  let depth = 0;
  let itemName = spec.item;
  let isNilClasses = false;
  let items = 0;
  // What the root holds besides items: only needed to tell an empty collection from a broken one.
  let rootAttributes: XmlObject | undefined;
  let rootStray: string | undefined;
  let rootText = '';

  const parser = takeParser();

  parser.on('error', (error) => {
    // An undefined named entity (&eacute;) is kept as written, as fast-xml-parser keeps it: liberal, and
    // harmless because no document can declare entities (DOCTYPE refused).
    if (error.message.endsWith('undefined entity.')) return;
    throw notWellFormed(parser.line);
  });

  parser.on('opentag', (tag) => {
    depth++;
    let name = knownName(tag.name);
    if (name === undefined) {
      name = elementName(tag.name);
      if (CRITICAL_NAMES.has(name)) hold(unreadable(), Held.Structure);
      else {
        if (RENAMED_NAMES.has(name)) name = `__${name}`;
        if (KNOWN_NAMES.size < MAX_KNOWN_NAMES) KNOWN_NAMES.set(internalised(tag.name), internalised(name));
      }
    }
    // fast-xml-parser's maxNestedTags counts the elements below the root.
    if (depth - 1 > MAX_XML_DEPTH) hold(tooDeep(), Held.Structure);

    if (depth === 1) {
      if (name === NIL_CLASSES) {
        isNilClasses = true;
        itemName = 'nil_class';
      } else if (name !== spec.root) hold(wrongRoot(spec.root, name), Held.Root);
      rootAttributes = attributes(undefined, tag);
      return;
    }
    if (depth === 2) {
      if (name !== itemName) {
        rootStray ??= name;
        return;
      }
      items++;
      if (isNilClasses) {
        hold(
          new XmlError('wrong-root', `Expected <${spec.root}> but the document is <nil-classes> with items.`),
          Held.Root,
        );
      }
      if (heldRank === Held.None) push(name, tag);
      return;
    }
    if (open > 0) push(name, tag);
  });

  const onText = (text: string): void => {
    if (open > 0) stack[open - 1]!.text += text;
    // Whitespace between items is not kept: only whether the root holds text matters.
    else if (depth === 1 && rootText === '') rootText = trimXml(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('closetag', () => {
    depth--;
    if (open === 0) return;
    const frame = stack[--open]!;
    const value = finish(frame);
    if (open > 0) {
      const parent = stack[open - 1]!;
      attach(parent, frame.name, value);
      return;
    }
    try {
      out.push(read(value));
    } catch (error) {
      if (!(error instanceof XmlError)) throw error;
      hold(error, Held.Value);
    }
  });

  for (const piece of pieces) parser.write(piece);
  parser.close();
  giveBack(parser);
  if (held !== undefined) throw held;
  if (items === 0) {
    // No items: let collection() judge what the root holds instead, with its own words.
    let root: XmlNode = rootText;
    if (rootAttributes !== undefined || rootStray !== undefined) {
      root = { ...rootAttributes };
      if (rootStray !== undefined) root[rootStray] = '';
      if (rootText !== '') root[TEXT] = rootText;
    }
    collection(root, itemName);
  }
  return out;
}
