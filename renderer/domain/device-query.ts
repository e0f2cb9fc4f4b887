// Search, filter and sort over the whole device list (never a page of it: a filter that searches only
// what is loaded is a complaint we design out). Built for 100,000 devices:
// - each device's lowercase search text is computed once per change to that device (DeviceSearchIndex);
// - sorting re-sorts the PREVIOUS order: V8's TimSort is near-linear on almost-sorted input, so a poll that
//   changed a few devices costs O(n), not O(n log n);
// - filtering walks the sorted ids once and keeps their order, so a new filter never re-sorts.

import type { Device, Id } from '../../shared/model.js';
import { enumValue } from '../../shared/model.js';

export type DeviceSortKey = 'name' | 'alias' | 'status' | 'os' | 'ip' | 'lastRefresh' | 'folder';
export interface DeviceSort {
  key: DeviceSortKey;
  direction: 'asc' | 'desc';
}

export type FolderSelection = { kind: 'all' } | { kind: 'unassigned' } | { kind: 'folder'; id: Id };

/** 'unknown' stands for a missing status or a value the service sent that we do not know. */
export type StatusFilter = 'all' | 'online' | 'offline' | 'busy' | 'unknown';

export interface DeviceFilter {
  text: string;
  status: StatusFilter;
  /** 'all', or an OS's raw value as the service sent it. */
  os: string;
  folder: FolderSelection;
  includeSubfolders: boolean;
}

export const DEFAULT_FILTER: DeviceFilter = {
  text: '',
  status: 'all',
  os: 'all',
  folder: { kind: 'all' },
  includeSubfolders: true,
};

export function statusKind(device: Device): Exclude<StatusFilter, 'all'> {
  const s = device.status;
  return s === 'online' || s === 'offline' || s === 'busy' ? s : 'unknown';
}

export function deviceSearchText(d: Device): string {
  const mac = d.mac ?? '';
  // The MAC also without separators, so "001a2b" finds "00:1A:2B…".
  return [d.name, d.alias, d.ip, mac, mac.replace(/[^0-9a-f]/gi, '')]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

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

export interface StatusCounts {
  online: number;
  offline: number;
  busy: number;
  unknown: number;
  total: number;
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
