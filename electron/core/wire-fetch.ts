// Every request to the service goes over the wire here: one socket code under the client's sendAttempt
// (timeout, cancel, no redirects, body limit, error mapping), for the devices poll and every other call.
//
// The devices poll (`wireFetch`) takes its body in the content coding the service chose (gzip, deflate,
// br), and undoes that coding only when the poll needs the text (`decodeContent`). Why not fetch: it undoes
// the coding as the body streams, so every poll, changed or not, paid for it. At 300,000 devices the
// service's answer is ~5 MB gzipped and ~90 MB of XML: an unchanged poll spent ~250 ms inflating it and
// ~180 ms hashing the 90 MB (this machine), on the worker and V8's helper threads, which on two cores is
// CPU the main thread and the page wait for (their stalls in the idle-poll window were time spent waiting
// for a CPU, not working: test/bench/host-process.mjs BENCH_STALLS). The bytes as they came tell an
// unchanged answer just as well, for ~3 ms of hashing.
//
// Every other call (`serviceFetch`) reads its body with the coding undone as it streams, so the client's
// body limit counts the bytes it will parse and a small answer that inflates without end is cut off there.
//
// Like fetch here, neither follows a redirect or uses a proxy; connections are kept alive between calls.
//
// A kept-alive connection can be closed by the service (its idle timeout) just as a request is written to
// it: the request then fails with a reset before any answer, though the service is there. A GET or HEAD
// that fails so on a reused connection is sent once more on a new one (Node's own advice for
// `request.reusedSocket`; browsers do the same). Nothing else is sent again: a POST may have reached the
// service before the reset (a support session created twice invites its customer twice), and a failure on
// a new connection is the service's answer to give.

import http from 'node:http';
import https from 'node:https';
import { pipeline, Readable, type Transform } from 'node:stream';
import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  gunzipSync,
  inflateRawSync,
  inflateSync,
} from 'node:zlib';
import { BodyTooLargeError, ContentCodingError } from '../../shared/http/read-body.js';
import { largeBufferLength } from './large-buffers.js';

export { ContentCodingError };

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** The codings decodeContent undoes, in the order of preference the request states. */
const ACCEPTED = 'gzip, deflate, br';

/** A `fetch` for sendAttempt whose answer keeps its Content-Encoding: the body is the bytes as sent. */
export const wireFetch: typeof fetch = (input, init) => send(input, init ?? {}, false);

/**
 * The `fetch` of every call to the service but the devices poll: the answer's body with its coding undone
 * as it streams (its headers then say neither the coding nor the coded length). A coding this client
 * cannot undo, or damaged bytes, fail the read with ContentCodingError: a malformed answer.
 */
export const serviceFetch: typeof fetch = (input, init) => send(input, init ?? {}, true);

/** Methods that change nothing on the service, and so may be sent again after a stale connection's reset. */
const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** A reset or a broken pipe: what writing to a connection the service had already closed gives. */
const staleConnection = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
};

const send = (
  input: string | URL | Request,
  init: RequestInit,
  decode: boolean,
  again = true,
): Promise<Response> =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const request = url.protocol === 'https:' ? https.request : http.request;
    const agent = agents[url.protocol as keyof typeof agents];
    if (!agent) {
      reject(new TypeError(`Unsupported protocol ${url.protocol}`));
      return;
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    headers['accept-encoding'] = ACCEPTED;
    const method = (init.method ?? 'GET').toUpperCase();
    const req = request(url, {
      method,
      headers,
      agent,
      ...(init.signal ? { signal: init.signal } : {}),
    });
    let answered = false;
    req.on('error', (error) => {
      if (again && !answered && req.reusedSocket && IDEMPOTENT.has(method) && staleConnection(error)) {
        if (init.signal?.aborted) reject(error);
        else resolve(send(input, init, decode, false));
        return;
      }
      reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      const answer = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (Array.isArray(value)) for (const v of value) answer.append(name, v);
        else if (value !== undefined) answer.set(name, value);
      }
      const status = res.statusCode ?? 0;
      let from: Readable = res;
      if (decode && !NULL_BODY.has(status)) {
        try {
          from = decoded(res, codingsOf(answer.get('content-encoding')));
        } catch (error) {
          res.destroy();
          reject(error);
          return;
        }
        answer.delete('content-encoding');
        answer.delete('content-length');
      }
      // A stream the request's abort (timeout, cancel) also ends, with the error sendAttempt maps.
      const body = NULL_BODY.has(status) ? null : (Readable.toWeb(from) as ReadableStream<Uint8Array>);
      if (!body) res.resume();
      try {
        resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers: answer }));
      } catch (error) {
        res.destroy();
        reject(error);
      }
    });
    if (typeof init.body === 'string') req.end(init.body);
    else req.end();
  });

