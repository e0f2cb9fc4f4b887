// The one Device factory of the tests: every field once, with plain defaults; callers override what they
// test. A new Device field is added here and nowhere else in the tests.
import { DEVICE_KEYS } from '../../shared/device-fields.js';
import type { Device } from '../../shared/model.js';

export function makeDevice(overrides: Partial<Device> & { id: string }): Device {
  return {
    name: `PC-${overrides.id}`,
    alias: null,
    status: 'online',
    ip: '10.0.0.1',
    os: 'Linux',
    lastRefresh: '2026-03-02T08:00:00Z',
    cpu: 'Intel Core i5',
    ram: 4096,
    freeSpace: '42% of 500 GB',
    mac: '00:1A:2B:3C:4D:5E',
    dateInstalled: '2025-01-01T00:00:00Z',
    folderId: null,
    ...overrides,
  };
}

/** A device the service told nothing of but its id: every other field null, whatever fields there are. */
export function bareDevice(overrides: Partial<Device> & { id: string }): Device {
  const nulls = Object.fromEntries(DEVICE_KEYS.map((key) => [key, null])) as Record<keyof Device, null>;
  return { ...nulls, ...overrides };
}
