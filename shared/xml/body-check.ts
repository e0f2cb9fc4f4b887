// The refusals made before any parser sees a body, in one order whatever form the body comes in: type,
// size, emptiness, text that is not XML, DOCTYPE. A body comes as text (the client's calls) or as the bytes
// it arrived in (the devices poll): the bytes are read in pieces of text, so a 100,000-device list (38 MB)
// is never made into one string — as one, it was a 38 MB string (twice that once a name held a character
// outside Latin-1) beside the bytes it came from, 115 MB at 300,000 devices.

import { XmlError } from './xml-error.js';

/** Bytes decoded into one piece of text when a body is read from its bytes. */
export const PIECE_BYTES = 1 << 20;

const tooLarge = (maxBytes: number): XmlError =>
  new XmlError('too-large', `The XML body is larger than the ${maxBytes} bytes allowed.`);
const empty = (): XmlError => new XmlError('empty', 'The body is empty.');
const notXml = (): XmlError => new XmlError('not-xml', 'The body is not XML.');
// Before parsing: a DOCTYPE is how entity-expansion bombs and external entities get in.
const doctype = (): XmlError => new XmlError('doctype', 'XML with a DOCTYPE is refused.');

/**
 * The body without its byte-order mark, once checked. Both parsers of the codec read a body through this
 * (or checkBodyBytes, for the same refusals).
 */
export function checkBody(text: string, maxBytes: number): string {
  if (typeof text !== 'string') throw new XmlError('not-xml', 'The body is not text.');
  if (exceedsBytes(text, maxBytes)) throw tooLarge(maxBytes);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const trimmed = body.trim();
  if (trimmed === '') throw empty();
  if (trimmed[0] !== '<') throw notXml();
  if (hasDoctype(body)) throw doctype();
  return body;
}

/**
 * The body's text in pieces of about PIECE_BYTES, in order, once checked as checkBody checks text: the
 * pieces join to what checkBody would return for the bytes decoded whole (a byte-order mark dropped, bytes
 * that are not UTF-8 read as U+FFFD). The checks run before this returns; the pieces after the first
 * non-blank one are decoded as they are asked for.
 */
export function checkBodyBytes(bytes: Uint8Array, maxBytes: number): Iterable<string> {
  if (!(bytes instanceof Uint8Array)) throw new XmlError('not-xml', 'The body is not bytes.');
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  const pieces = textPieces(bytes);
  // The pieces up to the first that is not blank, held until the parser asks (as a rule just one).
  const head: string[] = [];
  for (let piece = pieces.next(); ; piece = pieces.next()) {
    if (piece.done) throw empty();
    let text = piece.value;
    if (head.length === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    head.push(text);
    const start = text.trimStart();
    if (start === '') continue;
    if (start[0] !== '<') throw notXml();
    break;
  }
  if (hasDoctypeBytes(bytes)) throw doctype();
  return (function* () {
    while (head.length > 0) yield head.shift()!;
    yield* pieces;
  })();
}

/**
 * Each piece ends where a whole decode would too: before a byte that begins a character, or inside a run
 * of bytes that are not UTF-8 where no character is cut. A piece's edge moves back at most 3 bytes, to
 * the start of a character that would straddle it (or of the bytes a decoder would take for one and
 * replace with one U+FFFD). The first piece's decoder drops a leading byte-order mark, as a whole decode
 * does; the others keep what they read.
 */
function* textPieces(bytes: Uint8Array): Generator<string, void> {
  const first = new TextDecoder('utf-8');
  const rest = new TextDecoder('utf-8', { ignoreBOM: true });
  for (let at = 0; at < bytes.length;) {
    const end = pieceEnd(bytes, at);
    yield (at === 0 ? first : rest).decode(bytes.subarray(at, end));
    at = end;
  }
}

function pieceEnd(bytes: Uint8Array, at: number): number {
  const end = Math.min(bytes.length, at + PIECE_BYTES);
  if (end === bytes.length) return end;
  // The nearest byte at or before `end` that is not a continuation byte (10xxxxxx), up to 3 back.
  for (let p = end; p >= end - 3 && p > at; p--) {
    const byte = bytes[p]!;
    if ((byte & 0xc0) === 0x80) continue;
    return p < end && p + sequenceLength(byte) > end ? p : end;
  }
  return end; // only continuation bytes: `end` is not inside any character
}

/** Bytes of the character this byte begins (1 for ASCII and for a byte no character begins with). */
function sequenceLength(byte: number): number {
  if (byte >= 0xc2 && byte <= 0xdf) return 2;
  if (byte >= 0xe0 && byte <= 0xef) return 3;
  if (byte >= 0xf0 && byte <= 0xf4) return 4;
  return 1;
}

/** UTF-8 size of `text`, counting only as far as needed to know whether it exceeds `limit`. */
function exceedsBytes(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > limit) return true;
  }
  return false;
}

/**
 * Whether `<!DOCTYPE` appears, in any case. Each `<!` is looked at (there are none in the service's lists):
 * one indexOf pass, where the case-blind regular expression took 12 ms over a 100,000-device list. The pass
 * looks for the '!' and then the '<' before it: a list has millions of '<' and as a rule no '!', and a
 * search for '<!' stopped at every '<' (22 ms over 100,000 devices, against 4).
 */
function hasDoctype(body: string): boolean {
  for (let at = body.indexOf('!'); at !== -1; at = body.indexOf('!', at + 1)) {
    const afterLess = body.charCodeAt(at - 1) === 0x3c; // '<'
    if (afterLess && body.slice(at + 1, at + 8).toUpperCase() === 'DOCTYPE') return true;
  }
  return false;
}

const DOCTYPE_BYTES = [0x44, 0x4f, 0x43, 0x54, 0x59, 0x50, 0x45]; // 'DOCTYPE'

/** hasDoctype over the bytes; letters compared as ASCII (upper-cased by clearing bit 0x20). */
function hasDoctypeBytes(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0x21); at !== -1; at = bytes.indexOf(0x21, at + 1)) {
    if (bytes[at - 1] !== 0x3c) continue; // '<'
    let k = 0;
    while (k < 7 && ((bytes[at + 1 + k] ?? 0) & 0xdf) === DOCTYPE_BYTES[k]) k++;
    if (k === 7) return true;
  }
  return false;
}
