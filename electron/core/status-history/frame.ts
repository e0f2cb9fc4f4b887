// One record on disk: [payload length u32 LE][CRC-32 of the payload u32 LE][payload: UTF-8 JSON].
//
// Why this framing: a poll batch is appended as ONE frame, so a kill mid-write leaves at most one torn
// frame at the end of the file. The length tells where a frame ends; the CRC tells a complete frame from
// one whose tail is zeros or garbage (a file extended by the OS but not yet written, or a bad sector).
// Reading stops at the first frame that does not check out: everything before it is intact, nothing after
// it is trusted. CRC-32 comes from node:zlib (Node ≥ 20.15 and Electron's Node): no native build.

import { crc32 } from 'node:zlib';

export const FRAME_HEADER_BYTES = 8;
/** Larger than any poll batch we write (a reset of 100k devices is ~6 MB); guards against a garbage length. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

export function encodeFrame(payload: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + body.length);
  frame.writeUInt32LE(body.length, 0);
  frame.writeUInt32LE(crc32(body), 4);
  body.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

/**
 * A frame whose payload is serialised a piece at a time (a large batch). Each piece is encoded and added
 * to the CRC as it comes, and the frame is written as its pieces, never joined: encoding the JSON of a
 * first sync's 300,000 transitions in one go was one 150 ms task of the main thread (~40 ms at 100,000).
 */
export class FrameBuilder {
  readonly #pieces: Buffer[] = [];
  #crc = 0;
  #length = 0;

  add(text: string): void {
    const piece = Buffer.from(text, 'utf8');
    this.#crc = crc32(piece, this.#crc);
    this.#length += piece.length;
    this.#pieces.push(piece);
  }

  /** The frame: its header, then the pieces in the order they were added. */
  finish(): Buffer[] {
    if (this.#length > MAX_FRAME_BYTES) throw new Error(`a frame of ${this.#length} bytes is too large`);
    const header = Buffer.allocUnsafe(FRAME_HEADER_BYTES);
    header.writeUInt32LE(this.#length, 0);
    header.writeUInt32LE(this.#crc, 4);
    return [header, ...this.#pieces];
  }
}

export interface DecodedFrames<T> {
  records: Array<{ offset: number; end: number; value: T }>;
  /** Bytes up to the end of the last good frame: what a torn file is truncated to. */
  goodBytes: number;
  /** Whether something after goodBytes did not check out (torn tail or corruption). */
  torn: boolean;
}

/**
 * Decodes frames from `buffer` (which starts at file offset `base`). `accept` may skip a frame's JSON
 * parse (e.g. a device-timeline read that only wants frames mentioning one id): return false to skip.
 */
export function decodeFrames<T>(
  buffer: Buffer,
  base = 0,
  accept?: (body: Buffer) => boolean,
): DecodedFrames<T> {
  const records: DecodedFrames<T>['records'] = [];
  let pos = 0;
  while (pos + FRAME_HEADER_BYTES <= buffer.length) {
    const length = buffer.readUInt32LE(pos);
    const crc = buffer.readUInt32LE(pos + 4);
    const end = pos + FRAME_HEADER_BYTES + length;
    if (length === 0 || length > MAX_FRAME_BYTES || end > buffer.length) break;
    const body = buffer.subarray(pos + FRAME_HEADER_BYTES, end);
    if (crc32(body) !== crc) break;
    if (!accept || accept(body)) {
      let value: T;
      try {
        value = JSON.parse(body.toString('utf8')) as T;
      } catch {
        break; // a CRC-valid frame that is not JSON was not written by us: trust nothing after it
      }
      records.push({ offset: base + pos, end: base + end, value });
    }
    pos = end;
  }
  return { records, goodBytes: base + pos, torn: pos < buffer.length };
}
