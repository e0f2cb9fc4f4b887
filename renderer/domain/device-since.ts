// Since when each device is in its status, and whether it keeps dropping, as the device table shows,
// sorts and filters by them. The main process keeps the history; the renderer holds one small row per
// device (DataChange.since, sent as deltas): [since, exact, flapUntil]. Flapping is "flapUntil still ahead",
// so it ends on time without another message.
//
// The history filters ("changed in the last hour", "offline for more than 3 days", "flapping") are one
// more predicate over the rows the status/OS/folder filters and the search left.

import type { Device, Id } from '../../shared/model.js';
import type { SinceRow } from '../../shared/status-history.js';
import { t } from '../i18n/index.js';
import { displayTime } from './time-zone.js';
import { statusKind } from './device-status.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

export type SinceLookup = (id: Id) => SinceRow | undefined;

export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MIN));
  if (minutes < 60) return t('history.duration.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('history.duration.hours', { hours, minutes: minutes % 60 });
  return t('history.duration.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}

export function historyStatusName(status: string | null): string {
  if (status === null) return t('history.firstSeen');
  if (status === 'online' || status === 'offline' || status === 'busy') return t(`status.${status}`);
  if (status === 'unknown') return t('status.unknown');
  return status;
}

/** "Offline since 14:32 (3 h 12 min)"; a day or more ago, with the date. Null when nothing is known. */
export function sinceText(
  h: { status: string | null; since: number | null; sinceExact: boolean },
  now: number,
): string | null {
  if (h.status === null || h.since === null) return null;
  const params = {
    status: historyStatusName(h.status),
    time: displayTime(new Date(h.since), now - h.since < DAY ? 'time' : 'date-time'),
    // Seen in it under a minute ago: "just now", not a duration of "0 min".
    duration: now - h.since < MIN ? t('history.duration.justNow') : formatDuration(now - h.since),
  };
  return h.sinceExact ? t('history.since', params) : t('history.sinceAtLeast', params);
}

/** The Since cell: the sentence, "flapping" appended when it is; "Unknown" when the history has nothing. */
export function sinceCellText(d: Device, row: SinceRow | undefined, now: number): string {
  if (!row) return t('history.sinceUnknown');
  const text = sinceText({ status: statusKind(d), since: row[0], sinceExact: row[1] === 1 }, now) ?? '';
  return isFlapping(row, now) ? `${text} · ${t('history.flapping')}` : text;
}

export function isFlapping(row: SinceRow | undefined, now: number): boolean {
  return row !== undefined && row[2] >= now;
}

// ---- filters --------------------------------------------------------------------------------------------

export type HistoryFilter =
  | { kind: 'none' }
  /** The status changed (a transition the console saw) within the last N minutes. */
  | { kind: 'changed'; withinMinutes: number }
  /** In this status for more than N minutes (offline for more than 2 days…). */
  | { kind: 'longer'; status: 'online' | 'offline' | 'busy'; minutes: number }
  | { kind: 'flapping' };

export const NO_HISTORY_FILTER: HistoryFilter = { kind: 'none' };

/**
 * The filter as a predicate, or null for none. A "since" not known exactly is the latest the status can
 * have begun, so "longer than" holds for it when it holds for that time, and such a device has not
 * "changed" while the console watched.
 */
export function historyPredicate(
  filter: HistoryFilter,
  since: SinceLookup,
  now: number,
): ((d: Device) => boolean) | null {
  switch (filter.kind) {
    case 'none':
      return null;
    case 'changed': {
      const after = now - filter.withinMinutes * MIN;
      return (d) => {
        const row = since(d.id);
        return row !== undefined && row[1] === 1 && row[0] >= after;
      };
    }
    case 'longer': {
      const before = now - filter.minutes * MIN;
      const status = filter.status;
      return (d) => {
        if (statusKind(d) !== status) return false;
        const row = since(d.id);
        return row !== undefined && row[0] < before;
      };
    }
    case 'flapping':
      return (d) => isFlapping(since(d.id), now);
  }
}

/** The Since column's sort value: when the status began (null: unknown, sorted last). */
export function sinceSortValue(row: SinceRow | undefined): number | null {
  return row ? row[0] : null;
}
