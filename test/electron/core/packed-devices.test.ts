// Devices packed by column for the crossing from the poll worker (packed-devices.ts) come back equal, field
// for field, whatever their values (null, numbers, unknown enums, unique or repeated), and repeated texts
// come back as one string shared by every device and every part of a request.
import { describe, expect, it } from 'vitest';
import {
  carriedDevices,
  carryDevices,
  packDevices,
  unpackDevices,
} from '../../../electron/core/packed-devices.js';
import { DEVICE_KEYS } from '../../../shared/device-fields.js';
import { variedDevices as list } from '../support/varied-devices.js';

describe('devices packed by column', () => {
  it('unpack to equal devices with exactly the device fields, in order', () => {
    for (const n of [0, 1, 2, 3, 50, 2_000]) {
      const devices = list(n);
      const back = unpackDevices(structuredClone(packDevices(devices)));
      expect(back).toEqual(devices);
      for (const d of back) expect(Object.keys(d)).toEqual(DEVICE_KEYS);
    }
  });

  it('send repeated values once and unique ones without an index', () => {
    const packed = packDevices(list(1_000));
    const column = (key: (typeof DEVICE_KEYS)[number]) => packed.columns[DEVICE_KEYS.indexOf(key)]!;
    expect(column('id').index).toBeNull();
    expect(column('id').values).toHaveLength(1_000);
    expect(column('folderId').index).toHaveLength(1_000);
    expect(column('folderId').values.length).toBeLessThanOrEqual(8); // 7 folders and null
  });

  it('share one string per repeated text across the parts of a request', () => {
    const interner = new Map<string, string>();
    const first = unpackDevices(structuredClone(packDevices(list(100))), interner);
    const second = unpackDevices(structuredClone(packDevices(list(100, 100))), interner);
    expect(second.map((d) => d.id)).toEqual(list(100, 100).map((d) => d.id));
    // Same text, same string object: Object.is cannot tell, so the interner's own entry is the witness.
    expect(interner.get(first[1]!.folderId!)).toBe(second[1]!.folderId);
    expect(interner.has('PC-1')).toBe(false); // unique texts are not kept
  });

  it('pack and unpack only the fields asked for', () => {
    const keys = ['id', 'status'] as const;
    const back = unpackDevices(structuredClone(packDevices(list(10), keys)), new Map(), keys);
    expect(back).toEqual(list(10).map((d) => ({ id: d.id, status: d.status })));
  });

  it("carry devices within one thread as copies, unpacked nowhere: equal, never the mirror's own objects", () => {
    const devices = list(50);
    for (const pack of [true, false]) {
      const found = carriedDevices(carryDevices(devices, pack));
      expect(found).toEqual(devices);
      // A change the main thread makes to what it got never reaches the worker's mirror.
      for (let i = 0; i < devices.length; i++) expect(found[i]).not.toBe(devices[i]);
    }
  });
});
