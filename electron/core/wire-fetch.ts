// The devices poll's request as it goes over the wire, its body left in the content coding the service
// chose (gzip, deflate, br), and that coding undone only when the poll needs the text.
//
// Why not fetch: it undoes the coding as the body streams, so every poll, changed or not, paid for it.
// At 300,000 devices the service's answer is ~5 MB gzipped and ~90 MB of XML: an unchanged poll spent
// ~250 ms inflating it and ~180 ms hashing the 90 MB (this machine), on the worker and V8's helper
// threads, which on two cores is CPU the main thread and the page wait for (their stalls in the idle-poll
// window were time spent waiting for a CPU, not working: test/bench/host-process.mjs BENCH_STALLS). The
// bytes as they came tell an unchanged answer just as well, for ~3 ms of hashing.
//
// It is still sent by the client's own sendAttempt (timeout, cancel, no redirects, body limit, error
// mapping): this is only the `fetch` handed to it. Like fetch here, it follows no redirect and uses no
// proxy; connections are kept alive between polls.

import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { BodyTooLargeError } from '../../shared/http/read-body.js';

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** The codings decodeContent undoes, in the order of preference the request states. */
const ACCEPTED = 'gzip, deflate, br';

/** A `fetch` for sendAttempt whose answer keeps its Content-Encoding: the body is the bytes as sent. */
export const wireFetch: typeof fetch = (input, init = {}) =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const send = url.protocol === 'https:' ? https.request : http.request;
    const agent = agents[url.protocol as keyof typeof agents];
    if (!agent) {
      reject(new TypeError(`Unsupported protocol ${url.protocol}`));
      return;
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    headers['accept-encoding'] = ACCEPTED;
    const req = send(url, {
      method: init.method ?? 'GET',
      headers,
      agent,
      ...(init.signal ? { signal: init.signal } : {}),
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const answer = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (Array.isArray(value)) for (const v of value) answer.append(name, v);
        else if (value !== undefined) answer.set(name, value);
      }
      const status = res.statusCode ?? 0;
      // A stream the request's abort (timeout, cancel) also ends, with the error sendAttempt maps.
      const body = NULL_BODY.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
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

/** The answer's bytes were not in a coding this client can undo, or were damaged in it. */
export class ContentCodingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentCodingError';
  }
}

/**
 * The body's bytes with its Content-Encoding undone (codings listed in the order applied: the last is
 * undone first), at most `limitBytes` of them: a small answer that inflates past the limit is refused
 * like a large one (BodyTooLargeError), never held whole.
 */
export function decodeContent(bytes: Uint8Array, encoding: string | null, limitBytes: number): Uint8Array {
  const codings = (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let out: Uint8Array = bytes;
  for (const coding of codings.reverse()) {
    const options = { maxOutputLength: limitBytes };
    try {
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out, options);
      else if (coding === 'br') out = brotliDecompressSync(out, options);
      else if (coding === 'deflate') {
        // HTTP's deflate is zlib-wrapped; some servers send it raw.
        try {
          out = inflateSync(out, options);
        } catch (error) {
          if (tooLarge(error)) throw error;
          out = inflateRawSync(out, options);
        }
      } else
        throw new ContentCodingError(`The service answered in a coding this app cannot read (${coding}).`);
    } catch (error) {
      if (error instanceof ContentCodingError) throw error;
      if (tooLarge(error)) throw new BodyTooLargeError(limitBytes);
      throw new ContentCodingError(
        `The service's ${coding} answer could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (out.byteLength > limitBytes) throw new BodyTooLargeError(limitBytes);
  return out;
}

const tooLarge = (error: unknown): boolean =>
  error instanceof RangeError || (error as { code?: unknown } | null)?.code === 'ERR_BUFFER_TOO_LARGE';
