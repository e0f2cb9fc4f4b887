// A site going dark is one event, not N device alerts: when at least half of a folder's devices (and at
// least OUTAGE_MIN_DEVICES) go offline within one poll, that is an outage of the folder. Its devices'
// own offline/online alerts are folded into it. It ends when fewer than half of the devices that went
// down are still offline ("the site is back"); the stragglers are then ordinary offline devices.
//
// "Within one poll window": the transitions of one poll. A site whose devices drop over several polls
// is caught if the ones dropping in a single poll reach the threshold; slower decline is ordinary alerts.
// Folders are taken as they are (their direct devices): a folder is how a technician names a site.
// Pure: state in, state out; the caller persists it with the alert memory.

import type { Id } from '../../../shared/model.js';
import type { PollTransition } from '../status-history/history-store.js';

export const OUTAGE_MIN_DEVICES = 3;

export interface OpenOutage {
  folderId: Id;
  start: number;
  /** Devices that went down with the outage (and joined it while open). */
  devices: Id[];
  /** Those of them still offline. */
  down: Id[];
  folderSize: number;
}

export interface OutageStep {
  open: Record<Id, OpenOutage>;
  started: OpenOutage[];
  ended: Array<OpenOutage & { end: number }>;
  /** Device ids whose transitions in this poll belong to an outage (not to be alerted one by one). */
  folded: Set<Id>;
}

const wentDown = (t: PollTransition) => t.to === 'offline' && t.from !== null && t.from !== 'offline';
const cameBack = (t: PollTransition) => t.from === 'offline' && t.to !== null && t.to !== 'offline';

export function detectOutages(
  openIn: Readonly<Record<Id, OpenOutage>>,
  transitions: readonly PollTransition[],
  folderSizes: ReadonlyMap<Id, number>,
  at: number,
): OutageStep {
  const open: Record<Id, OpenOutage> = {};
  for (const [id, o] of Object.entries(openIn))
    open[id] = { ...o, devices: [...o.devices], down: [...o.down] };
  const started: OpenOutage[] = [];
  const ended: OutageStep['ended'] = [];
  const folded = new Set<Id>();

  const downByFolder = new Map<Id, Id[]>();
  for (const t of transitions) {
    if (t.folderId === null) continue;
    const outage = open[t.folderId];
    if (wentDown(t)) {
      if (outage) {
        // More of the same site dropping while it is out: part of the outage.
        if (!outage.devices.includes(t.deviceId)) outage.devices.push(t.deviceId);
        if (!outage.down.includes(t.deviceId)) outage.down.push(t.deviceId);
        folded.add(t.deviceId);
      } else {
        const list = downByFolder.get(t.folderId) ?? [];
        list.push(t.deviceId);
        downByFolder.set(t.folderId, list);
      }
    } else if (cameBack(t) && outage && outage.devices.includes(t.deviceId)) {
      outage.down = outage.down.filter((id) => id !== t.deviceId);
      folded.add(t.deviceId);
    }
  }
  // A device of an outage that left the account (or its folder) is no longer waited for.
  for (const t of transitions) {
    for (const outage of Object.values(open)) {
      if (outage.down.includes(t.deviceId) && (t.to === null || t.folderId !== outage.folderId)) {
        outage.down = outage.down.filter((id) => id !== t.deviceId);
      }
    }
  }

  for (const [folderId, down] of downByFolder) {
    const size = folderSizes.get(folderId) ?? 0;
    if (down.length >= OUTAGE_MIN_DEVICES && down.length * 2 >= size) {
      const outage: OpenOutage = { folderId, start: at, devices: down, down: [...down], folderSize: size };
      open[folderId] = outage;
      started.push(outage);
      for (const id of down) folded.add(id);
    }
  }

  for (const [folderId, outage] of Object.entries(open)) {
    if (outage.start === at) continue;
    if (outage.down.length * 2 < outage.devices.length) {
      ended.push({ ...outage, end: at });
      delete open[folderId];
    }
  }
  return { open, started, ended, folded };
}
