// The plain, obviously-right device queries: sort from scratch by the column table's sort value, filter by
// walking every device with the search language, count by walking them again. The DeviceIndex
// (renderer/domain/device-index.ts) must always agree with them; they are too slow for 100,000 devices on
// every keystroke, which is why the app does not use them.

import type { Device, Id } from '../../../shared/model.js';
import { enumValue } from '../../../shared/model.js';
import { columnByKey, type SortValue } from '../../../renderer/domain/device-columns.js';
import {
  statusKind,
  type DeviceFilter,
  type DeviceSort,
  type StatusCounts,
} from '../../../renderer/domain/device-query.js';
import { compileSearch, searchEntry } from '../../../renderer/domain/device-search.js';

export function sortValue(
  d: Device,
  key: DeviceSort['key'],
  folderName: (id: Id) => string | undefined,
): SortValue {
  return columnByKey(key)!.sortValue(d, { folderName, fetchedAt: null, now: 0 });
}

/**
 * Sorts `previousOrder` (plus any ids in `devices` it lacks, minus those it has that are gone) by `sort`.
 * Ties fall back to the name and then the id, so the order is total and stable across polls.
 * Empty values sort last in both directions.
 */
export function sortDeviceIds(
  devices: ReadonlyMap<Id, Device>,
  sort: DeviceSort,
  previousOrder: readonly Id[],
  folderName: (id: Id) => string | undefined = () => undefined,
): Id[] {
  const entries: Array<{ id: Id; v: SortValue; n: string }> = [];
  const push = (id: Id, d: Device) => {
    entries.push({ id, v: sortValue(d, sort.key, folderName), n: d.name?.toLowerCase() ?? '' });
  };
  for (const id of previousOrder) {
    const d = devices.get(id);
    if (d) push(id, d);
  }
  if (entries.length !== devices.size) {
    // Some devices are new to the order (or the order had duplicates): rebuild membership once.
    const seen = new Set<Id>();
    entries.length = 0;
    for (const id of previousOrder) {
      const d = devices.get(id);
      if (d && !seen.has(id)) {
        seen.add(id);
        push(id, d);
      }
    }
    for (const [id, d] of devices) if (!seen.has(id)) push(id, d);
  }

  const dir = sort.direction === 'asc' ? 1 : -1;
  entries.sort((a, b) => {
    if (a.v !== b.v) {
      if (a.v === null) return 1;
      if (b.v === null) return -1;
      return (a.v < b.v ? -1 : 1) * dir;
    }
    if (a.n !== b.n) return (a.n < b.n ? -1 : 1) * dir;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return entries.map((e) => e.id);
}

/**
 * The ids of `sortedIds` that pass `filter` (its text in the search language), in order. `folderIds` is the
 * set of folders the folder selection stands for, computed by the caller from the tree.
 */
export function filterDeviceIds(
  sortedIds: readonly Id[],
  devices: ReadonlyMap<Id, Device>,
  filter: DeviceFilter,
  folderIds: ReadonlySet<Id> | null,
  knownFolder: (id: Id) => boolean = () => true,
  folderName: (id: Id) => string | undefined = () => undefined,
): Id[] {
  const search = compileSearch(filter.text);
  const out: Id[] = [];
  for (const id of sortedIds) {
    const d = devices.get(id);
    if (!d) continue;
    if (filter.status !== 'all' && statusKind(d) !== filter.status) continue;
    if (filter.os !== 'all' && (d.os === null ? '' : enumValue(d.os)) !== filter.os) continue;
    if (filter.folder.kind === 'unassigned') {
      if (d.folderId !== null && knownFolder(d.folderId)) continue;
    } else if (filter.folder.kind === 'folder') {
      if (d.folderId === null || !folderIds?.has(d.folderId)) continue;
    }
    if (search && !search(searchEntry(d, d.folderId === null ? null : folderName(d.folderId)))) continue;
    out.push(id);
  }
  return out;
}

export function countStatuses(devices: Iterable<Device>): StatusCounts {
  const c: StatusCounts = { online: 0, offline: 0, busy: 0, unknown: 0, total: 0 };
  for (const d of devices) {
    c[statusKind(d)]++;
    c.total++;
  }
  return c;
}

/** Every OS value present, known or not, for the OS filter. */
export function presentOses(devices: Iterable<Device>): string[] {
  const set = new Set<string>();
  for (const d of devices) if (d.os !== null) set.add(enumValue(d.os));
  return [...set].sort();
}
