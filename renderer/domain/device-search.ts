// The device search language, as a technician types it with a customer on the phone:
//
//   desk 12          every word must match (AND), in any text field: name, alias, OS, folder
//   "front desk 1"   a quoted phrase: these words, in this order, in one field
//   ip:10.4.         one field only: ip: mac: name: alias: os: folder:  (a value may be quoted)
//   10.4.2           a word with dots also matches the IP, from an octet's start
//   00-1a-2b         a word that reads as a MAC fragment also matches the MAC, whatever its case and separators
//
// How a word matches: at the start of a word in the field (word prefix), never in the middle of one, so
// "desk" finds "Front desk" but "esk" does not; letters and digits are separate words ("PC0042" is "pc 0042").
// A NUMBER typed on its own matches a whole number: "Desk 1" finds "Desk 1", not "Desk 10" nor "Desk 294"
// (numbers in device names are identifiers; a technician who types "1" means 1). Inside a word, the trailing
// number is still a prefix ("pc00" finds PC-0042) so typing a name narrows as you type. Bare words do not
// search the IP nor the MAC: "1" would otherwise match every 10.x address, the very noise that made
// "Desk 1" find 63 rows. Accents are ignored ("buro" finds "Büro").
//
// Speed (100,000 devices): each device's searchable text is built once per change (`searchEntry`): one
// string with the text fields normalised and separated, plus the IP and the MAC as the device holds them. A
// compiled query is then a few `indexOf` calls (or a scan of the MAC) per device: no allocation, no regex.
// A query that names text every match holds says so (`needle`): the device index then finds the devices
// holding it in all their texts at once (search-haystack.ts) and tests only those.

import type { Device } from '../../shared/model.js';
import { DEVICE_COLUMNS } from './device-columns.js';

/** Precomputed once per device (and again when it or its folder's name changes). Plain data. */
export interface SearchEntry {
  /** Text fields in FIELD order, each as " word word ", separated by FIELD_SEP. */
  readonly text: string;
  /** The IP, lower-case, as sent. */
  readonly ip: string;
  /**
   * The MAC as the device holds it ("00:1A:2B:…", the device's own string, not a copy): a search skips its
   * separators as it reads (macHasHex). A lower-case hex copy per device was ~2.6 MB at 100,000 devices.
   */
  readonly mac: string;
}

export interface SearchPredicate {
  (e: SearchEntry): boolean;
  /**
   * Text that every entry the predicate passes holds in its `text`, beginning with a space (where a word
   * of a field begins): an index may first find the entries that hold it, many at once (search-haystack.ts),
   * and test only those. Absent when no such text is known (an address search, a word that may also be one).
   */
  readonly needle?: string;
  /** The entries holding `needle` are exactly those it passes: no need to test them one by one. */
  readonly exact?: boolean;
}

/** `test`, saying that each entry it passes holds `needle` (see SearchPredicate.needle). */
function withNeedle(test: (e: SearchEntry) => boolean, needle: string, exact: boolean): SearchPredicate {
  return Object.assign(test, { needle, exact });
}

/** Fields found by their words, in the display registry's order (its `searchWords`, device-columns.ts). */
const WORD_COLUMNS = DEVICE_COLUMNS.filter((c) => c.searchWords);
/** Their `field:` prefixes, lower-case as typed prefixes are read. */
const TEXT_FIELDS = WORD_COLUMNS.map((c) => c.key.toLowerCase());
/** `ip:`, `mac:` and each word field's key (`name:`, `alias:`, `os:`, `folder:`…). */
export type SearchField = string;
export const SEARCH_FIELDS: readonly SearchField[] = [...TEXT_FIELDS, 'ip', 'mac'];

const FIELD_SEP = '\u0001';

/** Lower-case, accents removed, split into words of letters or of digits: "Büro-PC12" → ["buro","pc","12"]. */
export function searchWords(text: string): string[] {
  // Plain ASCII (most names, every OS) has no accents to take off and no letters beyond a-z: the same
  // words with a plain regex, several times faster than the Unicode one over 100,000 devices.
  if (ASCII.test(text)) return text.toLowerCase().match(/[a-z]+|[0-9]+/g) ?? [];
  const folded = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  return folded.match(/\p{L}+|\p{N}+/gu) ?? [];
}
const ASCII = /^\p{ASCII}*$/u;

