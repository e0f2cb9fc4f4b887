// How a device's status is presented: its name with the age of its last report, and whether that report
// is too old to trust the status it claims. Shared by the grid, the detail pane and the export.

import type { Device } from '../../shared/model.js';
import { formatAge, t } from '../i18n/index.js';
import { statusName } from '../components/labels.js';
import { parseTimestamp } from './time-zone.js';

/**
 * A device that says it is online or busy but last reported longer ago than this: its status is flagged
 * as possibly out of date (warning style). An offline device's old report is simply when it went away, and
 * the age of the console's own copy (offline, failed polls) is said once, in the banner and status bar,
 * rather than painted on every row.
 */
export const STALE_AFTER_MS = 15 * 60_000;

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
