// The plain, obviously-right device queries: sort from scratch, filter by walking every device, count by
// walking them again. The DeviceIndex (renderer/domain/device-index.ts) must always agree with them; they
// are too slow for 100,000 devices on every keystroke, which is why the app does not use them.

import type { Device, Id } from '../../../shared/model.js';
import { enumValue } from '../../../shared/model.js';
import {
  deviceSearchText,
  statusKind,
  type DeviceFilter,
  type DeviceSort,
  type DeviceSortKey,
  type StatusCounts,
  type StatusFilter,
} from '../../../renderer/domain/device-query.js';

/** Lowercase search text per device, maintained by the data store on each change. */
export type DeviceSearchIndex = Map<Id, string>;

const STATUS_RANK: Record<Exclude<StatusFilter, 'all'>, number> = {
  online: 0,
  busy: 1,
  offline: 2,
  unknown: 3,
};

function ipKey(ip: string): string {
  // Dotted IPv4 compares numerically when padded; anything else compares as text after them.
  const parts = ip.split('.');
  if (parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p)))
    return parts.map((p) => p.padStart(3, '0')).join('.');
  return `~${ip.toLowerCase()}`;
}

type SortValue = string | number | null;

export function sortValue(
  d: Device,
  key: DeviceSortKey,
  folderName: (id: Id) => string | undefined,
): SortValue {
  switch (key) {
    case 'name':
      return d.name ? d.name.toLowerCase() : null;
    case 'alias':
      return d.alias ? d.alias.toLowerCase() : null;
    case 'status':
      return STATUS_RANK[statusKind(d)];
    case 'os':
      return d.os ? enumValue(d.os).toLowerCase() : null;
    case 'ip':
      return d.ip ? ipKey(d.ip) : null;
    case 'lastRefresh': {
      const ms = d.lastRefresh ? Date.parse(d.lastRefresh) : NaN;
      return Number.isNaN(ms) ? null : ms;
    }
    case 'folder':
      return d.folderId !== null ? (folderName(d.folderId)?.toLowerCase() ?? null) : null;
  }
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
 * The ids of `sortedIds` that pass `filter`, in order. `folderIds` is the set of folders the folder
 * selection stands for (the folder alone, or with its sub-folders), computed by the caller from the tree.
 */
export function filterDeviceIds(
  sortedIds: readonly Id[],
  devices: ReadonlyMap<Id, Device>,
  search: DeviceSearchIndex,
  filter: DeviceFilter,
  folderIds: ReadonlySet<Id> | null,
  knownFolder: (id: Id) => boolean = () => true,
): Id[] {
  const needle = filter.text.trim().toLowerCase();
  const terms = needle ? needle.split(/\s+/) : [];
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
    if (terms.length) {
      const text = search.get(id) ?? deviceSearchText(d);
      let all = true;
      for (const term of terms)
        if (!text.includes(term)) {
          all = false;
          break;
        }
      if (!all) continue;
    }
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