/** " word word " of `value` (searchWords), or " " when it has none. */
export function fieldText(value: string | null | undefined): string {
  if (!value) return ' ';
  const plain = asciiFieldText(value);
  if (plain !== null) return plain;
  const words = searchWords(value);
  return words.length ? ` ${words.join(' ')} ` : ' ';
}

/**
 * fieldText of a plain-ASCII value in one pass over its characters (no regex, no word array, no join):
 * every device's entry is built from these, ~100,000 of them at a first load or a command line's query.
 * Null when the value has a character beyond ASCII (the Unicode path then folds its accents).
 */
function asciiFieldText(value: string): string | null {
  let out = ' ';
  /** 0: between words; 1: in letters; 2: in digits. */
  let kind = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code > 127) return null;
    const lower = code | 0x20;
    const next = code >= 48 && code <= 57 ? 2 : lower >= 97 && lower <= 122 ? 1 : 0;
    if (next === kind) continue;
    if (kind !== 0) out += `${value.slice(start, i)} `;
    kind = next;
    start = i;
  }
  if (kind !== 0) out += `${value.slice(start)} `;
  return out.toLowerCase();
}

export function macHex(mac: string): string {
  return mac.replace(/[^0-9a-f]/gi, '').toLowerCase();
}

export function searchEntry(device: Device, folderName: string | null | undefined): SearchEntry {
  return {
    // Joined (one flat string): a `+=` chain would keep a tree of pieces per device until searched.
    text: WORD_COLUMNS.map((c) => fieldText(c.searchWords!(device, folderName))).join(FIELD_SEP),
    ip: (device.ip ?? '').toLowerCase(),
    mac: device.mac ?? '',
  };
}

// ---- Compiling a query ------------------------------------------------------------------------------

interface Term {
  field: SearchField | null;
  value: string;
  phrase: boolean;
}

const FIELD_PREFIX = new RegExp(`^(${SEARCH_FIELDS.join('|')}):`, 'i');

/** Splits the query into terms; an unterminated quote runs to the end (the technician is still typing). */
export function parseSearch(text: string): Term[] {
  const terms: Term[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    let field: SearchField | null = null;
    const prefix = FIELD_PREFIX.exec(text.slice(i));
    if (prefix) {
      field = prefix[1]!.toLowerCase() as SearchField;
      i += prefix[0].length;
    }
    if (text[i] === '"') {
      const end = text.indexOf('"', i + 1);
      const stop = end === -1 ? text.length : end;
      terms.push({ field, value: text.slice(i + 1, stop), phrase: true });
      i = stop + 1;
    } else {
      let j = i;
      while (j < text.length && !/\s/.test(text[j]!)) j++;
      terms.push({ field, value: text.slice(i, j), phrase: false });
      i = j;
    }
  }
  return terms;
}

/** Does field `index` (TEXT_FIELDS order) of `text` contain `needle`? Without slicing: no allocation. */
function inField(text: string, index: number, needle: string): boolean {
  let start = 0;
  for (let k = 0; k < index; k++) start = text.indexOf(FIELD_SEP, start) + 1;
  let end = text.indexOf(FIELD_SEP, start);
  if (end === -1) end = text.length;
  // The needle holds no separator, so its first hit after `start` is inside the field or not at all.
  const at = text.indexOf(needle, start);
  return at !== -1 && at + needle.length <= end;
}

/** The needle a word or phrase looks for in " word word " text. */
function textNeedle(value: string, phrase: boolean): string | null {
  const words = searchWords(value);
  if (!words.length) return null;
  const last = words[words.length - 1]!;
  // A phrase, or a number standing alone, must end at a word's end; otherwise the last word is a prefix.
  const whole = phrase || (words.length === 1 && /^\p{N}+$/u.test(last));
  return ` ${words.join(' ')}${whole ? ' ' : ''}`;
}

