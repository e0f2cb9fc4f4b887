// What the renderer's Since column and history filters are fed: the index's per-device rows as deltas,
// the whole map only after a snapshot, for another history or a cursor too old; sent by the SinceStream
// in the devices' own stream (DataChange.since) and applied by the renderer's since-rows.ts.
import { StatusIndex } from '../../electron/core/status-history/status-index.js';
import { SinceStream } from '../../electron/core/since-stream.js';
import { createDataStore } from '../../renderer/state/data-store.js';
import { applySinceRows } from '../../renderer/state/since-rows.js';
import { FLAP_WINDOW_MS } from '../../electron/core/status-history/status-index.js';
import type { SinceRows } from '../../shared/status-history.js';
import { sinceRowsOf } from '../support/since-rows.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('StatusIndex.delta', () => {
  it('sends everything first, then only the devices that changed, each once, and the removed', () => {
    const index = new StatusIndex();
    index.apply(['a', null, 'online', null], T0);
    index.apply(['b', null, 'offline', T0 - 5 * MIN], T0);
    index.apply(['c', null, 'online', null], T0);

    const first = index.delta(null, 0);
    expect(first.full).toBe(true);
    expect(sinceRowsOf(first)).toEqual({
      a: [T0, 0, 0],
      b: [T0 - 5 * MIN, 0, 0], // first seen offline: dated by last_refresh, "at least"
      c: [T0, 0, 0],
    });

    index.apply(['a', 'online', 'offline', null], T0 + MIN);
    index.apply(['a', 'offline', 'online', null], T0 + 2 * MIN);
    index.apply(['c', 'online', null, null], T0 + 2 * MIN);
    // Removed, back, removed again within the same delta: said once.
    index.apply(['c', null, 'online', null], T0 + 3 * MIN);
    index.apply(['c', 'online', null, null], T0 + 4 * MIN);
    const next = index.delta(first.epoch, first.cursor);
    expect(next.full).toBe(false);
    expect(sinceRowsOf(next)).toEqual({ a: [T0 + 2 * MIN, 1, 0] });
    expect(next.removed).toEqual(['c']);

    // Nothing new: an empty delta at the same cursor.
    const idle = index.delta(next.epoch, next.cursor);
    expect(idle).toMatchObject({ full: false, ids: [], since: [], removed: [], cursor: next.cursor });
  });

  it('marks flapping with the time it ends: 4 changes within the hour', () => {
    const index = new StatusIndex();
    index.apply(['a', null, 'online', null], T0);
    const at = [1, 2, 3, 4].map((k) => T0 + k * 5 * MIN);
    at.forEach((t, k) =>
      index.apply(['a', k % 2 ? 'offline' : 'online', k % 2 ? 'online' : 'offline', null], t),
    );
    expect(sinceRowsOf(index.delta(null, 0)).a).toEqual([at[3], 1, at[0]! + FLAP_WINDOW_MS]);
  });

  it('starts over for another history or a cursor it cannot answer', () => {
    const index = new StatusIndex();
    index.apply(['a', null, 'online', null], T0);
    const { epoch, cursor } = index.delta(null, 0);
    expect(index.delta('someone-else', cursor).full).toBe(true);
    expect(index.delta(epoch, cursor + 10).full).toBe(true);
    expect(new StatusIndex().delta(epoch, cursor).full).toBe(true);
  });
});

