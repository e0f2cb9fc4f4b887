// What the renderer's Since column and history filters are fed: the index's per-device rows as deltas
// (history:since), the whole map only on a first call, another history or a cursor too old.
import { StatusIndex } from '../../electron/core/status-history/status-index.js';
import { FLAP_WINDOW_MS } from '../../electron/core/status-history/status-index.js';
import { sinceRowsOf } from '../support/since-rows.js';
import { statusHandlers } from '../../electron/core/status-handlers.js';
import type { StatusMonitor } from '../../electron/core/status-monitor.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const MIN = 60_000;

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
        device: () => undefined,
        devices: () => [],
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
    });
    monitor = { history: { index } } as unknown as StatusMonitor;
    expect(sinceRowsOf(await handlers['history:since']({ epoch: null, cursor: 0 }))).toEqual({
      a: [T0, 0, 0],
    });
  });
});
