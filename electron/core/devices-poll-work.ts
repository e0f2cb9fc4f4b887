// What the devices poll worker does, as plain functions over a DevicesMirror, so that the same code runs in
// the worker (devices-poll-worker.ts) and, when no worker can start, in the main thread (devices-poller.ts).
//
// A poll: one attempt of the signed GET (signed by the main thread's ServiceClient, which keeps the tokens
// and runs the retry policy around attempts: `getVia`; only the one-use Authorization header crosses), sent
// by the client's own sendAttempt (timeout, no redirects, body limit, error mapping), the body read as the
// bytes that came over the wire (still gzipped: wire-fetch.ts), a hash of them, and — only when they differ
// from the last committed ones — the coding undone, a hash of the text (the same text coded anew is no
// change either), the decode and the diff. What goes back is the delta, never the list; a failure goes
// back as the client's AppError.
//
// The devices part of the offline cache is written and read here too: at 100,000 devices its JSON is
// ~30 MB, and stringifying or parsing that on the main thread is a stall of hundreds of milliseconds.

import { createHash } from 'node:crypto';
import { malformedResponseError } from '../../shared/client/errors.js';
import { sendAttempt } from '../../shared/client/transport.js';
import { AppFailure, type AppError } from '../../shared/errors.js';
import { BodyTooLargeError, readBodyInto } from '../../shared/http/read-body.js';
import type { Device, Timestamp } from '../../shared/model.js';
import { decodeDevices } from '../../shared/xml/resources.js';
import { isXmlError } from '../../shared/xml/xml-error.js';
import { readJsonFile, storageProblem, writeFileAtomic, writeFileAtomicSync } from './atomic-file.js';
import { jsonArrayParts, type DevicesDelta, type DevicesMirror } from './devices-mirror.js';
import { ContentCodingError, decodeContent, wireFetch } from './wire-fetch.js';
import { largeBufferLength } from './large-buffers.js';
import {
  FIRST_SCREEN_VERSION,
  firstScreenPath,
  firstScreenRows,
  newStamp,
  type FirstScreenFile,
} from './first-screen.js';

export interface PollRequest {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
}

export type PollOutcome =
  | { kind: 'unchanged' }
  | { kind: 'delta'; delta: DevicesDelta }
  /** A non-2xx answer, for the client's policy to retry or map (ServiceClient.send). */
  | { kind: 'http'; status: number; body: string; wwwAuthenticate: string | null; retryAfter: string | null }
  /** No answer (network, timeout, too large): the client's AppFailure, as data. */
  | { kind: 'failed'; error: AppError }
  | { kind: 'malformed'; status?: number; reason?: string; field?: string; message: string };

/** As readBodyLimited decodes (TextDecoder: a leading byte-order mark is dropped, bad bytes become U+FFFD). */
const utf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes);

/** Wire bytes received between two young-generation collections while a poll's body streams in. */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

/**
 * Where a poll's body is put as it streams in: each chunk is copied here and dropped at once. Kept as they
 * came (38 MB at 100,000 devices, 115 MB at 300,000), the chunks were external memory that outlived every
 * young collection, and V8 answered that much with full collections of the worker's heap during each idle
 * poll (at 300,000 devices several, one of them a 52 ms pause on helper threads the main thread shares the
 * two cores with; --trace-gc).
 *
 * Given back after every poll (`free`), taken again at the last body's size at once. Held from poll to
 * poll, it was resident for good (64 MB at 100,000 devices, the body's 38 rounded up by doubling); given
 * back as a dropped buffer, it waited for a full collection of the worker, which at 300,000 devices took
 * CPU from the page after every idle poll. So its memory is moved out of the old buffer first (`detach`):
 * the buffer it moves to is young, and the next young collection, a millisecond, frees it. Taken at least
 * LARGE_BUFFER_BYTES long (large-buffers.ts): grown by doubling from 1 MB, each step freed moved glibc's
 * mmap threshold up, and the arenas kept what later polls freed.
 */
export class BodyBuffer {
  #bytes = new Uint8Array(0);
  #length = 0;
  /** The last body's size once freed: the next is taken at that size at once, not grown to it. */
  #hint = 0;

  reset(): void {
    this.#length = 0;
  }

