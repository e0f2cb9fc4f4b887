// A device's own watch is changed in one main-side step (watch:device): the panel sends what a control
// changed, the main side applies it to the list it holds. Two quick toggles (and a change to another
// device's watch) arriving while a save is still on disk all land; nothing of the rest of the list is lost.
import { describe, expect, it } from 'vitest';
import { statusHandlers } from '../../../electron/core/status-handlers.js';
import type { MonitorData, StatusMonitor } from '../../../electron/core/status-monitor.js';
import type { QuietHours, Watch } from '../../../shared/status-history.js';
import { NO_WATCH } from '../../../shared/device-watch.js';

const ACCOUNT: Watch = {
  id: 'all',
  target: { kind: 'account' },
  when: { offline: true, online: false, offlineLongerMinutes: null, busyLongerMinutes: null },
};
const QUIET: QuietHours = { fromMinute: 22 * 60, toMinute: 7 * 60 };

/** The monitor's watch list as StatusMonitor keeps it: taken at once, then saved to disk (slowly). */
function fakeMonitor() {
  const monitor = {
    watches: [ACCOUNT] as readonly Watch[],
    quietHours: QUIET as QuietHours | null,
    saves: 0,
    async setWatches(watches: Watch[], quietHours: QuietHours | null) {
      monitor.watches = watches;
      monitor.quietHours = quietHours;
      monitor.saves++;
      await new Promise((r) => setTimeout(r, 20));
    },
  };
  return monitor;
}

function handlers(monitor: ReturnType<typeof fakeMonitor>, readOnly = false) {
  return statusHandlers(
    () => monitor as unknown as StatusMonitor,
    () => ({}) as MonitorData,
    () => 0,
    { readOnly: () => readOnly, shown: () => true },
  );
}

describe('watch:device', () => {
  it('keeps both of two quick toggles, another device’s change and the rest of the list', async () => {
    const monitor = fakeMonitor();
    const h = handlers(monitor);
    const [first, second] = await Promise.all([
      h['watch:device']({ deviceId: 'd1', change: { offline: true, online: true } }),
      h['watch:device']({ deviceId: 'd1', change: { busyLongerMinutes: 120 } }),
      h['watch:device']({ deviceId: 'd2', change: { offlineLongerMinutes: 60 } }),
    ]);
    expect(first).toEqual({ ...NO_WATCH, offline: true, online: true });
    expect(second).toEqual({
      offline: true,
      online: true,
      offlineLongerMinutes: null,
      busyLongerMinutes: 120,
    });
    expect(monitor.watches.map((w) => w.id)).toEqual(['all', 'device-d1', 'device-d2']);
    expect(monitor.watches.find((w) => w.id === 'device-d1')!.when).toEqual(second);
    expect(monitor.quietHours).toEqual(QUIET);
    expect(await h['watch:device']({ deviceId: 'd1' })).toEqual(second);
  });

  it('answers "nothing watched" for a device without a watch, and removes one left with no condition', async () => {
    const monitor = fakeMonitor();
    const h = handlers(monitor);
    expect(await h['watch:device']({ deviceId: 'd9' })).toEqual(NO_WATCH);
    await h['watch:device']({ deviceId: 'd9', change: { offline: true } });
    await h['watch:device']({ deviceId: 'd9', change: { offline: false } });
    expect(monitor.watches).toEqual([ACCOUNT]);
  });

  it('refuses a change to the signed-out copy, and still answers what is watched', async () => {
    const monitor = fakeMonitor();
    const h = handlers(monitor, true);
    await expect(h['watch:device']({ deviceId: 'd1', change: { offline: true } })).rejects.toMatchObject({
      key: 'error.app.signInToChangeWatches',
    });
    expect(monitor.saves).toBe(0);
    expect(await h['watch:device']({ deviceId: 'd1' })).toEqual(NO_WATCH);
  });
});
