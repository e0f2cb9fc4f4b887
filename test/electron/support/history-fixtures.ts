// Devices and devices changes for the status-history tests, in the DataChange shape the core emits.
import type { DataChange } from '../../../shared/ipc/contract.js';
import type { Device, KnownDeviceStatus } from '../../../shared/model.js';
import { makeDevice } from '../../support/make-device.js';

export function device(id: string, status: KnownDeviceStatus, folderId: string | null = null): Device {
  return makeDevice({
    id,
    status,
    folderId,
    ip: null,
    lastRefresh: null,
    cpu: null,
    ram: null,
    freeSpace: null,
    mac: null,
    dateInstalled: null,
  });
}

export function resetChange(devices: Device[], at: number): DataChange<'devices'> {
  return {
    dataset: 'devices',
    reset: true,
    added: devices,
    changed: [],
    removed: [],
    fetchedAt: new Date(at).toISOString(),
  };
}

export function deltaChange(changed: Device[], at: number, removed: string[] = []): DataChange<'devices'> {
  return {
    dataset: 'devices',
    reset: false,
    added: [],
    changed,
    removed,
    fetchedAt: new Date(at).toISOString(),
  };
}
