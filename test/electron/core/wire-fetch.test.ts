// The one socket code under every call to the service (wire-fetch.ts), sent by the client's own sendAttempt
// (timeout, no redirects, errors): the devices poll's body as it came over the wire, its coding undone only
// on demand; every other call's body with its coding undone as it streams, under the client's body limit.
// Over real loopback HTTP.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, createGzip, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAttempt } from '../../../shared/client/transport.js';
import { AppFailure } from '../../../shared/errors.js';
import { BodyTooLargeError, readBodyInto, readBodyLimited } from '../../../shared/http/read-body.js';
import {
  ContentCodingError,
  decodeContent,
  gzipOutputChunk,
  serviceFetch,
  wireFetch,
} from '../../../electron/core/wire-fetch.js';
import { LARGE_BUFFER_BYTES } from '../../../electron/core/large-buffers.js';

const TEXT = '<devices>' + '<device><id>1</id></device>'.repeat(2_000) + '</devices>';

describe('wireFetch through sendAttempt', () => {
  let server: Server;
  let base = '';
  let seen: IncomingHttpHeaders = {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen = req.headers;
      if (req.url === '/gzip') {
        res.writeHead(200, { 'Content-Encoding': 'gzip', 'Set-Cookie': ['a=1', 'b=2'] });
        res.end(gzipSync(TEXT));
      } else if (req.url === '/moved') {
        res.writeHead(302, { Location: '/gzip' });
        res.end();
      } else if (req.url === '/empty') {
        res.writeHead(204);
        res.end();
      } else if (req.url === '/stalls') {
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.write('<devices>');
        // …and never ends.
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const read = async (path: string, timeoutMs = 5_000) => {
    const chunks: Uint8Array[] = [];
    const answer = await sendAttempt(
      wireFetch,
      { method: 'GET', url: base + path, headers: { Authorization: 'OAuth x' } },
      { timeoutMs, read: (response) => readBodyInto(response, 10 * 1024 * 1024, (c) => chunks.push(c)) },
    );
    return { ...answer, bytes: Buffer.concat(chunks) };
  };

  it('hands the body over still gzipped, with its headers, having asked for the codings it can undo', async () => {
    const answer = await read('/gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(answer.bytes.length).toBeLessThan(TEXT.length / 10);
    expect(Buffer.from(decodeContent(answer.bytes, 'gzip', 1e9)).toString()).toBe(TEXT);
    expect(seen['accept-encoding']).toBe('gzip, deflate, br');
    expect(seen.authorization).toBe('OAuth x');
  });

  it('follows no redirect, and answers a 204 with no body', async () => {
    const moved = await read('/moved');
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/gzip');
    const empty = await read('/empty');
    expect(empty.status).toBe(204);
    expect(empty.bytes.length).toBe(0);
  });

  it("ends a body that stops coming at the client's timeout, as a timeout", async () => {
    const failure = await read('/stalls', 300).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).toAppError().kind).toBe('timeout');
  });

  it('says a refused connection is a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await sendAttempt(
      wireFetch,
      { method: 'GET', url: `http://127.0.0.1:${port}/`, headers: {} },
      { timeoutMs: 5_000, read: async () => null },
    ).catch((error: unknown) => error);
    expect((failure as AppFailure).toAppError().kind).toBe('network');
  });
});

