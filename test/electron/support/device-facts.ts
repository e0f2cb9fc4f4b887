// What the main thread keeps of a device (device-facts.ts), read back through its public calls, and what
// it should be for a given device: the tests compare the two. And the owner's listing the status keeper
// reads its first full comparison from.
import type { DeviceFactSource, DeviceFacts } from '../../../electron/core/device-facts.js';
import { deviceLabel } from '../../../shared/device-fields.js';
import type { DevicesFeed } from '../../../electron/core/devices-feed.js';
import { PART_SIZE } from '../../../electron/core/devices-owner.js';
import { DevicesPart } from '../../../electron/core/devices-part.js';
import type { Device, Id } from '../../../shared/model.js';

export interface Fact {
  folderId: Id | null;
  label: string | null;
}

export const factOf = (facts: DeviceFacts, id: Id): Fact | undefined =>
  facts.has(id) ? { folderId: facts.folderOf(id) ?? null, label: facts.labelOf(id) } : undefined;

export const factFrom = (d: DeviceFactSource): Fact => ({ folderId: d.folderId, label: deviceLabel(d) });

export const factsOf = (facts: DeviceFacts, ids: readonly Id[]): Array<Fact | undefined> =>
  ids.map((id) => factOf(facts, id));

/**
 * The owner's listing (DevicesFeed.list) of these devices, in parts as the worker sends them: what the
 * status keeper's first full comparison reads. `devices()` is read at the call, as the owner answers then.
 */
export function listedDevices(devices: () => readonly Device[]): Pick<DevicesFeed, 'list'> {
  return {
    list: async (onPart) => {
      const all = devices();
      let at = 0;
      do {
        const added = all.slice(at, at + PART_SIZE);
        onPart(new DevicesPart(0, at === 0, { added, changed: [], removed: [] }));
        at += PART_SIZE;
      } while (at < all.length);
      return all.length;
    },
  };
}