describe('since rows a part at a time', () => {
  /** An index of `n` devices first seen online at T0 + i. */
  function indexOf(n: number): StatusIndex {
    const index = new StatusIndex();
    for (let i = 0; i < n; i++) index.apply([`d${i}`, null, 'online', null], T0 + i);
    return index;
  }
  const expected = (index: StatusIndex) =>
    Object.fromEntries([...index.entries].map(([id, e]) => [id, index.sinceRow(e)]));

  it('pages a whole map, each page no bigger than asked, the cursor held until the last', () => {
    const index = indexOf(7);
    const first = index.delta(null, 0, undefined, 3);
    expect(first).toMatchObject({ full: true, fullFrom: 3, more: true, cursor: 7 });
    expect(first.ids).toEqual(['d0', 'd1', 'd2']);
    const second = index.delta(first.epoch, first.cursor, 3, 3);
    expect(second).toMatchObject({
      full: false,
      fullFrom: 6,
      more: true,
      cursor: 7,
      ids: ['d3', 'd4', 'd5'],
    });
    const last = index.delta(first.epoch, first.cursor, 6, 3);
    expect(last).toMatchObject({ full: false, fullFrom: null, more: false, cursor: 7, ids: ['d6'] });
  });

  it('a device that leaves the map mid-way is skipped, one that joins comes with the log after it', () => {
    const index = indexOf(7);
    const first = index.delta(null, 0, undefined, 3);
    index.apply(['d4', 'online', null, null], T0 + MIN);
    index.apply(['late', null, 'busy', null], T0 + MIN);
    const second = index.delta(first.epoch, first.cursor, 3, 3);
    expect(second).toMatchObject({ full: false, fullFrom: 6, cursor: 7, ids: ['d3', 'd5'] });
    const last = index.delta(first.epoch, first.cursor, 6, 3);
    // The log moved meanwhile: the last page says to ask again.
    expect(last).toMatchObject({ fullFrom: null, more: true, ids: ['d6'] });
    const log = index.delta(last.epoch, last.cursor);
    expect(log).toMatchObject({ full: false, ids: ['late'], removed: ['d4'] });
  });

  it('another listing of the map, or one it no longer keeps, starts over', () => {
    const index = indexOf(7);
    const first = index.delta(null, 0, undefined, 3);
    index.apply(['d0', 'online', 'offline', null], T0 + MIN);
    // A second renderer begins its own (its cursor is the index's now): the first one's goes on no more.
    const other = index.delta(null, 0, undefined, 3);
    expect(other.cursor).toBe(8);
    expect(index.delta(first.epoch, first.cursor, 3, 3)).toMatchObject({
      full: true,
      fullFrom: 3,
      cursor: 8,
    });
  });

  it('pages a long change log, each device once per page, `more` until it is read', () => {
    const index = indexOf(2);
    const start = index.delta(null, 0);
    for (let i = 0; i < 5; i++) index.apply([`n${i}`, null, 'busy', null], T0 + MIN + i);
    index.apply(['n0', 'busy', 'online', null], T0 + 2 * MIN);
    const one = index.delta(start.epoch, start.cursor, undefined, 3);
    expect(one).toMatchObject({ full: false, more: true, ids: ['n0', 'n1', 'n2'], cursor: start.cursor + 3 });
    const two = index.delta(one.epoch, one.cursor, undefined, 3);
    // n0 changed again later in the log: sent again, with what it is now.
    expect(two).toMatchObject({ full: false, more: false, ids: ['n3', 'n4', 'n0'], cursor: index.cursor });
    expect(two.since[2]).toBe(T0 + 2 * MIN);
  });

  /** A stream over `index` whose parts run as the test says (`step`), and what it sent. */
  function streamOf(index: () => StatusIndex | null, page = 4) {
    const sent: SinceRows[] = [];
    const queue: Array<() => void> = [];
    const stream = new SinceStream({
      index,
      send: (rows) => sent.push(rows),
      yieldTo: (next) => queue.push(next),
      snapshotDelayMs: 0,
      page,
    });
    const drain = async () => {
      // The snapshot's delay is a timer, the parts macrotasks the test runs.
      await new Promise((resolve) => setTimeout(resolve, 5));
      while (queue.length > 0) queue.shift()!();
    };
    return { stream, sent, queue, drain };
  }

  it('sends nothing for an idle index, an empty whole map once signed out, and the whole map after a snapshot', async () => {
    let index: StatusIndex | null = indexOf(3);
    const { stream, sent, drain } = streamOf(() => index);
    // No renderer has asked for a snapshot yet (the command line, an account never shown): nothing is made.
    stream.moved();
    await drain();
    expect(sent).toHaveLength(0);
    // A window's snapshot: the whole map follows, nothing before it.
    stream.restart();
    expect(sent).toHaveLength(0);
    await drain();
    expect(sent[0]).toMatchObject({ full: true, ids: ['d0', 'd1', 'd2'], more: false });
    // Idle: moved again with nothing new sends nothing.
    stream.moved();
    await drain();
    expect(sent).toHaveLength(1);
    // Another window's snapshot: the whole map again, which replaces the rows a window already showing
    // them holds; no empty map first (that blanked the first window's Since column for a second).
    stream.restart();
    await drain();
    expect(sent.slice(1).map((rows) => [rows.full, rows.ids])).toEqual([[true, ['d0', 'd1', 'd2']]]);
    // Signed out: one empty whole map, said once.
    index = null;
    stream.moved();
    await drain();
    stream.moved();
    await drain();
    expect(sent.slice(2)).toEqual([
      { full: true, ids: [], since: [], exact: [], flapUntil: [], removed: [], more: false },
    ]);
    // Another history opens: its whole map.
    index = indexOf(2);
    stream.moved();
    await drain();
    expect(sent.at(-1)).toMatchObject({ full: true, ids: ['d0', 'd1'] });
  });

  it('sends again what the pump dropped when it was cleared (an account left)', async () => {
    let index: StatusIndex | null = indexOf(2);
    const { stream, sent, drain } = streamOf(() => index);
    stream.restart();
    await drain();
    stream.cleared();
    await drain();
    expect(sent.map((rows) => rows.ids)).toEqual([
      ['d0', 'd1'],
      ['d0', 'd1'],
    ]);
    index = null;
    stream.moved();
    await drain();
    stream.cleared();
    await drain();
    expect(sent.slice(2).map((rows) => [rows.full, rows.ids.length])).toEqual([
      [true, 0],
      [true, 0],
    ]);
  });

  it('sends no part before the snapshot has had its time', async () => {
    const index = indexOf(3);
    const queue: Array<() => void> = [];
    const sent: SinceRows[] = [];
    const stream = new SinceStream({
      index: () => index,
      send: (rows) => sent.push(rows),
      yieldTo: (next) => queue.push(next),
      snapshotDelayMs: 60,
    });
    stream.restart();
    stream.moved();
    while (queue.length > 0) queue.shift()!();
    expect(sent).toHaveLength(0); // held for the snapshot's delay
    await new Promise((resolve) => setTimeout(resolve, 80));
    while (queue.length > 0) queue.shift()!();
    expect(sent.at(-1)).toMatchObject({ full: true, ids: ['d0', 'd1', 'd2'] });
  });

  it('the renderer ends with every row, through parts, a change and a removal while they go', async () => {
    const index = indexOf(25);
    const data = createDataStore();
    let parts = 0;
    const versions: number[] = [];
    data.subscribe((state) => versions.push(state.sinceVersion));
    let said = 0;
    const sent: SinceRows[] = [];
    const applying = new SinceStream({
      index: () => index,
      send: (rows) => {
        parts++;
        sent.push(rows);
        if (applySinceRows(data, rows)) said++;
        // Meanwhile: one device changes (after part 2), another leaves the map (after part 4).
        if (parts === 2) index.apply(['d20', 'online', 'offline', null], T0 + HOUR);
        if (parts === 4) index.apply(['d3', 'online', null, null], T0 + HOUR);
      },
      yieldTo: (next) => setImmediate(next),
      snapshotDelayMs: 0,
      page: 4,
    });
    applying.restart();
    await vi.waitFor(() => expect(sent.length > 1 && sent.at(-1)?.more === false).toBe(true));
    expect(parts).toBeGreaterThan(6);
    expect(sent.every((rows) => rows.ids.length <= 4)).toBe(true);
    // The table and the views hear of it once, after the last part, not once a part.
    expect(versions).toEqual([1]);
    expect(said).toBe(1);
    expect(Object.fromEntries(data.getState().since)).toEqual(expected(index));
    expect(data.getState().since.has('d3')).toBe(false);
    expect(data.getState().since.get('d20')).toEqual([T0 + HOUR, 1, 0]);
    // Caught up: moved at the index's own cursor sends nothing.
    applying.moved();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(parts).toBe(sent.length);
    expect(sent.at(-1)!.more).toBe(false);
    const before = parts;
    applying.moved();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(parts).toBe(before);
  });
});
