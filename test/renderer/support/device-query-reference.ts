// The plain, obviously-right device queries: sort from scratch by the column table (sortIdsByColumn), filter by
// walking every device with the search language, count by walking them again. The DeviceIndex
// (renderer/domain/device-index.ts) must always agree with them; they are too slow for 100,000 devices on
// every keystroke, which is why the app does not use them.

import type { Device, Id } from '../../../shared/model.js';
import { enumValue } from '../../../shared/model.js';
import { sortIdsByColumn } from '../../../renderer/domain/device-columns.js';
import {
  type DeviceFilter,
  type DeviceSort,
  type StatusCounts,
} from '../../../renderer/domain/device-query.js';
import { statusKind } from '../../../renderer/domain/device-status.js';
import { compileSearch, searchEntry } from '../../../renderer/domain/device-search.js';

/**
 * Every device sorted from scratch by the column's sort value (ties: the name, then the id; empty values
 * last): the grid's full sort, which views.ts uses for columns the index does not keep.
 */
export function sortDeviceIds(
  devices: ReadonlyMap<Id, Device>,
  sort: DeviceSort,
  folderName: (id: Id) => string | undefined = () => undefined,
): Id[] {
  return sortIdsByColumn(devices, sort.key, sort.direction, { folderName, fetchedAt: null, now: 0 });
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
