// The data store's per-device "since" rows, as the devices' changes carry them (DataChange.since): the main
// side sends the rows a poll moved behind that poll's parts, and the whole map a while after this window's
// snapshot, in parts. Nothing is asked for: the rows come in the devices' own stream, in its order.

import type { DataChange } from '../../shared/ipc/contract.js';
import type { SinceRows } from '../../shared/status-history.js';
import type { DataStore } from './data-store.js';

/** Stores with rows applied from parts whose last has not come yet: not yet said to their readers. */
const unannounced = new WeakSet<DataStore>();

/** A change that carries since rows and no device record. */
export const sinceAlone = (change: DataChange): boolean =>
  change.since !== undefined &&
  !change.reset &&
  change.added.length === 0 &&
  change.changed.length === 0 &&
  change.removed.length === 0;

/**
 * Applies the rows; a part with more to come is applied quietly (the table, the views and their counts are
 * re-tested once, after the last part, not 50 times). True when it said so (sinceVersion moved).
 */
export function applySinceRows(data: DataStore, rows: SinceRows): boolean {
  const { since, sinceVersion } = data.getState();
  let changed = rows.full && since.size > 0;
  if (rows.full) since.clear();
  const { ids } = rows;
  for (let i = 0; i < ids.length; i++) since.set(ids[i]!, rows.since[i]!, rows.exact[i]!, rows.flapUntil[i]!);
  if (ids.length > 0) changed = true;
  for (const id of rows.removed) changed = since.delete(id) || changed;
  if (changed) unannounced.add(data);
  if (rows.more || !unannounced.has(data)) return false;
  unannounced.delete(data);
  data.setState({ sinceVersion: sinceVersion + 1 });
  return true;
}
