// The smallest delta between two lists of records by id. Both threads diff: the main thread's Picture
// (picture.ts) and the poll worker's devices mirror (devices-mirror.ts). It lives here, holding no state,
// so the worker imports nothing of the main thread's.

import type { Id } from '../../shared/model.js';

/**
 * The smallest delta from `previous` to `records`, and the map of `records` (each kept as `keep` makes it:
 * the record itself, or a compact form of it): one pass, no sorting.
 */
export function diffById<T extends { id: Id }, K = T>(
  previous: ReadonlyMap<Id, K>,
  records: readonly T[],
  same: (before: K, kept: K, record: T) => boolean,
  keep: (record: T) => K = (record) => record as unknown as K,
): { next: Map<Id, K>; added: T[]; changed: T[]; removed: Id[] } {
  const next = new Map<Id, K>();
  const added: T[] = [];
  const changed: T[] = [];
  for (const record of records) {
    const kept = keep(record);
    next.set(record.id, kept);
    const before = previous.get(record.id);
    if (before === undefined) added.push(record);
    else if (!same(before, kept, record)) changed.push(record);
  }
  const removed: Id[] = [];
  if (next.size !== previous.size + added.length) {
    for (const id of previous.keys()) if (!next.has(id)) removed.push(id);
  }
  return { next, added, changed, removed };
}