/** A Content-Encoding's codings in the order they were applied, without `identity`. */
const codingsOf = (encoding: string | null): string[] =>
  (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');

const unknownCoding = (coding: string): ContentCodingError =>
  new ContentCodingError(`The service answered in a coding this app cannot read (${coding}).`);

const damaged = (coding: string, error: unknown): ContentCodingError =>
  new ContentCodingError(
    `The service's ${coding} answer could not be read: ${error instanceof Error ? error.message : String(error)}`,
  );

/** How one coding is undone: on a body held whole (decodeContent), or as it streams (serviceFetch). */
interface Undoer {
  whole(bytes: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
  stream(): Transform;
}

const GZIP: Undoer = {
  whole: (bytes, o) => gunzipSync(bytes, { ...o, chunkSize: gzipOutputChunk(bytes, o.maxOutputLength) }),
  stream: createGunzip,
};

/**
 * Inflated into one buffer (large-buffers.ts), not in zlib's 16 kB pieces joined at the end: its length
 * from the gzip trailer's size (the last member's, modulo 4 GB; zlib refuses a member whose size is not
 * its trailer's, and several members only mean more pieces), never beyond the limit.
 */
export function gzipOutputChunk(bytes: Uint8Array, limit: number): number {
  const n = bytes.byteLength;
  const size = n < 18 ? 0 : new DataView(bytes.buffer, bytes.byteOffset, n).getUint32(n - 4, true);
  return Math.min(largeBufferLength(size + 1024), limit + 1);
}

const BROTLI: Undoer = { whole: brotliDecompressSync, stream: createBrotliDecompress };
const ZLIB_DEFLATE: Undoer = { whole: inflateSync, stream: createInflate };
const RAW_DEFLATE: Undoer = { whole: inflateRawSync, stream: createInflateRaw };

/**
 * What undoes `coding`, given the first bytes of what it coded: HTTP's deflate is zlib-wrapped, but some
 * servers send it raw, and a zlib header's first two bytes are method 8 and a multiple of 31.
 */
function undoerOf(coding: string, head: Uint8Array): Undoer {
  if (coding === 'gzip' || coding === 'x-gzip') return GZIP;
  if (coding === 'br') return BROTLI;
  if (coding !== 'deflate') throw unknownCoding(coding);
  const wrapped = head.length >= 2 && (head[0]! & 0x0f) === 8 && (head[0]! * 256 + head[1]!) % 31 === 0;
  return wrapped ? ZLIB_DEFLATE : RAW_DEFLATE;
}

/**
 * The body with its codings undone as it is read (the last applied undone first), each under its reader's
 * back-pressure, so a small answer that inflates without end is no faster than the reader that cuts it
 * off at the limit. A decoder's failure reaches the reader as ContentCodingError; the socket's own (an
 * abort, a reset) as it was.
 */
function decoded(res: Readable, codings: readonly string[]): Readable {
  if (codings.length === 0) return res;
  for (const coding of codings) undoerOf(coding, new Uint8Array(0)); // an unknown one fails the fetch now
  let source: AsyncIterable<Uint8Array> = res;
  for (const coding of [...codings].reverse()) source = undo(coding, source);
  return Readable.from(source, { objectMode: false });
}

async function* undo(coding: string, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const from = source[Symbol.asyncIterator]();
  let upstream: unknown = null;
  const next = async (): Promise<IteratorResult<Uint8Array>> => {
    try {
      return await from.next();
    } catch (error) {
      upstream = error;
      throw error;
    }
  };
  // Deflate is told wrapped or raw from its first two bytes (undoerOf).
  let head: Uint8Array = new Uint8Array(0);
  if (coding === 'deflate') {
    while (head.length < 2) {
      const n = await next();
      if (n.done) break;
      head = Buffer.concat([head, n.value]);
    }
  }
  const stage = undoerOf(coding, head).stream();
  async function* rest(): AsyncGenerator<Uint8Array> {
    if (head.length > 0) yield head;
    for (;;) {
      const n = await next();
      if (n.done) return;
      yield n.value;
    }
  }
  const out = pipeline(Readable.from(rest(), { objectMode: false }), stage, () => undefined);
  try {
    for await (const chunk of out) yield chunk as Uint8Array;
  } catch (error) {
    throw error === upstream ? error : damaged(coding, error);
  } finally {
    await from.return?.();
  }
}

/**
 * The body's bytes with its Content-Encoding undone (codings listed in the order applied: the last is
 * undone first), at most `limitBytes` of them: a small answer that inflates past the limit is refused
 * like a large one (BodyTooLargeError), never held whole.
 */
export function decodeContent(bytes: Uint8Array, encoding: string | null, limitBytes: number): Uint8Array {
  const codings = codingsOf(encoding);
  let out: Uint8Array = bytes;
  for (const coding of codings.reverse()) {
    try {
      out = undoerOf(coding, out).whole(out, { maxOutputLength: limitBytes });
    } catch (error) {
      if (error instanceof ContentCodingError) throw error;
      if (tooLarge(error)) throw new BodyTooLargeError(limitBytes);
      throw damaged(coding, error);
    }
  }
  if (out.byteLength > limitBytes) throw new BodyTooLargeError(limitBytes);
  return out;
}

const tooLarge = (error: unknown): boolean =>
  error instanceof RangeError || (error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE';
