// The stand-in serves every field of the device table: seed.ts names each field it knows with a realistic
// value, and a field the table gains later gets a plain value of its kind instead of being left out.
import { describe, expect, it } from 'vitest';
import { DEVICE_KEYS } from '../../../shared/device-fields.js';
import { generateAccount, withPlainFields } from '../../../service/domain/seed.js';

const now = Date.parse('2026-11-22T00:00:00Z');

describe('generateAccount', () => {
  it('gives every device every field of the table, and the same account for the same seed', () => {
    const a = generateAccount({ seed: 7, devices: 50, now });
    for (const device of a.devices) expect(Object.keys(device).sort()).toEqual([...DEVICE_KEYS].sort());
    expect(generateAccount({ seed: 7, devices: 50, now }).devices).toEqual(a.devices);
  });
});

describe('withPlainFields', () => {
  it('keeps what the seed named, null included, and fills each field it did not from the field kind', () => {
    const device = withPlainFields(4, now, { id: '5', name: 'PC-5', alias: null });
    expect(device).toMatchObject({ id: '5', name: 'PC-5', alias: null });
    expect(device.cpu).toBe('cpu 5');
    expect(device.freeSpace).toBe('free space 5');
    expect(device.ram).toBe(5);
    expect(device.dateInstalled).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(['offline', 'online', 'busy']).toContain(device.status);
    expect(Object.keys(device).sort()).toEqual([...DEVICE_KEYS].sort());
  });
});
