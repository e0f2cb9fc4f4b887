// The status history store: what a poll records, what survives a reopen, torn tails, gaps as unknown,
// retention and the size cap, and the index's queries.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StatusHistory } from '../../../../electron/core/status-history/history-store.js';
import { StatusIndex } from '../../../../electron/core/status-history/status-index.js';
import { statusSeries } from '../../../../electron/core/status-history/series.js';
import { buildTimeline } from '../../../../electron/core/status-history/timeline.js';
import { deltaChange, device, resetChange } from '../../support/history-fixtures.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let dir: string;
beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'history-'));
});
afterEach(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

describe('StatusHistory', () => {
  it('records only status transitions, with the poll time, and answers since/longer-than queries', async () => {
    const h = await StatusHistory.open({ dir });
    const first = h.recordDevices(resetChange([device('a', 'online'), device('b', 'offline')], T0), T0);
    expect(first?.baseline).toBe(true);
    expect(first?.transitions).toEqual([]); // all first seen: nothing for the detectors
    expect(h.index.get('b')).toMatchObject({ status: 'offline', since: T0, sinceExact: false });
    // A changed record whose status did not change (an alias) is no transition.
    const renamed = { ...device('a', 'online'), alias: 'front desk' };
    expect(h.recordDevices(deltaChange([renamed], T0 + MIN), T0 + MIN)?.transitions).toEqual([]);
    const p = h.recordDevices(deltaChange([device('a', 'offline', 'f1')], T0 + 2 * MIN), T0 + 2 * MIN);
    expect(p?.baseline).toBe(false);
    expect(p?.transitions).toEqual([
      { deviceId: 'a', from: 'online', to: 'offline', at: T0 + 2 * MIN, lastRefresh: null, folderId: 'f1' },
    ]);
    expect(h.index.get('a')).toMatchObject({ status: 'offline', since: T0 + 2 * MIN, sinceExact: true });
    const now = T0 + 3 * DAY;
    expect(h.index.query({ status: 'offline', longerThanMs: 2 * DAY, now }).sort()).toEqual(['a', 'b']);
    expect(h.index.query({ status: 'offline', longerThanMs: 2 * DAY, now: T0 + DAY })).toEqual([]);
    await h.close(T0 + 3 * MIN);
  });

  it('dates a device first seen offline by the service last_refresh', async () => {
    const h = await StatusHistory.open({ dir });
    const b = { ...device('b', 'offline'), lastRefresh: new Date(T0 - 20 * DAY).toISOString() };
    h.recordDevices(resetChange([b], T0), T0);
    expect(h.index.get('b')).toMatchObject({ since: T0 - 20 * DAY, sinceExact: false });
    await h.close(T0);
  });

  it('ignores a cleared picture (sign-out) and a cache older than what is recorded', async () => {
    const h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange([device('a', 'online')], T0), T0);
    const cleared = { ...resetChange([], T0), fetchedAt: null };
    expect(h.recordDevices(cleared, T0 + MIN)).toBeNull();
    expect(h.recordDevices(resetChange([device('a', 'offline')], T0 - HOUR), T0 + MIN)).toBeNull();
    expect(h.index.get('a')?.status).toBe('online');
    await h.close(T0 + MIN);
  });

  it('a reset that lacks a device records it as removed', async () => {
    const h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange([device('a', 'online'), device('b', 'online')], T0), T0);
    const p = h.recordDevices(resetChange([device('a', 'online')], T0 + MIN), T0 + MIN);
    expect(p?.transitions.map((t) => [t.deviceId, t.to])).toEqual([['b', null]]);
    expect(h.index.get('b')).toBeUndefined();
    await h.close(T0 + MIN);
  });

  it('reopens to the same index and timeline, with and without its checkpoint', async () => {
    let h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange([device('a', 'online'), device('b', 'online')], T0), T0);
    for (let i = 1; i <= 6; i++) {
      const status = i % 2 === 1 ? 'offline' : 'online';
      h.recordDevices(deltaChange([device('a', status)], T0 + i * 10 * MIN), T0 + i * 10 * MIN);
    }
    await h.close(T0 + HOUR + MIN);
    const expected = [...h.index.entries];

    for (const withCheckpoint of [true, false]) {
      if (!withCheckpoint) await fsp.rm(path.join(dir, 'index.json'));
      h = await StatusHistory.open({ dir });
      expect([...h.index.entries]).toEqual(expected);
      const t = await h.transitions(T0 - MIN, T0 + 2 * HOUR, new Set(['a']));
      expect(t.map((x) => [x.to, x.at - T0])).toEqual([
        ['online', 0],
        ['offline', 10 * MIN],
        ['online', 20 * MIN],
        ['offline', 30 * MIN],
        ['online', 40 * MIN],
        ['offline', 50 * MIN],
        ['online', 60 * MIN],
      ]);
      const tl = buildTimeline(T0, T0 + HOUR, 'online', t, h.gaps(T0, T0 + HOUR));
      expect(tl.flapping).toBe(true);
      expect(tl.uptimePercent).toBe(50);
      await h.close(T0 + HOUR + 2 * MIN);
    }
  });

  it('checkpoints at close only after a long tail; a short one is replayed by the next open', async () => {
    const checkpoint = () => fsp.readFile(path.join(dir, 'index.json'), 'utf8');
    // A first sighting of 20,000 devices: a frame far longer than what a close leaves for replay.
    const many = Array.from({ length: 20_000 }, (_, i) => device(`d${i}`, 'online'));
    let h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange(many, T0), T0);
    await h.close(T0 + MIN);
    const written = await checkpoint();
    // A command's visit: one transition, then a close. The checkpoint stays as it was…
    h = await StatusHistory.open({ dir });
    h.recordDevices(deltaChange([device('d7', 'offline')], T0 + 2 * MIN), T0 + 2 * MIN);
    await h.close(T0 + 3 * MIN);
    expect(await checkpoint()).toBe(written);
    // …and the next open has the transition all the same, from the tail after it.
    h = await StatusHistory.open({ dir });
    expect(h.index.get('d7')).toMatchObject({ status: 'offline', since: T0 + 2 * MIN, sinceExact: true });
    expect(h.index.entries.size).toBe(20_000);
    await h.close(T0 + 3 * MIN);
    // Tails add up across opens: 5,000 transitions (~165 kB) leave it, the next 5,000 write it again.
    const visit = async (at: number, status: 'online' | 'offline') => {
      h = await StatusHistory.open({ dir });
      h.recordDevices(
        deltaChange(
          many.slice(0, 5_000).map((d) => ({ ...d, status })),
          at,
        ),
        at,
      );
      await h.close(at + MIN);
    };
    await visit(T0 + 4 * MIN, 'offline');
    expect(await checkpoint()).toBe(written);
    await visit(T0 + 6 * MIN, 'online');
    expect(await checkpoint()).not.toBe(written);
    h = await StatusHistory.open({ dir });
    expect(h.index.get('d9')).toMatchObject({ status: 'online', since: T0 + 6 * MIN });
    expect(h.index.get('d7')).toMatchObject({ status: 'online', since: T0 + 6 * MIN });
    await h.close(T0 + 8 * MIN);
  });

  it('cuts a torn tail on load and appends after the last good frame', async () => {
    let h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange([device('a', 'online')], T0), T0);
    h.recordDevices(deltaChange([device('a', 'offline')], T0 + MIN), T0 + MIN);
    await h.flush();
    const seg = path.join(dir, '2026-03-02.seg');
    const good = (await fsp.stat(seg)).size;
    // A frame cut mid-write: a header claiming 200 bytes followed by only some of them.
    const torn = Buffer.alloc(50, 0x41);
    torn.writeUInt32LE(200, 0);
    await fsp.appendFile(seg, torn);
    h = await StatusHistory.open({ dir });
    expect((await fsp.stat(seg)).size).toBe(good);
    expect(h.index.get('a')?.status).toBe('offline');
    h.recordDevices(deltaChange([device('a', 'online')], T0 + 2 * MIN), T0 + 2 * MIN);
    await h.close(T0 + 3 * MIN);
    h = await StatusHistory.open({ dir });
    expect(h.index.get('a')?.status).toBe('online');
    expect((await h.transitions(T0, T0 + HOUR)).length).toBe(3);
    await h.close(T0 + 4 * MIN);
  });

  it('records the console losing the service, being closed and silent as unknown, never as offline', async () => {
    let h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange([device('a', 'online')], T0), T0);
    h.beginGap('offline', T0 + 10 * MIN);
    h.heartbeat(T0 + 40 * MIN); // the service is back: the gap ends here
    await h.close(T0 + 50 * MIN);
    h = await StatusHistory.open({ dir });
    h.heartbeat(T0 + 2 * HOUR); // the app was closed meanwhile
    h.heartbeat(T0 + 4 * HOUR); // two hours of silence (e.g. a frozen host): unknown too
    expect(h.gaps(T0, T0 + 5 * HOUR)).toEqual([
      { start: T0 + 10 * MIN, end: T0 + 40 * MIN, reason: 'offline' },
      { start: T0 + 50 * MIN, end: T0 + 2 * HOUR, reason: 'closed' },
      { start: T0 + 2 * HOUR, end: T0 + 4 * HOUR, reason: 'no-poll' },
    ]);
    const tl = buildTimeline(T0, T0 + 4 * HOUR, 'online', [], h.gaps(T0, T0 + 4 * HOUR));
    expect(tl.bars.map((b) => [b.status, (b.end - b.start) / MIN])).toEqual([
      ['online', 10],
      ['unknown', 30],
      ['online', 10],
      ['unknown', 190],
    ]);
    expect(h.index.get('a')?.status).toBe('online');
    await h.close(T0 + 5 * HOUR);
  });

  it('drops days past retention and the oldest days beyond the size cap', async () => {
    let h = await StatusHistory.open({ dir, retentionDays: 3 });
    h.recordDevices(resetChange([device('a', 'online')], T0), T0);
    for (let d = 1; d <= 5; d++) {
      const status = d % 2 ? 'offline' : 'online';
      h.recordDevices(deltaChange([device('a', status)], T0 + d * DAY), T0 + d * DAY);
    }
    await h.close(T0 + 5 * DAY);
    const names = (await fsp.readdir(dir)).filter((n) => n.endsWith('.seg')).sort();
    expect(names).toEqual(['2026-03-04.seg', '2026-03-05.seg', '2026-03-06.seg', '2026-03-07.seg']);
    // The index still knows the device; only old history is gone.
    h = await StatusHistory.open({ dir, retentionDays: 90, maxBytes: 1 });
    expect(h.index.get('a')?.status).toBe('offline');
    h.recordDevices(deltaChange([device('a', 'online')], T0 + 6 * DAY), T0 + 6 * DAY);
    await h.close(T0 + 6 * DAY);
    expect((await fsp.readdir(dir)).filter((n) => n.endsWith('.seg'))).toEqual(['2026-03-08.seg']);
  });
});

