// The one Device factory of the tests: every field once, with plain defaults; callers override what they
// test. A field the table gains later is null here until a test names it, so adding one needs no edit.
import { DEVICE_KEYS } from '../../shared/device-fields.js';
import type { Device } from '../../shared/model.js';

export function makeDevice(overrides: Partial<Device> & { id: string }): Device {
  return {
    ...bareDevice({ id: overrides.id }),
    name: `PC-${overrides.id}`,
    status: 'online',
    ip: '10.0.0.1',
    os: 'Linux',
    lastRefresh: '2026-03-02T08:00:00Z',
    cpu: 'Intel Core i5',
    ram: 4096,
    freeSpace: '42% of 500 GB',
    mac: '00:1A:2B:3C:4D:5E',
    dateInstalled: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A device the service told nothing of but its id: every other field null, whatever fields there are. */
export function bareDevice(overrides: Partial<Device> & { id: string }): Device {
  const nulls = Object.fromEntries(DEVICE_KEYS.map((key) => [key, null])) as Record<keyof Device, null>;
  return { ...nulls, ...overrides };
}
