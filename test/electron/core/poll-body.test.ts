// The devices poll's body as it streams in (devices-poll-work.ts): copied chunk by chunk into one buffer,
// each chunk dropped at once, and the young generation collected every few MB of wire bytes so that the
// dropped chunks are freed while the body still comes; the buffer given back (detached) after every poll;
// an unchanged answer told from its bytes as they came, still gzipped, without inflating them. Over real
// loopback HTTP, gzipped as the service sends it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BodyBuffer, pollDevices, type PollMemory } from '../../../electron/core/devices-poll-work.js';
import { DevicesMirror } from '../../../electron/core/devices-mirror.js';
import { LARGE_BUFFER_BYTES } from '../../../electron/core/large-buffers.js';
import type { Device } from '../../../shared/model.js';
import { encodeDevices } from '../../../shared/xml/resources.js';
import { device } from '../support/fake-service.js';

// Counts the inflations the poll makes (wire-fetch.ts undoes the coding with these).
vi.mock('node:zlib', async (original) => {
  const real = await original<typeof zlib>();
  return { ...real, gunzipSync: vi.fn(real.gunzipSync) };
});
const { gzipSync, gunzipSync } = zlib;

describe('BodyBuffer', () => {
  it('holds the chunks in order across its growth, and only the last body after a reset', () => {
    const body = new BodyBuffer();
    const chunk = (n: number, fill: number) => new Uint8Array(n).fill(fill);
    // Past the first buffer (LARGE_BUFFER_BYTES) into the next doubling.
    const first = [chunk(LARGE_BUFFER_BYTES - 100, 1), chunk(700_000, 2), chunk(900_000, 3)];
    for (const c of first) body.append(c);
    expect(Buffer.compare(Buffer.from(body.bytes), Buffer.concat(first))).toBe(0);
    body.reset();
    const second = [chunk(10, 7), chunk(5, 8)];
    for (const c of second) body.append(c);
    expect([...body.bytes]).toEqual([...Buffer.concat(second)]);
  });

  it('takes one buffer of LARGE_BUFFER_BYTES for any body under it: never grown, never freed in steps', () => {
    const body = new BodyBuffer();
    body.append(new Uint8Array(10).fill(1));
    const held = body.bytes.buffer;
    // One block over glibc's largest mmap threshold (large-buffers.ts): mapped alone, unmapped when freed.
    expect(held.byteLength).toBe(LARGE_BUFFER_BYTES);
    for (let i = 0; i < 20; i++) body.append(new Uint8Array(1_000_000).fill(2));
    expect(body.bytes.buffer).toBe(held);
    expect(body.bytes.byteLength).toBe(20_000_010);
  });

  it('gives its memory back detached, and takes the next body at the last size at once', () => {
    const body = new BodyBuffer();
    body.append(new Uint8Array(LARGE_BUFFER_BYTES + 1_000).fill(1));
    const held = body.bytes.buffer;
    expect(held.byteLength).toBe(2 * LARGE_BUFFER_BYTES);
    body.free();
    // Moved out, not waiting for the buffer's wrapper to be collected: the old buffer is empty.
    expect(held.byteLength).toBe(0);
    expect(body.bytes.byteLength).toBe(0);
    body.append(new Uint8Array(10).fill(2));
    expect(body.bytes.buffer.byteLength).toBe(LARGE_BUFFER_BYTES + 1_000);
    expect([...body.bytes]).toEqual(Array(10).fill(2));
  });
});

