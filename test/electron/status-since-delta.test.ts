// What the renderer's Since column and history filters are fed: the index's per-device rows as deltas
// (history:since), the whole map only on a first call, another history or a cursor too old.
import { StatusIndex } from '../../electron/core/status-history/status-index.js';
import { createDataStore } from '../../renderer/state/data-store.js';
import { createSinceSync } from '../../renderer/state/since-sync.js';
import { FLAP_WINDOW_MS } from '../../electron/core/status-history/status-index.js';
import { sinceRowsOf } from '../support/since-rows.js';
import { statusHandlers } from '../../electron/core/status-handlers.js';
import type { StatusMonitor } from '../../electron/core/status-monitor.js';
import { DeviceFacts } from '../../electron/core/device-facts.js';

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

  it('is served by history:since, empty while signed out', async () => {
    const index = new StatusIndex();
    index.apply(['a', null, 'busy', null], T0);
    let monitor: StatusMonitor | null = null;
    const handlers = statusHandlers(
      () => monitor,
      () => ({
        devices: () => new DeviceFacts(),
        folderIds: () => [],
        folderParent: () => null,
        folderName: () => null,
      }),
      () => T0,
    );
    expect(await handlers['history:since']({ epoch: null, cursor: 0 })).toEqual({
      epoch: '',
      cursor: 0,
      full: true,
      ids: [],
      since: [],
      exact: [],
      flapUntil: [],
      removed: [],
      fullFrom: null,
      more: false,
    });
    monitor = { history: { index } } as unknown as StatusMonitor;
    expect(sinceRowsOf(await handlers['history:since']({ epoch: null, cursor: 0 }))).toEqual({
      a: [T0, 0, 0],
    });
  });
});

describe('history:since a page at a time', () => {
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

  it('the renderer ends with every row, through pages, a change and a removal while it pages', async () => {
    const index = indexOf(25);
    const data = createDataStore();
    let calls = 0;
    const sync = createSinceSync(data, async (_channel, { epoch, cursor, fullFrom }) => {
      calls++;
      // Meanwhile: one device changes (call 2), another leaves the map (call 4).
      if (calls === 2) index.apply(['d20', 'online', 'offline', null], T0 + HOUR);
      if (calls === 4) index.apply(['d3', 'online', null, null], T0 + HOUR);
      return { ok: true, value: index.delta(epoch, cursor, fullFrom, 4) };
    });
    const versions: number[] = [];
    data.subscribe((state) => versions.push(state.sinceVersion));
    await sync.pull();
    expect(calls).toBeGreaterThan(6);
    // The table and the views hear of it once, after the last page, not once a page.
    expect(versions).toEqual([1]);
    expect(Object.fromEntries(data.getState().since)).toEqual(expected(index));
    expect(data.getState().since.has('d3')).toBe(false);
    expect(data.getState().since.get('d20')).toEqual([T0 + HOUR, 1, 0]);
    // Caught up: history:moved at the index's own cursor asks nothing.
    const before = calls;
    await sync.moved({ epoch: index.epoch, cursor: index.cursor });
    expect(calls).toBe(before);
  });
});
