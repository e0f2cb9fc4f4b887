// What the device table filters and sorts by: the filter and sort shapes, and whether a filter is the
// default one (derived from DEFAULT_FILTER itself so a new filter field cannot be forgotten: a forgotten
// one would hide "Clear filters"). The work over 100,000 devices is the DeviceIndex's (device-index.ts),
// kept by delta; the search language is device-search.ts.

import type { Id } from '../../shared/model.js';
import type { ColumnKey } from './device-columns.js';
import type { StatusKind } from './device-status.js';

/** Any grid column sorts (device-columns.ts says by what). */
export interface DeviceSort {
  key: ColumnKey;
  direction: 'asc' | 'desc';
}

export type FolderSelection = { kind: 'all' } | { kind: 'unassigned' } | { kind: 'folder'; id: Id };

/** A status kind (device-status.ts), or all of them. */
export type StatusFilter = 'all' | StatusKind;

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

export interface StatusCounts {
  online: number;
  offline: number;
  busy: number;
  unknown: number;
  total: number;
}

/** Whether `filter` shows what the default filter shows (search text compared trimmed). */
export function isDefaultFilter(filter: DeviceFilter): boolean {
  const shown: DeviceFilter = { ...filter, text: filter.text.trim() };
  return (Object.keys(DEFAULT_FILTER) as Array<keyof DeviceFilter>).every(
    (key) => JSON.stringify(shown[key]) === JSON.stringify(DEFAULT_FILTER[key]),
  );
}
