// Each Device field described once (shared/device-fields.ts): decoding reads every field of the table,
// the encoder writes every one (round trip), equality and the changed-field list see every one, and the
// read-only list is what the table says.
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  DEVICE_FIELDS,
  DEVICE_KEYS,
  DEVICE_READ_ONLY_XML,
  DEVICE_WRITABLE_XML,
  devicesEqual,
} from '../../shared/device-fields.js';
import type { Device } from '../../shared/model.js';
import { decodeDevice, encodeDevice } from '../../shared/xml/index.js';
import { makeDevice } from '../support/make-device.js';

/** A device with every field set to a value no default has. */
const full: Device = makeDevice({
  id: '42',
  name: 'PC-full',
  alias: 'Front desk',
  status: 'busy',
  ip: '10.1.2.3',
  os: 'Windows 7',
  lastRefresh: '2026-11-21T09:30:00Z',
  cpu: 'Intel Xeon',
  ram: 16384.5,
  freeSpace: '10% of 1 TB',
  mac: 'AA:BB:CC:DD:EE:FF',
  dateInstalled: '2020-02-02T10:00:00Z',
  folderId: '7',
});

describe('DEVICE_FIELDS', () => {
  it('round-trips every field of the table through the XML encoder and decoder', () => {
    expect(DEVICE_KEYS.sort()).toEqual(Object.keys(full).sort());
    expect(decodeDevice(encodeDevice(full))).toEqual(full);
  });

  it('sees a change in every single field, and none between equal copies', () => {
    expect(devicesEqual(full, { ...full })).toBe(true);
    expect(changedFields(full, { ...full })).toEqual([]);
    for (const key of DEVICE_KEYS) {
      const other = { ...full, [key]: key === 'ram' ? 1 : key === 'status' ? 'offline' : 'x' } as Device;
      expect(devicesEqual(full, other), key).toBe(false);
      expect(changedFields(full, other)).toEqual([key]);
    }
    expect(devicesEqual({ ...full, os: { unknown: 'Plan 9' } }, { ...full, os: { unknown: 'Plan 9' } })).toBe(
      true,
    );
  });

  it('says which elements a technician may change and which the service refuses', () => {
    expect(DEVICE_WRITABLE_XML).toEqual(['alias', 'folder_id']);
    expect(DEVICE_READ_ONLY_XML).toContain('date_installed');
    expect(DEVICE_READ_ONLY_XML.length + DEVICE_WRITABLE_XML.length).toBe(Object.keys(DEVICE_FIELDS).length);
  });
});