describe('serviceFetch through sendAttempt: every other call, its coding undone as it streams', () => {
  let server: Server;
  let base = '';
  const bytes = Buffer.from(TEXT);
  const coded: Record<string, [string, Buffer]> = {
    '/gzip': ['gzip', gzipSync(bytes)],
    '/x-gzip': ['x-gzip', gzipSync(bytes)],
    '/deflate': ['deflate', deflateSync(bytes)],
    '/deflate-raw': ['deflate', deflateRawSync(bytes)],
    '/br': ['br', brotliCompressSync(bytes)],
    '/gzip-br': ['gzip, br', brotliCompressSync(gzipSync(bytes))],
    '/identity': ['identity', bytes],
    '/damaged': ['gzip', gzipSync(bytes).subarray(0, gzipSync(bytes).length - 8)],
    '/zstd': ['zstd', bytes],
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const route = coded[req.url ?? ''];
      if (route) {
        res.writeHead(req.url === '/damaged' ? 503 : 200, { 'Content-Encoding': route[0] });
        res.end(route[1]);
      } else if (req.url === '/bomb') {
        // Zeros without end, gzipped (1 MB in ~1 kB): a client that read the body whole before it
        // inflated and counted would never be done; one that counts as it inflates stops at its limit.
        res.writeHead(200, { 'Content-Encoding': 'gzip' });
        const gzip = createGzip();
        gzip.pipe(res);
        const zeros = Buffer.alloc(1 << 20);
        const more = (): void => {
          while (!res.destroyed && gzip.write(zeros));
          if (!res.destroyed) gzip.once('drain', more);
        };
        res.on('close', () => gzip.destroy());
        more();
      } else if (req.url === '/stalls') {
        res.writeHead(200, { 'Content-Encoding': 'gzip' });
        res.write(gzipSync(bytes).subarray(0, 50));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const call = (path: string, { limit = 10 * 1024 * 1024, timeoutMs = 5_000 } = {}) =>
    sendAttempt(
      serviceFetch,
      { method: 'GET', url: base + path, headers: {} },
      { timeoutMs, read: (response) => readBodyLimited(response, limit) },
    );
  const kind = (error: unknown) => (error as AppFailure).toAppError().kind;

  it('reads gzip, x-gzip, deflate (wrapped or raw), br, stacked codings and identity as the text sent', async () => {
    for (const path of ['/gzip', '/x-gzip', '/deflate', '/deflate-raw', '/br', '/gzip-br', '/identity']) {
      const answer = await call(path);
      expect(answer.body, path).toBe(TEXT);
      // The headers describe the body handed over, which is no longer coded.
      expect(answer.headers.get('content-encoding'), path).toBeNull();
    }
  });

  it('cuts off an answer that inflates past the limit without inflating the rest', async () => {
    const failure = await call('/bomb', { limit: 2 * 1024 * 1024 }).catch((error: unknown) => error);
    expect(kind(failure)).toBe('malformed-response');
    expect(((failure as AppFailure).cause as Error).name).toBe('BodyTooLargeError');
  });

  it('says damaged bytes and an unknown coding are a malformed answer, not a network failure', async () => {
    const damaged = await call('/damaged').catch((error: unknown) => error);
    expect(kind(damaged)).toBe('malformed-response');
    expect(((damaged as AppFailure).cause as Error).message).toMatch(/gzip answer could not be read/);
    const unknown = await call('/zstd').catch((error: unknown) => error);
    expect(kind(unknown)).toBe('malformed-response');
    expect(((unknown as AppFailure).cause as Error).message).toMatch(/cannot read \(zstd\)/);
  });

  it('ends a coded body that stops coming at the timeout, as a timeout', async () => {
    const failure = await call('/stalls', { timeoutMs: 300 }).catch((error: unknown) => error);
    expect(kind(failure)).toBe('timeout');
  });
});

describe('decodeContent', () => {
  const bytes = Buffer.from(TEXT);
  const text = (out: Uint8Array) => Buffer.from(out).toString();

  it('undoes gzip, deflate (wrapped or raw), br and several codings in the order they were applied', () => {
    expect(text(decodeContent(gzipSync(bytes), 'gzip', 1e9))).toBe(TEXT);
    expect(text(decodeContent(gzipSync(bytes), 'x-gzip', 1e9))).toBe(TEXT);
    expect(text(decodeContent(deflateSync(bytes), 'deflate', 1e9))).toBe(TEXT);
    expect(text(decodeContent(deflateRawSync(bytes), 'deflate', 1e9))).toBe(TEXT);
    expect(text(decodeContent(brotliCompressSync(bytes), 'br', 1e9))).toBe(TEXT);
    // gzip first, then br: br is undone first.
    expect(text(decodeContent(brotliCompressSync(gzipSync(bytes)), 'gzip, br', 1e9))).toBe(TEXT);
    expect(decodeContent(bytes, null, 1e9)).toBe(bytes);
    expect(decodeContent(bytes, 'identity', 1e9)).toBe(bytes);
  });

  it('inflates gzip into one buffer (large-buffers.ts), whatever size its trailer claims', () => {
    const out = decodeContent(gzipSync(bytes), 'gzip', 1e9);
    expect(text(out)).toBe(TEXT);
    // Not zlib's 16 kB pieces joined: a view on one block over glibc's largest mmap threshold.
    expect(out.buffer.byteLength).toBeGreaterThanOrEqual(LARGE_BUFFER_BYTES);
    // A trailer that lies (or a last member's size alone) only means more pieces: the text is the same.
    const lying = Buffer.from(gzipSync(bytes));
    lying.writeUInt32LE(10, lying.length - 4);
    expect(() => decodeContent(lying, 'gzip', 1e9)).toThrow(ContentCodingError); // zlib checks the size
    const twoMembers = Buffer.concat([gzipSync(bytes), gzipSync(Buffer.from('tail'))]);
    expect(text(decodeContent(twoMembers, 'gzip', 1e9))).toBe(`${TEXT}tail`);
    // Never beyond the limit, whatever it claims.
    expect(gzipOutputChunk(lying, 100)).toBe(101);
    expect(gzipOutputChunk(gzipSync(bytes), 1e9)).toBe(LARGE_BUFFER_BYTES);
  });

  it('refuses what inflates past the limit, a coding it does not know, and damaged bytes', () => {
    expect(() => decodeContent(gzipSync(bytes), 'gzip', 1_000)).toThrow(BodyTooLargeError);
    expect(() => decodeContent(brotliCompressSync(bytes), 'br', 1_000)).toThrow(BodyTooLargeError);
    expect(() => decodeContent(deflateSync(bytes), 'deflate', 1_000)).toThrow(BodyTooLargeError);
    expect(() => decodeContent(bytes, 'zstd', 1e9)).toThrow(/cannot read \(zstd\)/);
    expect(() => decodeContent(bytes.subarray(0, 100), 'gzip', 1e9)).toThrow(ContentCodingError);
    expect(() => decodeContent(bytes, 'identity', 10)).toThrow(BodyTooLargeError);
  });
});

describe('a kept-alive connection the service closed as a request was written to it', () => {
  // The service answers the first request on each connection, and closes the connection unanswered when
  // another comes on it (what its idle timeout does at the wrong moment); '/reset' it closes at once.
  let server: Server;
  let base = '';
  const arrivals: string[] = [];
  let connections = 0;
  beforeAll(async () => {
    const served = new WeakMap<object, number>();
    server = createServer((req, res) => {
      arrivals.push(`${req.method} ${req.url}`);
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count > 1 || req.url === '/reset') {
        req.socket.destroy();
        return;
      }
      res.end(`answer to ${req.url}`);
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const call = (method: 'GET' | 'POST', path: string) =>
    sendAttempt(
      serviceFetch,
      { method, url: base + path, headers: {}, ...(method === 'POST' ? { body: 'x=1' } : {}) },
      { timeoutMs: 5_000, read: (response) => response.text() },
    ).then(
      (answer) => answer.body,
      (error: unknown) => (error as AppFailure).toAppError().kind,
    );

  it('sends a GET again on a new connection, a POST never, and a GET reset on a new connection not', async () => {
    expect(await call('GET', '/first')).toBe('answer to /first');
    arrivals.length = 0;
    connections = 0;
    // On the kept-alive connection: reset; sent again on a new one, and answered.
    expect(await call('GET', '/second')).toBe('answer to /second');
    expect(arrivals).toEqual(['GET /second', 'GET /second']);
    expect(connections).toBe(1);

    // The same for a POST: reset, and said as a network failure, having reached the service once.
    arrivals.length = 0;
    expect(await call('POST', '/create')).toBe('network');
    expect(arrivals).toEqual(['POST /create']);

    // A GET reset on a connection of its own: the service's answer, not a stale connection's.
    arrivals.length = 0;
    connections = 0;
    expect(await call('GET', '/reset')).toBe('network');
    expect(arrivals).toEqual(['GET /reset']);
    expect(connections).toBe(1);
  });
});
