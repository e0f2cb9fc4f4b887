// Devices packed by column for the crossing from the poll worker (packed-devices.ts) come back equal, field
// for field, whatever their values (null, numbers, unknown enums, unique or repeated), and repeated texts
// come back as one string shared by every device and every part of a request.
import { describe, expect, it } from 'vitest';
import {
  carriedDelta,
  carriedDevices,
  carryDelta,
  carryDevices,
  packDelta,
  packDevices,
  unpackDelta,
  unpackDevices,
} from '../../../electron/core/packed-devices.js';
import { DEVICE_KEYS } from '../../../shared/device-fields.js';
import type { Device } from '../../../shared/model.js';
import { device } from '../support/fake-service.js';

const list = (n: number, from = 0): Device[] =>
  Array.from({ length: n }, (_, i) =>
    device(String(from + i), i % 3 === 0 ? null : `f${i % 7}`, {
      name: `PC-${from + i}`,
      status: i % 5 === 0 ? { unknown: 'sleeping' } : (['online', 'offline', 'busy'] as const)[i % 3]!,
      ram: i % 4 === 0 ? null : 1024 * (i % 3) + 0.5,
      alias: i % 2 ? null : `Desk ${i % 11}`,
      lastRefresh: `2026-11-22T10:0${i % 10}:00Z`,
    }),
  );

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
    const first = unpackDelta(
      structuredClone(packDelta({ added: list(100), changed: [], removed: ['x'] })),
      interner,
    );
    const second = unpackDelta(
      structuredClone(packDelta({ added: [], changed: list(100, 100), removed: [] })),
      interner,
    );
    expect(first.removed).toEqual(['x']);
    expect(second.changed.map((d) => d.id)).toEqual(list(100, 100).map((d) => d.id));
    // Same text, same string object: Object.is cannot tell, so the interner's own entry is the witness.
    expect(interner.get(first.added[1]!.folderId!)).toBe(second.changed[1]!.folderId);
    expect(interner.has('PC-1')).toBe(false); // unique texts are not kept
  });

  it("carry devices within one thread as copies, unpacked nowhere: equal, never the mirror's own objects", () => {
    const devices = list(50);
    const delta = { added: devices.slice(0, 20), changed: devices.slice(20), removed: ['x'] };
    for (const pack of [true, false]) {
      const back = carriedDelta(structuredClone(carryDelta(delta, pack)));
      expect(back).toEqual(delta);
      const found = carriedDevices(carryDevices(devices, pack));
      expect(found).toEqual(devices);
      // A change the main thread makes to what it got never reaches the worker's mirror.
      for (let i = 0; i < devices.length; i++) expect(found[i]).not.toBe(devices[i]);
      for (let i = 0; i < 20; i++) expect(back.added[i]).not.toBe(delta.added[i]);
    }
  });
});
