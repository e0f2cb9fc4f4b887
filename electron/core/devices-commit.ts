// A devices poll, once the engine decided to take it: the worker's mirror takes it but the fenced devices
// (it keeps its copy of them, which is what the picture shows), appends what it took to its change log, and
// each part of that entry is applied to the picture and sent on as it comes: nothing waits for the whole.
// A part goes straight to the renderers' ordered stream (the core's change pump), not through the core's
// handler of its own changes: what else a poll's change means (the offline copy to write, the history to
// record) is said once for the whole poll, not for each of its parts.

import type { DataChange } from '../../shared/ipc/contract.js';
import type { Id, Timestamp } from '../../shared/model.js';
import type { DeviceWriteFence } from './device-write-fence.js';
import type { DevicesPoll } from './devices-feed.js';
import type { Picture } from './picture.js';
import type { DevicesRecorded } from './status-history/history-store.js';

export interface CommitPollOptions {
  picture: Picture;
  /** Devices a local write touched while the poll was out (device-write-fence.ts). */
  fenced: ReadonlySet<Id>;
  fetchedAt: Timestamp;
  /**
   * Asked again as each part comes: a write that begins while the parts come fences its devices too,
   * since a later part's copy of them may be from before it.
   */
  fence: Pick<DeviceWriteFence, 'fenced'>;
  /** Sends a part on to the renderers, in order with every other change (change-pump.ts). */
  sendDevices(change: DataChange<'devices'>): void;
  /** The poll's parts as the picture took them, once all came (the status history records a poll as one). */
  onDevicesPolled?(parts: readonly DevicesRecorded[]): void;
}

/** Whether the picture's devices changed. Parts that come after they were replaced (a sign-out) are dropped. */
export async function commitPoll(polled: DevicesPoll, o: CommitPollOptions): Promise<boolean> {
  const { picture, fetchedAt } = o;
  const generation = picture.devicesGeneration;
  const reset = polled.complete || picture.devices.size === 0;
  const parts: DevicesRecorded[] = [];
  const count = await polled.commit({
    fenced: o.fenced,
    reset,
    onPart: (part) => {
      if (picture.devicesGeneration !== generation) return;
      const kept = part.without(o.fence.fenced());
      const resets = reset && part.first;
      parts.push(picture.applyPolledPart(kept.digests(), resets, fetchedAt));
      // On to the renderer as the owner serialised it (devices-part.ts).
      o.sendDevices(kept.change(resets, fetchedAt));
    },
  });
  if (picture.devicesGeneration !== generation) return false;
  picture.fetchedAt.devices = fetchedAt;
  if (parts.length > 0) o.onDevicesPolled?.(parts);
  return count > 0 || parts.length > 0;
}
