// Devices and devices changes for the status-history tests, in the DataChange shape the core emits.
import type { DataChange } from '../../../shared/ipc/contract.js';
import type { Device, KnownDeviceStatus } from '../../../shared/model.js';
import { bareDevice } from '../../support/make-device.js';

export function device(id: string, status: KnownDeviceStatus, folderId: string | null = null): Device {
  return bareDevice({ id, name: `PC-${id}`, status, os: 'Linux', folderId });
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
