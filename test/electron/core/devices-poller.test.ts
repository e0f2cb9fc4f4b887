// The devices poll runs in a worker thread (its TypeScript source loaded by tsx inside the worker) against a
// real HTTP server on loopback: only what the mirror took comes back, in parts of the change log's entry,
// identical bytes skip the decode, a delta that the main thread discards comes again, local patches keep
// the mirror equal to the picture. A worker that cannot start must not cost the technician the device
// list: the same handler then runs in this thread.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevicesFeed, DevicesGet, DevicesPoll } from '../../../electron/core/devices-feed.js';
import { DevicesPart, type PartCarried } from '../../../electron/core/devices-part.js';
import { deviceDigest } from '../../../electron/core/devices-part.js';
import type { DevicesFeedOptions } from '../../../electron/core/devices-feed.js';
import { ServiceClient } from '../../../shared/client/service-client.js';
import { createDevicesFeed } from '../../../electron/core/devices-poller.js';
import { defaultWorkerSpec, workerLocation } from '../../../electron/core/devices-worker-start.js';
import { createPollerHandler, type PollerReply } from '../../../electron/core/devices-poll-worker.js';
import { BodyBuffer } from '../../../electron/core/devices-poll-work.js';
import { changeParts, PART_SIZE } from '../../../electron/core/devices-owner.js';
import type { LogLevel } from '../../../electron/core/logger.js';
import { heapRelease } from '../../../electron/core/thread-heap.js';
import { createLogger } from '../../../electron/core/logger.js';
import { AppFailure } from '../../../shared/errors.js';
import type { Device } from '../../../shared/model.js';
import { encodeDevices } from '../../../shared/xml/resources.js';
import { device } from '../support/fake-service.js';

let feed: DevicesFeed | null = null;
let server: Server;
let answer: { status: number; body: string; headers?: Record<string, string> };
let requests: Array<{ authorization: string | undefined }> = [];
/** The devices GET as the app makes it: a ServiceClient's policy around attempts the feed sends. */
let sign: DevicesGet;

function clientGet(baseUrl: string): DevicesGet {
  let n = 0;
  const client = new ServiceClient({
    baseUrl,
    consumer: { key: 'key', secret: 'secret' },
    signer: { sign: (r) => ({ url: r.url, headers: { Authorization: `OAuth n${++n}` } }) },
    retryBaseDelayMs: 1,
  });
  return (attempt, signal) => client.getVia('/devices.xml', 'device', attempt, signal ? { signal } : {});
}

