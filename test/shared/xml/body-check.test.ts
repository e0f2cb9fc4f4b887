// A body read from its bytes (body-check.ts checkBodyBytes, the devices poll's way) is refused for the
// same reasons, in the same order, as the same body decoded whole first; and its pieces of text join to
// exactly the whole decode wherever a piece's edge falls (characters of 2, 3 and 4 bytes, bytes that are
// not UTF-8, byte-order marks).
import { describe, expect, it } from 'vitest';
import { PIECE_BYTES, checkBody, checkBodyBytes } from '../../../shared/xml/body-check.js';
import { XmlError, decodeDevices, encodeDevices, type XmlErrorReason } from '../../../shared/xml/index.js';
import type { Device } from '../../../shared/model.js';

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
const whole = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);

function join(...parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function refusal(run: () => unknown): XmlErrorReason | 'none' {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlError) return error.reason;
    throw error;
  }
  return 'none';
}

const DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const ONE = '<device><id>1</id><name>PC</name></device>';

describe('a devices document read from its bytes, against the same bytes decoded whole', () => {
  it.each<[string, string]>([
    ['a list', `${DECL}<devices>${ONE}</devices>`],
    ['empty body', ''],
    ['whitespace only', ' \n\t '],
    ['a byte-order mark, then a list', `\uFEFF${DECL}<devices>${ONE}</devices>`],
    ['two byte-order marks, then a list', `\uFEFF\uFEFF<devices>${ONE}</devices>`],
    ['three byte-order marks', `\uFEFF\uFEFF\uFEFF<devices/>`],
    ['no-break spaces, then a list', `\u00A0\u3000<devices>${ONE}</devices>`],
    ['plain text', 'Service Unavailable'],
    ['text before the root, behind whitespace', '   \n oops <devices/>'],
    ['entity bomb', `<!DOCTYPE r [<!ENTITY a "aaaa">]><devices>${ONE}</devices>`],
    ['DOCTYPE after the root', `<devices>${ONE}</devices><!DOCTYPE r>`],
    ['doctype in another case', `<!-- note --><!dOcTyPe r><devices/>`],
    ["'!' without a DOCTYPE", `<devices><device><id>1</id><name>Hi!&lt;!x</name></device></devices>`],
    ['DOCTYPE behind plain text (not XML comes first)', 'oops <!DOCTYPE r>'],
    ['mismatched tags', `<devices><device><id>1</device></devices>`],
    ['wrong root', '<folders/>'],
    ['an item without an id', '<devices><device><name>x</name></device></devices>'],
  ])('%s', (_name, text) => {
    const bytes = bytesOf(text);
    const fromText = refusal(() => decodeDevices(whole(bytes)));
    expect(refusal(() => decodeDevices(bytes))).toBe(fromText);
    if (fromText === 'none') expect(decodeDevices(bytes)).toEqual(decodeDevices(whole(bytes)));
  });

  it('reads bytes that are not UTF-8 in a name as U+FFFD, as a whole decode does', () => {
    const [before, after] = ['<devices><device><id>1</id><name>a', 'b</name></device></devices>'].map(
      bytesOf,
    );
    const bytes = join(before!, [0xff, 0xc3], after!);
    expect(decodeDevices(bytes)[0]!.name).toBe('a\uFFFD\uFFFDb');
    expect(decodeDevices(bytes)).toEqual(decodeDevices(whole(bytes)));
  });

  it('refuses a body over the limit by its bytes, before looking at anything else', () => {
    const bytes = bytesOf(`<!DOCTYPE r><devices>${ONE.repeat(10)}</devices>`);
    expect(refusal(() => checkBodyBytes(bytes, bytes.length - 1))).toBe('too-large');
    expect(refusal(() => checkBodyBytes(bytes, bytes.length))).toBe('doctype');
  });

  it('finds a DOCTYPE that straddles the edge of two pieces', () => {
    for (const before of [PIECE_BYTES - 1, PIECE_BYTES - 4, PIECE_BYTES - 8]) {
      const text = `<devices>${' '.repeat(before - 9)}</devices><!DOCTYPE r>`;
      expect(refusal(() => checkBodyBytes(bytesOf(text), 1e8))).toBe('doctype');
    }
  });

  it('reads a body whose first piece is blank, and refuses one blank over several pieces as empty', () => {
    const late = ' '.repeat(PIECE_BYTES + 5) + `<devices>${ONE}</devices>`;
    // XML allows no whitespace before a declaration, but a root may follow it: as the text path reads it.
    expect(decodeDevices(bytesOf(late))).toEqual(decodeDevices(late));
    expect(refusal(() => checkBodyBytes(bytesOf(' \n'.repeat(PIECE_BYTES)), 1e8))).toBe('empty');
    expect(refusal(() => checkBodyBytes(bytesOf(' '.repeat(PIECE_BYTES + 3) + 'x'), 1e8))).toBe('not-xml');
  });

  it('decodes a list of several pieces to the very devices the text path decodes', () => {
    const base = decodeDevices(`<devices>${ONE}</devices>`)[0]!;
    const names = ['Zoë-PC', '东京-服务器', 'Ünïcødé 😀 laptop', 'plain'];
    const devices: Device[] = Array.from({ length: 40_000 }, (_, i) => ({
      ...base,
      id: String(i + 1),
      name: `${names[i % names.length]!} ${i}`,
    }));
    const text = encodeDevices(devices);
    const bytes = bytesOf(text);
    expect(bytes.length).toBeGreaterThan(PIECE_BYTES * 2);
    expect(decodeDevices(bytes)).toEqual(decodeDevices(text));
    expect([...checkBodyBytes(bytes, 1e8)].join('') === checkBody(text, 1e8)).toBe(true);
  });
});

describe('the pieces of a body join to its whole decode wherever an edge falls', () => {
  // A piece ends at PIECE_BYTES or up to 3 bytes short of it: each tail puts a character (or bytes that
  // are not UTF-8) across every one of those offsets.
  const tails: Array<[string, number[]]> = [
    ['é (2 bytes)', [0xc3, 0xa9]],
    ['中 (3 bytes)', [0xe4, 0xb8, 0xad]],
    ['😀 (4 bytes)', [0xf0, 0x9f, 0x98, 0x80]],
    ['a character cut short', [0xe4, 0xb8, 0x3c]],
    ['five continuation bytes', [0x80, 0x80, 0x80, 0x80, 0x80]],
    ['a lead byte, then six continuation bytes', [0xf0, 0x9f, 0x98, 0x80, 0x80, 0x80, 0x80]],
    ['a lead byte, then a byte it cannot take', [0xe0, 0x80, 0x80]],
    ['a lead byte of 4, cut short twice', [0xf0, 0x9f, 0xf0, 0x9f, 0x98]],
    ['a byte never in UTF-8', [0xff, 0xfe]],
  ];
  it.each(tails)('%s', (_name, tail) => {
    for (let shift = 0; shift < 8; shift++) {
      const head = bytesOf('<a>' + 'x'.repeat(PIECE_BYTES - 3 - 4 + shift));
      const bytes = join(head, tail, tail, bytesOf('</a>'));
      const pieces = [...checkBodyBytes(bytes, 1e8)];
      expect(pieces.length).toBe(2);
      // Compared as a boolean: a failing diff of two 1 MB strings takes minutes to print.
      expect(pieces.join('') === whole(bytes)).toBe(true);
    }
  });
});
