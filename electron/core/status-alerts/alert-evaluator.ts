// Which status alerts a poll raises, decided from the poll's transitions, the history's index and the
// watches alone (no timers, no I/O); the core persists the memory it returns.
//
// Decisions:
// - Only watched devices alert (a device, a folder subtree, or the account). Site outages (outage-
//   detector.ts) alert once for the folder when a watch covers it, and fold their devices' alerts.
// - "Offline/busy longer than N": once per episode (the status's `since`), checked at every poll, so
//   it fires within one poll interval of the threshold without a timer. Devices already past it when the
//   watch is made are reported too, in one batch: that is what such a watch is for.
// - A flapping device (status-index.ts: ≥ 4 changes within an hour) alerts at most once per
//   DEVICE_COOLDOWN_MS, marked so the manager sees why it is quiet; its muted alerts are dropped, not
//   queued. A device that is not flapping alerts each change: "went offline" and, a minute later, "came
//   back" are both news.
// - Each alert has a key (kind, device or folder, and the time of what happened) remembered for a week:
//   shown once, also across restarts. Quiet (disabled, paused, quiet hours): recorded as shown, not shown,
//   so nothing floods out when the quiet ends.
// - One notice per poll, whatever the number of alerts.

import type { Id } from '../../../shared/model.js';
import type { StatusNotice, StatusNoticeItem, Watch } from '../../../shared/status-history.js';
import type { PollTransition } from '../status-history/history-store.js';
import type { StatusIndex } from '../status-history/status-index.js';
import { batchNotice } from './notice-text.js';
import type { OpenOutage, OutageStep } from './outage-detector.js';
import { detectOutages } from './outage-detector.js';
import type { WatchScope } from './watch-scope.js';

export const DEVICE_COOLDOWN_MS = 15 * 60_000;
const FORGET_AFTER_MS = 7 * 24 * 60 * 60_000;

export interface AlertMemory {
  /** Alert key → when it was handled. */
  shown: Record<string, number>;
  /** Device → when its last alert was shown (the cool-down). */
  lastAlertAt: Record<Id, number>;
  outages: Record<Id, OpenOutage>;
}

export function emptyAlertMemory(): AlertMemory {
  return { shown: {}, lastAlertAt: {}, outages: {} };
}

export interface AlertInput {
  now: number;
  /** This poll's transitions (empty for a poll that changed nothing); baseline polls alert nothing. */
  transitions: readonly PollTransition[];
  baseline: boolean;
  index: StatusIndex;
  scope: WatchScope;
  folderSizes: ReadonlyMap<Id, number>;
  deviceFolder(deviceId: Id): Id | null;
  /** Names as data (null: nameless); the words around them are made in the reader's language. */
  deviceLabel(deviceId: Id): string | null;
  folderLabel(folderId: Id): string | null;
  /** Notifications off, paused or in quiet hours. */
  quiet: boolean;
}

export interface AlertResult {
  notice: StatusNotice | null;
  memory: AlertMemory;
  outages: OutageStep;
  dirty: boolean;
}

export function evaluateAlerts(input: AlertInput, memoryIn: AlertMemory): AlertResult {
  const { now, scope } = input;
  const memory: AlertMemory = {
    shown: { ...memoryIn.shown },
    lastAlertAt: { ...memoryIn.lastAlertAt },
    outages: memoryIn.outages,
  };
  let dirty = false;
  const outages = input.baseline
    ? { open: memoryIn.outages, started: [], ended: [], folded: new Set<Id>() }
    : detectOutages(memoryIn.outages, input.transitions, input.folderSizes, now);
  if (outages.started.length > 0 || outages.ended.length > 0) dirty = true;
  memory.outages = outages.open;

  const candidates: Array<{ key: string; item: StatusNoticeItem }> = [];
  const device = (kind: StatusNoticeItem['kind'], id: Id, key: string) => {
    const entry = input.index.get(id);
    candidates.push({
      key,
      item: {
        kind,
        deviceId: id,
        folderId: input.deviceFolder(id),
        label: input.deviceLabel(id),
        flapping: entry ? input.index.isFlapping(entry, now) : false,
      },
    });
  };

  for (const o of outages.started) {
    if (!scope.coversFolder(o.folderId)) continue;
    candidates.push({ key: `outage|${o.folderId}|${o.start}`, item: folderItem('outage', o, input) });
  }
  for (const o of outages.ended) {
    if (!scope.coversFolder(o.folderId)) continue;
    candidates.push({ key: `outage-end|${o.folderId}|${o.start}`, item: folderItem('outage-end', o, input) });
  }

  if (!input.baseline && !scope.isEmpty) {
    for (const t of input.transitions) {
      if (t.from === null || t.to === null || outages.folded.has(t.deviceId)) continue;
      const watches = scope.watchesOf(t.deviceId, t.folderId);
      if (watches.length === 0) continue;
      if (t.to === 'offline' && watches.some((w) => w.when.offline)) {
        device('offline', t.deviceId, `offline|${t.deviceId}|${t.at}`);
      } else if (t.from === 'offline' && watches.some((w) => w.when.online)) {
        device('online', t.deviceId, `online|${t.deviceId}|${t.at}`);
      }
    }
    longerThan(input, (kind, id, since) => device(kind, id, `${kind}|${id}|${since}`));
  }

  const shown: StatusNoticeItem[] = [];
  const seen = new Set<string>();
  for (const { key, item } of candidates) {
    if (memory.shown[key] !== undefined || seen.has(key)) continue;
    seen.add(key);
    memory.shown[key] = now;
    dirty = true;
    if (item.deviceId !== null) {
      const last = memory.lastAlertAt[item.deviceId];
      // muted: dropped, not queued
      if (item.flapping && last !== undefined && now - last < DEVICE_COOLDOWN_MS) continue;
      if (!input.quiet) memory.lastAlertAt[item.deviceId] = now;
    }
    if (!input.quiet) shown.push(item);
  }

  for (const [key, at] of Object.entries(memory.shown)) {
    if (now - at > FORGET_AFTER_MS) {
      delete memory.shown[key];
      dirty = true;
    }
  }
  for (const [id, at] of Object.entries(memory.lastAlertAt)) {
    if (now - at > DEVICE_COOLDOWN_MS) {
      delete memory.lastAlertAt[id];
      dirty = true;
    }
  }
  return { notice: shown.length > 0 ? batchNotice(shown) : null, memory, outages, dirty };
}

function folderItem(kind: 'outage' | 'outage-end', o: OpenOutage, input: AlertInput): StatusNoticeItem {
  return {
    kind,
    deviceId: null,
    folderId: o.folderId,
    label: input.folderLabel(o.folderId),
    devices: o.devices.length,
    size: o.folderSize,
    flapping: false,
  };
}

/** Devices past a watch's "offline/busy longer than N", once per episode (keyed by `since`). */
function longerThan(
  input: AlertInput,
  emit: (kind: 'offline-long' | 'busy-long', id: Id, since: number) => void,
): void {
  const { index, scope, now } = input;
  if (!scope.hasDurationWatches) return;
  // One pass over the index (a few ms at 100k): most devices are online and skipped at once.
  index.entries.forEach((id, status, since) => {
    if (status !== 'offline' && status !== 'busy') return;
    const watches: readonly Watch[] = scope.watchesOf(id, input.deviceFolder(id));
    for (const w of watches) {
      const n = status === 'offline' ? w.when.offlineLongerMinutes : w.when.busyLongerMinutes;
      if (n !== null && now - since > n * 60_000) {
        emit(status === 'offline' ? 'offline-long' : 'busy-long', id, since);
        break;
      }
    }
  });
}