beforeEach(async () => {
  requests = [];
  answer = { status: 200, body: encodeDevices([]) };
  server = createServer((req, res) => {
    requests.push({ authorization: req.headers.authorization });
    res.writeHead(answer.status, { 'Content-Type': 'application/xml', ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  sign = clientGet(`http://127.0.0.1:${port}`);
});
afterEach(async () => {
  await feed?.close();
  feed = null;
  await new Promise((resolve) => server.close(resolve));
});

function recordingLogger() {
  const lines: Array<{ level: LogLevel; line: string }> = [];
  return { lines, logger: createLogger((level, line) => lines.push({ level, line })) };
}

const list = (n: number, patch: (i: number) => Partial<Device> = () => ({})) =>
  Array.from({ length: n }, (_, i) => device(String(i + 1), i % 2 ? '10' : null, patch(i)));

/** The lists of the parts, joined (here only, to compare them with whole lists). */
const joined = (parts: readonly DevicesPart[]) => ({
  added: parts.flatMap((p) => p.devices().added),
  changed: parts.flatMap((p) => p.devices().changed),
  removed: parts.flatMap((p) => p.devices().removed),
});

/** A poll committed: `delta` null when the bytes were the same, else what the mirror took. */
async function committed(poll: DevicesPoll, options: { reset?: boolean } = {}) {
  const parts: DevicesPart[] = [];
  const count = await poll.commit({ ...options, onPart: (part) => parts.push(part) });
  // What the main thread keeps of each device, as the worker packed it, is the digest of what it sent.
  for (const part of parts) {
    const { added, changed, removed } = part.devices();
    expect(part.digests()).toEqual({
      added: added.map(deviceDigest),
      changed: changed.map(deviceDigest),
      removed,
    });
    expect(part.records).toBe(added.length + changed.length + removed.length);
  }
  return { delta: poll.changed ? joined(parts) : null, parts, count };
}

const pollCommitted = async (f: DevicesFeed, options: { reset?: boolean } = {}) =>
  committed(await f.poll(sign), options);

function behavesAsAFeed(make: (o: DevicesFeedOptions) => DevicesFeed) {
  it('hands back the whole list first, then only what changed; the same bytes again are no change at all', async () => {
    feed = make({});
    const devices = list(9_000);
    answer = { status: 200, body: encodeDevices(devices) };
    const first = await pollCommitted(feed, { reset: true });
    expect(first.delta?.added).toEqual(devices);
    // One entry of the change log, in parts (5 of them here) handed on one by one, the first marked.
    expect(first.parts.map((p) => [p.seq, p.first, p.devices().added.length])).toEqual([
      [2, true, PART_SIZE],
      [2, false, PART_SIZE],
      [2, false, PART_SIZE],
      [2, false, PART_SIZE],
      [2, false, 9_000 - 4 * PART_SIZE],
    ]);
    expect(first.count).toBe(9_000);
    expect(requests[0]?.authorization).toBe('OAuth n1'); // the main thread's signature, sent as is

    const idle = await pollCommitted(feed);
    expect([idle.delta, idle.parts, idle.count]).toEqual([null, [], 0]);

    const next = devices.map((d) => (d.id === '7' ? { ...d, status: 'offline' as const } : d));
    next.pop();
    next.push(device('new', null));
    answer = { status: 200, body: encodeDevices(next) };
    const after = await pollCommitted(feed);
    expect(after.delta).toEqual({ added: [device('new', null)], changed: [next[6]], removed: ['9000'] });
    expect(after.parts.map((p) => p.seq)).toEqual([3]); // the next entry of the log
  });

  it('a commit takes the poll but the fenced devices, and logs what it took', async () => {
    feed = make({});
    const devices = list(4);
    answer = { status: 200, body: encodeDevices(devices) };
    await pollCommitted(feed, { reset: true });
    const next = devices.map((d) => ({ ...d, status: 'offline' as const }));
    answer = { status: 200, body: encodeDevices(next) };
    const poll = await feed.poll(sign);
    const parts: DevicesPart[] = [];
    const count = await poll.commit({ fenced: new Set(['2', '3']), onPart: (p) => parts.push(p) });
    expect(count).toBe(2);
    expect(joined(parts)).toEqual({ added: [], changed: [next[0], next[3]], removed: [] });
    // The fenced devices were kept as the mirror had them: the same list again brings them now.
    const again = await pollCommitted(feed);
    expect(again.delta).toEqual({ added: [], changed: [next[1], next[2]], removed: [] });
  });

  it('a discarded delta comes again at the next poll; a local edit is part of the mirror', async () => {
    feed = make({});
    const devices = list(3);
    answer = { status: 200, body: encodeDevices(devices) };
    await pollCommitted(feed);
    const renamed = devices.map((d) => (d.id === '2' ? { ...d, alias: 'Front desk' } : d));
    answer = { status: 200, body: encodeDevices(renamed) };
    (await feed.poll(sign)).discard();
    expect((await pollCommitted(feed)).delta?.changed).toEqual([renamed[1]]);
    const back = devices.map((d) => ({ ...d, alias: `Back office ${d.id}` }));
    answer = { status: 200, body: encodeDevices(back) };
    const raced = await feed.poll(sign);
    expect(raced.changed).toBe(true);
    // The main thread edited a device before the poll was committed: the edit is newer, the rest lands.
    const mine = { ...devices[1]!, alias: 'Mine' };
    expect(await feed.edit([{ id: '2', alias: 'Mine' }])).toEqual([mine]);
    expect((await committed(raced)).delta).toEqual({ added: [], changed: [back[0], back[2]], removed: [] });
    expect((await feed.read(['2'])).get('2')).toEqual(mine);
    // The mirror no longer equals the polled bytes: the same list again brings the service's copy of '2'.
    const after = await pollCommitted(feed);
    expect(after.delta).toEqual({ added: [], changed: [back[1]], removed: [] });
  });

  it('reads devices as the mirror holds them: every commit and edit before the read is in', async () => {
    feed = make({});
    const devices = list(3);
    answer = { status: 200, body: encodeDevices(devices) };
    await pollCommitted(feed, { reset: true });
    const moved = { ...devices[1]!, folderId: '20' };
    void feed.edit([{ id: '2', folderId: '20' }]); // not awaited: the read comes after it all the same
    const read = await feed.read(['2', '1', '3', 'nope']);
    expect([...read.entries()]).toEqual([
      ['2', moved],
      ['1', devices[0]],
      ['3', devices[2]],
    ]);
  });

  it('edits the writable fields of the devices it holds and answers them whole; a poll under way keeps them', async () => {
    feed = make({});
    const devices = list(3);
    answer = { status: 200, body: encodeDevices(devices) };
    await pollCommitted(feed, { reset: true });
    const back = devices.map((d) => ({ ...d, status: 'offline' as const }));
    answer = { status: 200, body: encodeDevices(back) };
    const raced = await feed.poll(sign);
    const edited = await feed.edit([
      { id: '2', alias: 'Front desk', folderId: null },
      { id: 'gone', alias: 'x' },
    ]);
    expect(edited).toEqual([{ ...devices[1]!, alias: 'Front desk', folderId: null }]);
    // The edit is newer than the poll that was under way: the commit takes the others only.
    expect((await committed(raced)).delta).toEqual({ added: [], changed: [back[0], back[2]], removed: [] });
    expect((await feed.read(['2'])).get('2')).toEqual(edited[0]);
  });

  it("lists every device in parts, none after a later commit's part, each no older than it", async () => {
    feed = make({});
    const devices = list(2 * PART_SIZE + 10);
    answer = { status: 200, body: encodeDevices(devices) };
    await pollCommitted(feed, { reset: true });
    const next = devices.map((d) => (d.id === '1' ? { ...d, status: 'busy' as const } : d));
    answer = { status: 200, body: encodeDevices(next) };
    const poll = await feed.poll(sign);
    const said: Array<['list' | 'commit', Device[]]> = [];
    const listed = feed.list((p) => said.push(['list', p.devices().added]));
    const count = await poll.commit({ onPart: (p) => said.push(['commit', p.devices().changed]) });
    expect([await listed, count]).toEqual([devices.length, 1]);
    // The listing was asked before the commit: all its parts first (else the renderer would be sent the
    // older copy of '1' after the newer one), and it holds the devices as they were then.
    expect(said.map(([from, d]) => [from, d.length])).toEqual([
      ['list', PART_SIZE],
      ['list', PART_SIZE],
      ['list', 10],
      ['commit', 1],
    ]);
    expect(said.flatMap(([from, d]) => (from === 'list' ? d : []))).toEqual(devices);
    const after: Device[] = [];
    await feed.list((p) => after.push(...p.devices().added));
    expect(after).toEqual(next);
  });

  it('turns refusals into the client error shapes: 401, malformed XML, network', async () => {
    feed = make({});
    answer = {
      status: 401,
      body: '',
      headers: { 'WWW-Authenticate': 'OAuth oauth_problem="token_revoked"' },
    };
    const revoked = await feed.poll(sign).catch((e: unknown) => e);
    expect(revoked).toBeInstanceOf(AppFailure);
    expect((revoked as AppFailure).kind).toBe('not-signed-in');

    answer = { status: 200, body: '<!DOCTYPE x [<!ENTITY a "b">]><devices/>' };
    const hostile = await feed.poll(sign).catch((e: unknown) => e);
    expect((hostile as AppFailure).kind).toBe('malformed-response');

    const broken = await feed.poll(clientGet('http://127.0.0.1:1')).catch((e: unknown) => e);
    expect((broken as AppFailure).kind).toBe('network');
  });

  it('writes and reads the devices part of the offline cache', async () => {
    feed = make({});
    const dir = mkdtempSync(path.join(tmpdir(), 'feed-'));
    const file = path.join(dir, 'devices.json');
    const devices = list(1_500, (i) => ({ alias: `A${i}` }));
    answer = { status: 200, body: encodeDevices(devices) };
    await pollCommitted(feed);
    await feed.edit([{ id: '1', alias: 'edited' }]);
    expect(await feed.saveCache(file, '2026-11-22T10:00:00.000Z')).toBeNull();
    await feed.close();

    feed = make({});
    const parts: DevicesPart[] = [];
    const loading = feed.loadCache(file, (part) => parts.push(part));
    // Asked while the file is still being read: answered from what it holds, not from an empty mirror.
    const during = feed.read(['1']);
    const loaded = await loading;
    expect(loaded).toEqual({ status: 'loaded', fetchedAt: '2026-11-22T10:00:00.000Z' });
    expect((await during).get('1')?.alias).toBe('edited');
    const expected = [{ ...devices[0]!, alias: 'edited' }, ...devices.slice(1)];
    expect(joined(parts).added).toEqual(expected);
    expect(parts.map((p) => p.first)).toEqual([true]); // 1,500 devices: one part
    // The loaded list is the mirror: the same list from the service is no change.
    answer = { status: 200, body: encodeDevices(expected) };
    expect((await pollCommitted(feed)).delta).toEqual({ added: [], changed: [], removed: [] });

    // Loaded again, then listed: the devices of the file (in this thread handed on as the load parsed
    // them), and after an edit as the mirror holds them now.
    expect((await feed.loadCache(file, () => undefined)).status).toBe('loaded');
    const listed = async () => {
      const all: Device[] = [];
      await feed!.list((p) => all.push(...p.devices().added));
      return all;
    };
    expect(await listed()).toEqual(expected);
    await feed.edit([{ id: '3', alias: 'later' }]);
    expect((await listed()).find((d) => d.id === '3')?.alias).toBe('later');

    writeFileSync(file, '{"version":1,');
    expect((await feed.loadCache(file, () => undefined)).status).toBe('discarded');
  });
}

describe('devices feed in a worker', () => {
  behavesAsAFeed((o) => createDevicesFeed(o));

  it('starts its worker: no fallback logged', async () => {
    const { lines, logger } = recordingLogger();
    feed = createDevicesFeed({ logger });
    answer = { status: 200, body: encodeDevices(list(2)) };
    await pollCommitted(feed);
    expect(lines).toEqual([]);
  });

  it('hands on each part in a turn of its own, though the next one arrives while one is handled', async () => {
    feed = createDevicesFeed({});
    answer = { status: 200, body: encodeDevices(list(9_000)) };
    const poll = await feed.poll(sign);
    // Whether the event loop came round (an immediate set by the last part ran) before each part.
    const cameRound: boolean[] = [];
    let round = true;
    await poll.commit({
      reset: true,
      onPart: () => {
        cameRound.push(round);
        round = false;
        setImmediate(() => (round = true));
        // Long enough that the worker, acknowledged, has posted the next part meanwhile.
        const until = performance.now() + 25;
        while (performance.now() < until);
      },
    });
    expect(cameRound).toEqual([true, true, true, true, true]);
  });

  // Linux only: that is where the worker lowers its thread's priority (elsewhere it keeps the default).
  it.runIf(process.platform === 'linux')('runs its thread below the main thread’s priority', async () => {
    const nices = () =>
      readdirSync('/proc/self/task').map((tid) => {
        // Fields after the command's closing parenthesis; nice is the 19th field of the whole line.
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const before = nices().filter((n) => n === 10).length;
    feed = createDevicesFeed({ logger: recordingLogger().logger });
    answer = { status: 200, body: encodeDevices(list(2)) };
    await pollCommitted(feed);
    expect(nices().filter((n) => n === 10).length).toBe(before + 1);
    expect(nices()).toContain(0); // the main thread, among others, keeps its own
  });
});

/**
 * The real worker, which ends its thread (as a crash would) when told on a broadcast channel: its own port
 * must stay untouched, or messages sent before its module loaded would go to this listener alone.
 */
function mortalWorker(channel: string): NonNullable<DevicesFeedOptions['worker']> {
  const spec = defaultWorkerSpec();
  const load = spec.eval
    ? String(spec.source)
    : `import(${JSON.stringify(spec.source instanceof URL ? spec.source.href : pathToFileURL(spec.source).href)});`;
  const killer = `const bc = new (require('node:worker_threads').BroadcastChannel)(${JSON.stringify(channel)});
    bc.onmessage = () => process.exit(3);
    bc.unref();`;
  return { source: `${killer}\n${load}`, eval: true, workerData: spec.workerData };
}

describe('a worker that dies after it was up', () => {
  it('its replacement reloads the offline copy: reads meanwhile find them, and its first poll replaces all', async () => {
    const devices = list(5);
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'reseed-')), 'devices.json');
    let reseeds = 0;
    const { lines, logger } = recordingLogger();
    const channel = `kill-${process.pid}-${Date.now()}`;
    const reseed = () => {
      reseeds += 1;
      return copy;
    };
    feed = createDevicesFeed({ worker: mortalWorker(channel), logger, reseed });
    answer = { status: 200, body: encodeDevices(devices) };
    await pollCommitted(feed, { reset: true });
    expect(await feed.saveCache(copy, '2026-01-01T00:00:00Z')).toBeNull();
    expect((await feed.read(['2'])).get('2')).toEqual(devices[1]);
    const kill = new BroadcastChannel(channel);
    kill.postMessage('die');
    await expect.poll(() => lines.some((l) => l.line.includes('poll worker stopped'))).toBe(true);
    kill.close();
    expect(reseeds).toBe(1);
    // No poll since: the new worker holds what the copy held.
    expect([...(await feed.read(['2', '4'])).keys()]).toEqual(['2', '4']);
    // The copy may be older than what was shown: the next poll is whole, the same list all over again.
    const poll = await feed.poll(sign);
    expect(poll.complete).toBe(true);
    expect((await committed(poll, { reset: true })).delta?.added).toEqual(devices);
  });
});

describe('devices feed in this thread', () => {
  behavesAsAFeed((o) => createDevicesFeed({ ...o, worker: null }));

  it('gives the poll body buffer back after every poll, whatever it found', async () => {
    const free = vi.spyOn(BodyBuffer.prototype, 'free');
    try {
      feed = createDevicesFeed({ worker: null });
      answer = { status: 200, body: encodeDevices(list(3)) };
      await pollCommitted(feed);
      expect(free).toHaveBeenCalledTimes(1);
      await pollCommitted(feed); // the same bytes: unchanged
      expect(free).toHaveBeenCalledTimes(2);
    } finally {
      free.mockRestore();
    }
  });
});

describe('a worker that cannot start', () => {
  it('a missing worker file: polls in the main thread, says so once', async () => {
    const { lines, logger } = recordingLogger();
    const missing = pathToFileURL(path.join(import.meta.dirname, 'no-such-worker.js'));
    feed = createDevicesFeed({ logger, worker: { source: missing, eval: false } });
    const devices = list(4);
    answer = { status: 200, body: encodeDevices(devices) };
    expect((await pollCommitted(feed)).delta?.added).toEqual(devices);
    expect((await pollCommitted(feed)).delta).toBeNull();
    const warnings = lines.filter((l) => l.line.includes('poll worker could not start'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe('warn');
  });

  it('loses nothing sent before it failed: devices given and edited then are read in the main thread', async () => {
    const missing = pathToFileURL(path.join(import.meta.dirname, 'no-such-worker.js'));
    feed = createDevicesFeed({ worker: { source: missing, eval: false } });
    const devices = list(3);
    feed.replaceAll(devices.slice(0, 2)); // answers nothing: replayed all the same
    const moved = { ...devices[0]!, folderId: '20' };
    const edited = feed.edit([{ id: '1', folderId: '20' }]);
    expect([...(await feed.read(['1', '2', '3'])).values()]).toEqual([moved, devices[1]]);
    expect(await edited).toEqual([moved]);
  });

  it('reads a body that starts with a byte-order mark, as any UTF-8 text', async () => {
    feed = createDevicesFeed();
    const devices = list(3, (i) => ({ name: `Bürö ${i}` }));
    answer = { status: 200, body: `\uFEFF${encodeDevices(devices)}` };
    expect((await pollCommitted(feed)).delta?.added).toEqual(devices);
  });

  it('a worker whose module fails to load: same results in the main thread', async () => {
    feed = createDevicesFeed({ worker: { source: 'throw new Error("cannot load")', eval: true } });
    const devices = list(4);
    answer = { status: 200, body: encodeDevices(devices) };
    expect((await pollCommitted(feed)).delta?.added).toEqual(devices);
  });
});

describe('delta parts', () => {
  it('splits a delta into parts of bounded size that join back to it, in order', () => {
    const delta = { added: list(5), changed: list(3), removed: ['a', 'b', 'c', 'd'] };
    const parts = [...changeParts(delta, 4)];
    expect(parts.map((p) => p.added.length + p.changed.length + p.removed.length)).toEqual([4, 4, 4]);
    expect(parts.flatMap((p) => p.added)).toEqual(delta.added);
    expect(parts.flatMap((p) => p.changed)).toEqual(delta.changed);
    expect(parts.flatMap((p) => p.removed)).toEqual(delta.removed);
    expect([...changeParts({ added: [], changed: [], removed: [] })]).toHaveLength(1);
  });

  it('after an idle poll collects the young generation only; after a commit, the whole heap', async () => {
    let releases = 0;
    let young = 0;
    const replies: PollerReply[] = [];
    const handle = createPollerHandler(
      (reply) => {
        replies.push(reply);
        // The commit's parts, acknowledged as the main thread does.
        if ('op' in reply && reply.op === 'part') queueMicrotask(() => handle({ op: 'ack', id: reply.id }));
      },
      () => releases++,
      true,
      () => young++,
    );
    answer = { status: 200, body: encodeDevices(list(3)) };
    const { port } = server.address() as AddressInfo;
    const poll = (id: number) =>
      handle({
        op: 'poll',
        id,
        request: { url: `http://127.0.0.1:${port}/d.xml`, headers: {}, timeoutMs: 10_000, maxBytes: 1e9 },
      });
    poll(1);
    await expect.poll(() => replies.length, { timeout: 10_000 }).toBe(1);
    handle({ op: 'commit', id: 2, reset: true });
    await expect
      .poll(() => replies.some((r) => 'op' in r && r.op === 'committed'), { timeout: 10_000 })
      .toBe(true);
    // The previous mirror and the decoded list are garbage after a commit: a full collection.
    expect(releases).toBe(1);
    expect(young).toBe(0);
    // The same bytes: only the body buffer it gave back is garbage, and a young collection frees it.
    replies.length = 0;
    poll(3);
    await expect.poll(() => replies.length, { timeout: 10_000 }).toBe(1);
    expect(replies[0]).toMatchObject({ op: 'polled', outcome: { kind: 'unchanged' } });
    expect(young).toBe(1);
    expect(releases).toBe(1);
  });

  it('posts the next part only once the main thread acknowledged the last one', async () => {
    // Parts posted back to back reach the main thread's MessagePort together and are deserialised in
    // one task (a 560 ms stall at 100k devices); one at a time, each is a task of its own.
    const replies: PollerReply[] = [];
    const handle = createPollerHandler((reply) => replies.push(reply));
    const sign = { Authorization: 'OAuth n' };
    answer = { status: 200, body: encodeDevices(list(2 * PART_SIZE + 1)) };
    const { port } = server.address() as AddressInfo;
    handle({
      op: 'poll',
      id: 6,
      request: { url: `http://127.0.0.1:${port}/d.xml`, headers: sign, timeoutMs: 10_000, maxBytes: 1e9 },
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    const ops = () => replies.map((r) => ('op' in r ? r.op : 'ready'));
    // The poll says only that it found a change; its records come with the commit.
    await expect.poll(ops, { timeout: 10_000 }).toEqual(['polled']);
    replies.length = 0;
    handle({ op: 'commit', id: 7, reset: true });
    await expect.poll(() => replies.length, { timeout: 10_000 }).toBe(1);
    await settle();
    expect(ops()).toEqual(['part']);
    handle({ op: 'ack', id: 8 }); // another request's ack releases nothing
    await settle();
    expect(ops()).toEqual(['part']);
    handle({ op: 'ack', id: 7 });
    await settle();
    expect(ops()).toEqual(['part', 'part']);
    handle({ op: 'ack', id: 7 });
    await settle();
    expect(ops()).toEqual(['part', 'part', 'part']);
    handle({ op: 'ack', id: 7 });
    await expect.poll(ops).toEqual(['part', 'part', 'part', 'committed']);
    const parts = replies.flatMap((r) =>
      'op' in r && r.op === 'part'
        ? new DevicesPart(r.seq, false, r.part as PartCarried).devices().added
        : [],
    );
    expect(parts.map((d) => d.id)).toEqual(list(2 * PART_SIZE + 1).map((d) => d.id));
  });
});

describe('the poll worker gives its heap back', () => {
  it('after a decoded poll is committed or discarded, not after an idle poll nor a cache save', async () => {
    const replies: PollerReply[] = [];
    let releases = 0;
    const handle = createPollerHandler(
      (reply) => {
        replies.push(reply);
        if ('op' in reply && reply.op === 'part') queueMicrotask(() => handle({ op: 'ack', id: reply.id }));
      },
      () => (releases += 1),
    );
    const { port } = server.address() as AddressInfo;
    const request = { url: `http://127.0.0.1:${port}/d.xml`, headers: {}, timeoutMs: 10_000, maxBytes: 1e9 };
    const answered = async (id: number, op: string) =>
      expect.poll(() => replies.some((r) => 'id' in r && r.id === id && r.op === op)).toBe(true);
    answer = { status: 200, body: encodeDevices(list(10)) };
    handle({ op: 'poll', id: 1, request });
    await answered(1, 'polled');
    expect(releases).toBe(0); // the previous mirror is still held until the main thread decides
    handle({ op: 'commit' });
    expect(releases).toBe(1);
    handle({ op: 'poll', id: 2, request }); // the same bytes: nothing decoded
    await answered(2, 'polled');
    handle({ op: 'commit' });
    expect(releases).toBe(1);
    answer = { status: 200, body: encodeDevices(list(11)) };
    handle({ op: 'poll', id: 3, request });
    await answered(3, 'polled');
    handle({ op: 'discard' });
    expect(releases).toBe(2);
    handle({
      op: 'save',
      id: 4,
      file: path.join(mkdtempSync(path.join(tmpdir(), 'feed-')), 'd.json'),
      fetchedAt: null,
    });
    await answered(4, 'saved');
    // The save writes in parts that die young: a forced collection here took both cores from the main thread.
    expect(releases).toBe(2);
  });

  it("after the last part of a commit's entry was sent, not while its devices are still alive", async () => {
    // Collected at the commit, the entry's devices (a first sync's 100,000) were still being sent: they
    // survived it, and the idle worker never collected again (host RSS 435 MB, 306 MB once after the parts).
    const replies: PollerReply[] = [];
    let releases = 0;
    const handle = createPollerHandler(
      (reply) => replies.push(reply),
      () => (releases += 1),
    );
    const { port } = server.address() as AddressInfo;
    const request = { url: `http://127.0.0.1:${port}/d.xml`, headers: {}, timeoutMs: 10_000, maxBytes: 1e9 };
    answer = { status: 200, body: encodeDevices(list(PART_SIZE + 1)) };
    handle({ op: 'poll', id: 1, request });
    await expect.poll(() => replies.some((r) => 'op' in r && r.op === 'polled')).toBe(true);
    handle({ op: 'commit', id: 2, reset: true });
    await expect.poll(() => replies.filter((r) => 'op' in r && r.op === 'part').length).toBe(1);
    expect(releases).toBe(0);
    handle({ op: 'ack', id: 2 });
    await expect.poll(() => replies.filter((r) => 'op' in r && r.op === 'part').length).toBe(2);
    expect(releases).toBe(0);
    handle({ op: 'ack', id: 2 });
    await expect.poll(() => replies.some((r) => 'op' in r && r.op === 'committed')).toBe(true);
    await expect.poll(() => releases).toBe(1);
  });

  it("keeps no poll's document alive once its change is committed: not in its log, not in the digests it hands on", async () => {
    const release = heapRelease()!;
    feed = createDevicesFeed({ worker: null });
    // What the main thread keeps of each part, as the Picture does.
    const digests: unknown[] = [];
    // Fields of 13 characters or more: decoded, they are slices of the whole document.
    const devices = list(24_000, (i) => ({
      alias: `Reception desk number ${i}`,
      name: `Workstation in reception ${i}`,
    }));
    const polled = async (
      status: 'busy' | 'offline',
      body = encodeDevices(devices.map((d, i) => (i % 40 === 0 ? { ...d, status } : d))),
    ) => {
      answer = { status: 200, body };
      const taken = await (
        await feed!.poll(sign)
      ).commit({
        onPart: (part) => digests.push(part.digests()),
      });
      answer = { status: 200, body: '' };
      release();
      return { taken, bytes: body.length, heap: getHeapStatistics().used_heap_size };
    };
    await polled('busy', encodeDevices(devices));
    const before = await polled('busy');
    const after = await polled('offline');
    expect([before.taken, after.taken]).toEqual([600, 600]);
    // The log keeps both changes (1,200 records) and the digests are kept: their own strings, not the 9 MB
    // documents they were cut from.
    expect(digests.length).toBeGreaterThan(2);
    expect(after.bytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(after.heap - before.heap).toBeLessThan(after.bytes / 4);
  });

  it('a full collection frees the garbage a burst left', () => {
    const release = heapRelease();
    expect(release).toBeTypeOf('function');
    release!();
    const before = getHeapStatistics().used_heap_size;
    let garbage: Array<{ text: string }> | null = Array.from({ length: 300_000 }, (_, i) => ({
      text: `device ${i}`,
    }));
    expect(garbage.length).toBe(300_000);
    garbage = null;
    const grown = getHeapStatistics().used_heap_size;
    release!();
    const after = getHeapStatistics().used_heap_size;
    expect(grown - before).toBeGreaterThan(10 * 1024 * 1024);
    expect(after).toBeLessThan(before + (grown - before) / 4);
  });
});

describe('worker location', () => {
  it('is the one-file CommonJS bundle when the poller runs from app.asar, the built module otherwise', () => {
    expect(
      workerLocation('file:///opt/sc/resources/app.asar/dist/electron/electron/core/devices-poller.js'),
    ).toBe('/opt/sc/resources/app.asar/dist/worker/devices-poll-worker.cjs');
    expect(String(workerLocation('file:///work/dist/electron/electron/core/devices-poller.js'))).toBe(
      'file:///work/dist/electron/electron/core/devices-poll-worker.js',
    );
  });
});