describe('the devices poll reading its body', () => {
  let server: Server;
  let url = '';
  let document = Buffer.alloc(0);
  let coding: string | null = 'gzip';
  let status = 200;
  let xmlBytes = 0;
  const many = (n: number, alias: string | null = null): Device[] =>
    Array.from({ length: n }, (_, i) => device(String(i + 1), null, { alias: i === 0 ? alias : null }));
  const serve = (devices: Device[], as: 'gzip' | 'gzip-fast' | 'identity' = 'gzip') => {
    const xml = encodeDevices(devices);
    xmlBytes = Buffer.byteLength(xml);
    coding = as === 'identity' ? null : 'gzip';
    document = as === 'identity' ? Buffer.from(xml) : gzipSync(xml, { level: as === 'gzip-fast' ? 1 : 6 });
  };
  beforeEach(() => {
    status = 200;
    vi.mocked(gunzipSync).mockClear();
  });

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(status, {
        'Content-Type': 'application/xml',
        ...(coding ? { 'Content-Encoding': coding } : {}),
      });
      // In pieces, as a large answer comes off a socket.
      for (let at = 0; at < document.length; at += 16 * 1024)
        res.write(document.subarray(at, at + 16 * 1024));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/devices.xml`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = () => ({ url, headers: {}, timeoutMs: 20_000, maxBytes: 512 * 1024 * 1024 });

  /** A mirror that took a first poll of 5,000 devices (gzipped, as served), and how to poll it again. */
  const committed = async () => {
    const memory: PollMemory = { body: new BodyBuffer(), collectYoung: null };
    const mirror = new DevicesMirror();
    const poll = () => pollDevices(mirror, request(), memory);
    serve(many(5_000));
    expect((await poll()).kind).toBe('delta');
    mirror.commit();
    return { memory, mirror, poll };
  };

  it('collects the young generation as a large body comes, and decodes, compares and re-reads it right', async () => {
    let collections = 0;
    const memory: PollMemory = { body: new BodyBuffer(), collectYoung: () => collections++ };
    const mirror = new DevicesMirror();
    // Not coded, so that the wire bytes are the 8 MB of text.
    serve(many(30_000), 'identity');
    const first = await pollDevices(mirror, request(), memory);
    expect(first.kind).toBe('delta');
    expect(first.kind === 'delta' && first.delta.added).toHaveLength(30_000);
    mirror.commit();
    expect(xmlBytes).toBeGreaterThan(8 * 1024 * 1024);
    // Every 4 MB of body, one collection.
    expect(collections).toBe(Math.floor(xmlBytes / (4 * 1024 * 1024)));

    // The very same bytes again: no change, without a decode.
    expect((await pollDevices(mirror, request(), memory)).kind).toBe('unchanged');

    // A shorter body after a longer one in the same buffer: only its own bytes are read.
    serve(many(3, 'Front desk'));
    const third = await pollDevices(mirror, request(), memory);
    expect(third.kind === 'delta' && third.delta.changed.map((d) => d.alias)).toEqual(['Front desk']);
    expect(third.kind === 'delta' && third.delta.removed).toHaveLength(29_997);
  });

  it('gives the buffer back after each poll, changed or not, and reads the next one whole', async () => {
    const { memory, poll } = await committed();
    expect(memory.body.bytes.buffer.byteLength).toBe(0);
    expect((await poll()).kind).toBe('unchanged');
    expect(memory.body.bytes.buffer.byteLength).toBe(0);
    serve(many(5_000, 'Front desk'));
    const changed = await poll();
    expect(changed.kind === 'delta' && changed.delta.changed.map((d) => d.alias)).toEqual(['Front desk']);
    expect(memory.body.bytes.buffer.byteLength).toBe(0);
  });

  it('tells an unchanged gzipped answer from its wire bytes, without inflating it', async () => {
    const { poll } = await committed();
    expect(gunzipSync).toHaveBeenCalledTimes(1);
    expect((await poll()).kind).toBe('unchanged');
    expect((await poll()).kind).toBe('unchanged');
    expect(gunzipSync).toHaveBeenCalledTimes(1);
  });

  it('takes the same text coded anew as no change, and knows those bytes from then on', async () => {
    const { poll } = await committed();
    // Another compression level: other wire bytes, the very same text.
    serve(many(5_000), 'gzip-fast');
    expect((await poll()).kind).toBe('unchanged');
    expect(gunzipSync).toHaveBeenCalledTimes(2);
    expect((await poll()).kind).toBe('unchanged');
    expect(gunzipSync).toHaveBeenCalledTimes(2);
    // Not coded at all: the text's hash is the wire's.
    serve(many(5_000), 'identity');
    expect((await poll()).kind).toBe('unchanged');
    // And a real change after all that is one.
    serve(many(5_000, 'Front desk'));
    const changed = await poll();
    expect(changed.kind === 'delta' && changed.delta.changed.map((d) => d.alias)).toEqual(['Front desk']);
  });

  it('refuses an answer that inflates past the body limit, and a damaged one, saying which', async () => {
    const memory: PollMemory = { body: new BodyBuffer(), collectYoung: null };
    const mirror = new DevicesMirror();
    serve(many(20_000));
    expect(document.length).toBeLessThan(1024 * 1024);
    expect(xmlBytes).toBeGreaterThan(4 * 1024 * 1024);
    const small = await pollDevices(mirror, { ...request(), maxBytes: 2 * 1024 * 1024 }, memory);
    expect(small).toMatchObject({ kind: 'failed', error: { kind: 'malformed-response' } });

    serve(many(100));
    document = Buffer.concat([document.subarray(0, 40), Buffer.alloc(200, 7)]);
    const damaged = await pollDevices(mirror, request(), memory);
    expect(damaged.kind).toBe('malformed');
    expect(damaged.kind === 'malformed' && damaged.message).toMatch(/gzip/);
  });

  it('reads a gzipped error answer for the client to map', async () => {
    const memory: PollMemory = { body: new BodyBuffer(), collectYoung: null };
    status = 503;
    document = gzipSync('<error><message>Down for maintenance</message></error>');
    coding = 'gzip';
    const answer = await pollDevices(new DevicesMirror(), request(), memory);
    expect(answer).toMatchObject({ kind: 'http', status: 503 });
    expect(answer.kind === 'http' && answer.body).toContain('Down for maintenance');
  });
});
