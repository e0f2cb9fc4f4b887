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
  deviceLabel,
  type DeviceFieldKind,
  type DeviceFieldKinds,
} from '../../shared/device-fields.js';
import type { Device } from '../../shared/model.js';
import { decodeDevice, encodeDevice } from '../../shared/xml/index.js';

/** A value of each kind that no default has, and a second one to change it to. */
const VALUES: {
  [K in DeviceFieldKind]: [NonNullable<DeviceFieldKinds[K]>, NonNullable<DeviceFieldKinds[K]>];
} = {
  id: ['42', '43'],
  text: ['Front desk & café', 'x'],
  status: ['busy', { unknown: 'hibernating' }],
  os: ['Windows 7', { unknown: 'Plan 9' }],
  timestamp: ['2020-02-02T10:00:00Z', '2021-03-03T11:00:00Z'],
  decimal: [16384.5, 1],
};

/** A device with every field of the table set, each from its kind: a new field is set without an edit. */
const full = Object.fromEntries(
  DEVICE_KEYS.map((key) => [key, VALUES[DEVICE_FIELDS[key].kind][0]]),
) as Device;

describe('DEVICE_FIELDS', () => {
  it('round-trips every field of the table through the XML encoder and decoder', () => {
    expect(Object.values(full)).not.toContain(null);
    expect(decodeDevice(encodeDevice(full))).toEqual(full);
  });

  it('sees a change in every single field, and none between equal copies', () => {
    expect(changedFields(full, { ...full })).toEqual([]);
    for (const key of DEVICE_KEYS) {
      const other = { ...full, [key]: VALUES[DEVICE_FIELDS[key].kind][1] } as Device;
      expect(changedFields(full, other)).toEqual([key]);
    }
    expect(
      changedFields({ ...full, os: { unknown: 'Plan 9' } }, { ...full, os: { unknown: 'Plan 9' } }),
    ).toEqual([]);
  });

  it('says which elements a technician may change and which the service refuses', () => {
    expect(DEVICE_WRITABLE_XML).toEqual(['alias', 'folder_id']);
    expect(DEVICE_READ_ONLY_XML).toContain('date_installed');
    expect(DEVICE_READ_ONLY_XML.length + DEVICE_WRITABLE_XML.length).toBe(Object.keys(DEVICE_FIELDS).length);
  });
});

describe('deviceLabel', () => {
  it('names a device by its alias, else its name, else not at all (the reader names it by id)', () => {
    expect(deviceLabel({ alias: 'Front desk', name: 'PC-7' })).toBe('Front desk');
    expect(deviceLabel({ alias: null, name: 'PC-7' })).toBe('PC-7');
    // An empty alias is no alias.
    expect(deviceLabel({ alias: '', name: 'PC-7' })).toBe('PC-7');
    expect(deviceLabel({ alias: null, name: '' })).toBeNull();
    expect(deviceLabel(undefined)).toBeNull();
  });
});
