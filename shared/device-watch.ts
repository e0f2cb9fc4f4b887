// One device's own watch inside the account's watch list: its id rule, what "no watch" is, and a change
// applied to the list as it stands. The main side applies it to the list it holds, in one step
// (watch:device), so two quick toggles in the device panel never overwrite each other; the view keeps
// neither the rule nor the default.

import type { Id } from './model.js';
import type { Watch, WatchConditions } from './status-history.js';

/** Nothing watched: what a device without a watch of its own shows. */
export const NO_WATCH: WatchConditions = {
  offline: false,
  online: false,
  offlineLongerMinutes: null,
  busyLongerMinutes: null,
};

const isOwn = (deviceId: Id) => (w: Watch) => w.target.kind === 'device' && w.target.id === deviceId;

/** The device's own conditions (not its folder's nor the account's). */
export function deviceWatchOf(watches: readonly Watch[], deviceId: Id): WatchConditions {
  return { ...NO_WATCH, ...watches.find(isOwn(deviceId))?.when };
}

/** The list with `change` applied to the device's own watch; a watch left with no condition is removed. */
export function withDeviceWatch(
  watches: readonly Watch[],
  deviceId: Id,
  change: Partial<WatchConditions>,
): { watches: Watch[]; when: WatchConditions } {
  const when = { ...deviceWatchOf(watches, deviceId), ...change };
  const others = watches.filter((w) => !isOwn(deviceId)(w));
  const any =
    when.offline || when.online || when.offlineLongerMinutes !== null || when.busyLongerMinutes !== null;
  const own: Watch = { id: `device-${deviceId}`, target: { kind: 'device', id: deviceId }, when };
  return { watches: any ? [...others, own] : others, when };
}
