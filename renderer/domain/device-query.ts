// What the device table filters and sorts by: the filter and sort shapes, a device's status kind and its
// search text. The work over 100,000 devices is the DeviceIndex's (device-index.ts), kept by delta.

import type { Device, Id } from '../../shared/model.js';

/** The orders the DeviceIndex keeps (and patches by delta); other grid columns sort by the column table. */
export const DEVICE_SORT_KEYS = ['name', 'alias', 'status', 'os', 'ip', 'lastRefresh', 'folder'] as const;
export type DeviceSortKey = (typeof DEVICE_SORT_KEYS)[number];
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

export interface StatusCounts {
  online: number;
  offline: number;
  busy: number;
  unknown: number;
  total: number;
}