/** "10.4." matches 10.4.x.x; "4.1" matches at an octet's start (10.4.1.7, not 10.14.1.7's "4.1"). */
function ipMatcher(value: string): SearchPredicate | null {
  const v = value.toLowerCase();
  if (!v) return null;
  return (e) => {
    const ip = e.ip;
    if (ip.startsWith(v)) return true;
    for (let at = ip.indexOf('.'); at !== -1; at = ip.indexOf('.', at + 1))
      if (ip.startsWith(v, at + 1)) return true;
    return false;
  };
}

/** Hex digit → its value (0-15), -1 for anything else (a separator). */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/**
 * Do the hex digits of `mac`, separators skipped, contain `hex` (lower-case digits)? Read in place: no
 * copy of the MAC per device per keystroke.
 */
export function macHasHex(mac: string, hex: string): boolean {
  const first = hexValue(hex.charCodeAt(0));
  for (let start = 0; start < mac.length; start++) {
    if (hexValue(mac.charCodeAt(start)) !== first) continue;
    let matched = 1;
    for (let i = start + 1; i < mac.length && matched < hex.length; i++) {
      const v = hexValue(mac.charCodeAt(i));
      if (v === -1) continue;
      if (v !== hexValue(hex.charCodeAt(matched))) break;
      matched++;
    }
    if (matched === hex.length) return true;
  }
  return false;
}

function macMatcher(value: string): SearchPredicate | null {
  const hex = macHex(value);
  if (!hex) return null;
  return (e) => macHasHex(e.mac, hex);
}

/** Does a bare word read as (part of) an address? Then it searches that field too. */
const IP_LIKE = /^[0-9a-f:.]*\.[0-9a-f:.]*$/i;
function macLike(value: string): boolean {
  const hex = value.replace(/[:\-.]/g, '');
  return /^[0-9a-f]{4,12}$/i.test(hex) && (/[:-]/.test(value) || /\d/.test(hex));
}

function textMatcher(value: string, phrase: boolean, field: SearchField | null): SearchPredicate | null {
  const needle = textNeedle(value, phrase);
  if (needle === null) return null;
  if (field === null) return withNeedle((e) => e.text.includes(needle), needle, true);
  const index = TEXT_FIELDS.indexOf(field);
  // Found in one field is found in the text: the needle holds for the field's search too.
  return withNeedle((e) => inField(e.text, index, needle), needle, false);
}

function termMatcher(term: Term): SearchPredicate | null {
  const { field, value, phrase } = term;
  if (field === 'ip') return ipMatcher(value);
  if (field === 'mac') return macMatcher(value);
  if (field !== null) return textMatcher(value, phrase, field);
  const alternatives = [textMatcher(value, phrase, null)];
  if (!phrase && IP_LIKE.test(value)) alternatives.push(ipMatcher(value));
  if (!phrase && macLike(value)) alternatives.push(macMatcher(value));
  const found = alternatives.filter((m): m is SearchPredicate => m !== null);
  if (found.length === 0) return null;
  if (found.length === 1) return found[0]!;
  return (e) => found.some((m) => m(e));
}

/**
 * Compiles `text` into a predicate over search entries; null when the query matches everything (empty,
 * or only punctuation / an empty `ip:` still being typed).
 */
export function compileSearch(text: string): SearchPredicate | null {
  const matchers = parseSearch(text)
    .map(termMatcher)
    .filter((m): m is SearchPredicate => m !== null);
  if (matchers.length === 0) return null;
  if (matchers.length === 1) return matchers[0]!;
  const all = (e: SearchEntry): boolean => {
    for (const m of matchers) if (!m(e)) return false;
    return true;
  };
  // Every term must match, so any term's needle is the whole query's: the longest finds the fewest.
  let needle: string | undefined;
  for (const m of matchers)
    if (m.needle !== undefined && m.needle.length > (needle?.length ?? 0)) needle = m.needle;
  return needle === undefined ? all : withNeedle(all, needle, false);
}
