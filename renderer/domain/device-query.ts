// What the device table filters and sorts by: the filter and sort shapes and a device's status kind. The
// work over 100,000 devices is the DeviceIndex's (device-index.ts), kept by delta; the search language is
// device-search.ts.

import type { Device, Id } from '../../shared/model.js';
import type { ColumnKey } from './device-columns.js';

/** Any grid column sorts (device-columns.ts says by what). */
export interface DeviceSort {
  key: ColumnKey;
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

export interface StatusCounts {
  online: number;
  offline: number;
  busy: number;
  unknown: number;
  total: number;
}