describe('StatusIndex', () => {
  it('applies a transition once: a replay over a newer checkpoint does not count it twice', () => {
    const index = new StatusIndex();
    index.apply(['a', null, 'online', null], T0);
    index.apply(['a', 'online', 'offline', null], T0 + MIN);
    index.apply(['a', 'online', 'offline', null], T0 + MIN);
    expect(index.get('a')?.recent).toEqual([T0 + MIN]);
  });
});

describe('StatusHistory and local writes', () => {
  it('a change carrying an old fetch time (an alias written locally) neither records nor ends a gap', async () => {
    const h = await StatusHistory.open({ dir });
    h.recordDevices(resetChange([device('a', 'online')], T0), T0);
    h.beginGap('offline', T0 + MIN);
    const renamed = { ...device('a', 'online'), alias: 'desk' };
    expect(h.recordDevices(deltaChange([renamed], T0), T0 + 2 * MIN)).toBeNull();
    expect(h.gaps(T0, T0 + HOUR)).toEqual([{ start: T0 + MIN, end: null, reason: 'offline' }]);
    await h.close(T0 + 3 * MIN);
  });
});

describe('the Overview series', () => {
  it('walks the transitions back from the counts now; before the first record and in gaps it is unknown', async () => {
    const h = await StatusHistory.open({ dir, maxSilenceMs: DAY }); // hours between polls: not a gap here
    h.recordDevices(resetChange([device('a', 'online'), device('b', 'online')], T0 + HOUR), T0 + HOUR);
    h.recordDevices(deltaChange([device('a', 'offline')], T0 + 2 * HOUR), T0 + 2 * HOUR);
    h.beginGap('offline', T0 + 3 * HOUR);
    h.heartbeat(T0 + 4 * HOUR);
    const to = T0 + 5 * HOUR;
    const known = await h.firstRecordAt();
    expect(known).toBe(T0 + HOUR);
    const s = statusSeries(
      { online: 1, offline: 1, busy: 0 },
      await h.transitions(T0, to),
      T0,
      to,
      11, // every 30 minutes
      known,
      h.gaps(T0, to),
    );
    expect(s.online).toEqual([null, null, 2, 2, 1, 1, 1, null, 1, 1, 1]);
    expect(s.offline).toEqual([null, null, 0, 0, 1, 1, 1, null, 1, 1, 1]);
    await h.close(to);
  });
});
