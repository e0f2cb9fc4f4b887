// How a device's status reads on screen: its kind, its age, and whether a claim of presence is too old to
// trust.

import type { Device } from '../../shared/model.js';
import { statusName } from './labels.js';
import { formatAge, t } from '../i18n/index.js';
import { parseTimestamp } from './time-zone.js';

/** 'unknown' stands for a missing status or a value the service sent that we do not know. */
export type StatusKind = 'online' | 'offline' | 'busy' | 'unknown';

export function statusKind(device: Device): StatusKind {
  const s = device.status;
  return s === 'online' || s === 'offline' || s === 'busy' ? s : 'unknown';
}

/** The order statuses sort in, wherever they do (the grid's column, the index's keys): present first. */
export const STATUS_ORDER = ['online', 'busy', 'offline', 'unknown'] as const satisfies readonly StatusKind[];
export const STATUS_RANK = Object.fromEntries(STATUS_ORDER.map((s, i) => [s, i])) as Record<
  StatusKind,
  number
>;

/**
 * A device that says it is online or busy but last reported longer ago than this: its status is flagged
 * as possibly out of date (warning style). An offline device's old report is simply when it went away, and
 * the age of the console's own copy (offline, failed polls) is said once, in the banner and status bar,
 * rather than painted on every row.
 */
export const STALE_AFTER_MS = 15 * 60_000;

/** When the status was last known: the device's own report, else when the list it came in was fetched. */
export function statusAt(d: Device, fetchedAt: string | null): Date | null {
  return parseTimestamp(d.lastRefresh) ?? parseTimestamp(fetchedAt);
}

export function statusAge(
  d: Device,
  fetchedAt: string | null,
  now: number,
): { text: string; age: string | null; stale: boolean; at: Date | null } {
  const own = parseTimestamp(d.lastRefresh);
  const at = own ?? parseTimestamp(fetchedAt);
  const name = statusName(d.status);
  if (!at) return { text: name, age: null, stale: false, at: null };
  const age = now - at.getTime();
  const claimsPresence = d.status === 'online' || d.status === 'busy';
  return {
    text: t('status.withAge', { status: name, age: formatAge(age) }),
    age: t('age.ago', { age: formatAge(age) }),
    stale: own !== null && claimsPresence && age > STALE_AFTER_MS,
    at,
  };
}