  /** Gives the bytes back: freed with the next young collection. */
  free(): void {
    this.#hint = Math.max(this.#hint, this.#length);
    detach(this.#bytes.buffer);
    this.#bytes = new Uint8Array(0);
    this.#length = 0;
  }

  append(chunk: Uint8Array): void {
    const length = this.#length + chunk.byteLength;
    if (length > this.#bytes.byteLength) {
      let size = largeBufferLength(Math.max(this.#bytes.byteLength, this.#hint));
      while (size < length) size *= 2;
      const grown = new Uint8Array(size);
      grown.set(this.#bytes.subarray(0, this.#length));
      detach(this.#bytes.buffer);
      this.#bytes = grown;
    }
    this.#bytes.set(chunk, this.#length);
    this.#length = length;
  }

  get bytes(): Uint8Array {
    return this.#bytes.subarray(0, this.#length);
  }
}

/**
 * Moves an ArrayBuffer's memory into a new buffer that is dropped at once: the old one is left empty
 * (detached), and the memory goes with the young generation's next collection, whatever generation the old
 * buffer had reached. Nothing is copied (a transfer hands the memory over).
 */
function detach(buffer: ArrayBufferLike): void {
  if (buffer.byteLength > 0 && buffer instanceof ArrayBuffer) structuredClone(buffer, { transfer: [buffer] });
}

export interface PollMemory {
  body: BodyBuffer;
  /** A young-generation collection (the worker's, --expose-gc): the chunks dropped so far are freed. */
  collectYoung: (() => void) | null;
}

export async function pollDevices(
  mirror: DevicesMirror,
  request: PollRequest,
  memory: PollMemory,
): Promise<PollOutcome> {
  try {
    return await pollInto(mirror, request, memory);
  } finally {
    memory.body.free();
  }
}

async function pollInto(
  mirror: DevicesMirror,
  request: PollRequest,
  memory: PollMemory,
): Promise<PollOutcome> {
  const { body, collectYoung } = memory;
  body.reset();
  // Hashed as the bytes come: an idle poll (the very same bytes) never inflates them, nor makes the ~38 MB
  // text at 100,000 devices, which would sit in this thread's heap until its next full collection.
  const hasher = createHash('sha1');
  let sinceCollected = 0;
  const take = (chunk: Uint8Array): void => {
    hasher.update(chunk);
    body.append(chunk);
    sinceCollected += chunk.byteLength;
    if (sinceCollected >= COLLECT_EVERY_BYTES && collectYoung) {
      sinceCollected = 0;
      collectYoung();
    }
  };
  let status: number;
  let coding: string | null;
  try {
    const answer = await sendAttempt(
      wireFetch,
      { method: 'GET', url: request.url, headers: request.headers },
      { timeoutMs: request.timeoutMs, read: (response) => readBodyInto(response, request.maxBytes, take) },
    );
    status = answer.status;
    coding = answer.headers.get('content-encoding');
    if (status < 200 || status >= 300) {
      let text = '';
      try {
        text = utf8(decodeContent(body.bytes, coding, request.maxBytes));
      } catch {
        // An error answer whose body cannot be read is mapped by its status alone.
      }
      return {
        kind: 'http',
        status,
        body: text,
        wwwAuthenticate: answer.headers.get('www-authenticate'),
        retryAfter: answer.headers.get('retry-after'),
      };
    }
  } catch (error) {
    if (error instanceof AppFailure) return { kind: 'failed', error: error.toAppError() };
    throw error;
  }
  const wire = hasher.digest('base64');
  if (mirror.sameWire(wire)) return { kind: 'unchanged' };
  const received = body.bytes;
  let document: Uint8Array;
  try {
    document = decodeContent(received, coding, request.maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return { kind: 'failed', error: malformedResponseError(status, error).toAppError() };
    if (error instanceof ContentCodingError) return { kind: 'malformed', status, message: error.message };
    throw error;
  }
  // Without a coding the text's hash is the wire's: not made twice.
  const hash = document === received ? wire : createHash('sha1').update(document).digest('base64');
  if (mirror.sameBytes(hash)) {
    mirror.cameAs(wire);
    return { kind: 'unchanged' };
  }
  let devices: Device[];
  try {
    // From the bytes, a piece at a time: the document is never one string beside them.
    devices = decodeDevices(document);
  } catch (error) {
    return isXmlError(error)
      ? { kind: 'malformed', status, reason: error.reason, field: error.field, message: error.message }
      : { kind: 'malformed', status, message: error instanceof Error ? error.message : 'decode failed' };
  }
  // An inflated document (a coding) is a buffer of its own, not needed by the diff: let it go meanwhile.
  document = new Uint8Array(0);
  return { kind: 'delta', delta: mirror.diff(devices, hash, wire) };
}

/**
 * A list fetched by other means (a client that cannot sign a request for this thread), taken as a poll
 * whose bytes are the list's JSON: the same list again is no change, as the same bytes are.
 */
export function diffDevices(mirror: DevicesMirror, devices: readonly Device[]): PollOutcome {
  const hash = createHash('sha1').update(JSON.stringify(devices)).digest('base64');
  if (mirror.sameBytes(hash)) return { kind: 'unchanged' };
  return { kind: 'delta', delta: mirror.diff(devices, hash) };
}

export const DEVICES_CACHE_VERSION = 1;

export interface DevicesCacheFile {
  version: number;
  /** The same as first-screen.json's when that file stands for this one (first-screen.ts). */
  stamp?: string;
  fetchedAt: Timestamp | null;
  records: Device[];
}

export type DevicesCacheLoad =
  | { status: 'loaded'; fetchedAt: Timestamp | null; records: Device[] }
  | { status: 'none' }
  | { status: 'discarded'; notice: string };

/**
 * Loads the cached devices into the mirror (it then equals what the main thread will hold). Not through
 * the store (store/files.ts says why: ~30 MB, streamed, checked here off the main thread); a damaged file
 * is not shown, with a notice, and the next save replaces it.
 */
export async function loadDevicesCache(mirror: DevicesMirror, file: string): Promise<DevicesCacheLoad> {
  let value: unknown;
  try {
    value = await readJsonFile(file);
  } catch (error) {
    return {
      status: 'discarded',
      notice:
        error instanceof SyntaxError
          ? 'The saved offline copy was damaged and has been discarded.'
          : 'The saved offline copy could not be read; it is not shown.',
    };
  }
  if (value === undefined) return { status: 'none' };
  const record = value as Partial<DevicesCacheFile>;
  if (record.version !== DEVICES_CACHE_VERSION)
    return {
      status: 'discarded',
      notice: 'The saved offline copy came from another version of the app and has been discarded.',
    };
  if (
    !Array.isArray(record.records) ||
    !(record.fetchedAt === null || typeof record.fetchedAt === 'string') ||
    !record.records.every((r) => typeof r === 'object' && r !== null && typeof r.id === 'string')
  )
    return { status: 'discarded', notice: 'The saved offline copy was damaged and has been discarded.' };
  mirror.replaceAll(record.records);
  return { status: 'loaded', fetchedAt: record.fetchedAt ?? null, records: record.records };
}

/** Writes the mirror (which equals the main thread's devices) atomically; a notice when that failed. */
export async function saveDevicesCache(
  mirror: DevicesMirror,
  file: string,
  fetchedAt: Timestamp | null,
): Promise<string | null> {
  // DevicesCacheFile, with the records as the mirror keeps them (JSON already). The stamp comes right
  // after the version: first-screen.ts reads it from the file's first bytes.
  const stamp = newStamp();
  const head = JSON.stringify({ version: DEVICES_CACHE_VERSION, stamp, fetchedAt } satisfies Omit<
    DevicesCacheFile,
    'records'
  >);
  function* parts(): Generator<string> {
    yield `${head.slice(0, -1)},"records":`;
    yield* jsonArrayParts(mirror.texts());
    yield '}';
  }
  try {
    // Written without a pause (writeFileAtomicSync, on this worker's own thread), and the first screen made
    // right after from the same devices: no patch can come in between.
    writeFileAtomicSync(file, parts());
    // After devices.json: a first screen is never on disk before the devices it stands for.
    const first: FirstScreenFile = {
      version: FIRST_SCREEN_VERSION,
      stamp,
      fetchedAt,
      total: mirror.size,
      records: firstScreenRows(mirror.entries()),
    };
    await writeFileAtomic(firstScreenPath(file), JSON.stringify(first));
    return null;
  } catch (error) {
    return storageProblem(error, 'the offline copy');
  }
}
