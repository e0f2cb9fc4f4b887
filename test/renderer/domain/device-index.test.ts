// The DeviceIndex keeps orders, filters and counts in step by deltas; the plain functions of
// device-query.ts are the reference it must always agree with, after any sequence of changes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Device } from '../../../shared/model.js';
import { DeviceIndex } from '../../../renderer/domain/device-index.js';
import {
  DEFAULT_FILTER,
  DEVICE_SORT_KEYS,
  deviceSearchText,
  type DeviceSort,
  type DeviceSortKey,
} from '../../../renderer/domain/device-query.js';
import {
  countStatuses,
  filterDeviceIds,
  presentOses,
  sortDeviceIds,
} from '../support/device-query-reference.js';
import { device } from '../support/fake-bridge.js';

const KEYS: readonly DeviceSortKey[] = DEVICE_SORT_KEYS;
const folderNames: Record<string, string> = { f1: 'Berlin', f2: 'amsterdam', f3: 'Zagreb' };
const folderName = (id: string) => folderNames[id];

const arbDevice = (id: string) =>
  fc
    .record({
      name: fc.constantFrom('PC-1', 'pc-1', 'Desk 2', 'desk 10', '', 'Zeta', 'alpha'),
      alias: fc.constantFrom(null, 'Front', 'back', 'Zed'),
      status: fc.constantFrom('online', 'offline', 'busy', { unknown: 'asleep' }),
      ip: fc.constantFrom('10.0.0.2', '10.0.0.10', '9.255.0.1', 'fe80::1', '', '300.1.1.1'),
      os: fc.constantFrom('Windows', 'Linux', null, { unknown: 'Plan9' }),
      lastRefresh: fc.constantFrom('2026-11-21T09:58:00Z', '2026-11-20T09:58:00Z', null, 'garbage'),
      folderId: fc.constantFrom(null, 'f1', 'f2', 'f3', 'gone'),
    })
    .map((p) => device(id, p as Partial<Device>));

type Op = { put: Device[]; remove: string[] };
const ids = Array.from({ length: 40 }, (_, i) => String(i + 1));
const arbOps = fc.array(
  fc.record({
    put: fc.array(fc.constantFrom(...ids).chain(arbDevice), { maxLength: 8 }),
    remove: fc.array(fc.constantFrom(...ids), { maxLength: 4 }),
  }),
  { maxLength: 12 },
);

function check(index: DeviceIndex, map: Map<string, Device>, sort: DeviceSort): void {
  const expected = sortDeviceIds(map, sort, [], folderName);
  const order = index.sorted(sort);
  expect(order).toEqual(expected);
  const search = new Map([...map].map(([id, d]) => [id, deviceSearchText(d)]));
  for (const filter of [
    { ...DEFAULT_FILTER, text: 'pc 1' },
    { ...DEFAULT_FILTER, status: 'offline' as const },
    { ...DEFAULT_FILTER, os: 'Plan9' },
    { ...DEFAULT_FILTER, folder: { kind: 'unassigned' as const } },
  ]) {
    const known = (id: string) => id in folderNames;
    expect(index.filter(order, filter, null, known)).toEqual(
      filterDeviceIds(expected, map, search, filter, null, known),
    );
  }
  expect({ ...index.counts }).toEqual(countStatuses(map.values()));
  expect(index.oses()).toEqual(presentOses(map.values()));
}

describe('DeviceIndex', () => {
  it('agrees with the reference sort, filter and counts after any sequence of deltas', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ids).chain(arbDevice), { maxLength: 30 }),
        arbOps,
        fc.constantFrom(...KEYS),
        fc.boolean(),
        (initial, ops: Op[], key, asc) => {
          const sort: DeviceSort = { key, direction: asc ? 'asc' : 'desc' };
          const index = new DeviceIndex();
          index.setFolderNames(folderName);
          const map = new Map(initial.map((d) => [d.id, d]));
          index.apply({ reset: true, added: [...map.values()], changed: [], removed: [] });
          check(index, map, sort);
          for (const op of ops) {
            const added: Device[] = [];
            const changed: Device[] = [];
            const removed = [...new Set(op.remove)].filter(
              (id) => map.has(id) && !op.put.some((d) => d.id === id),
            );
            for (const id of removed) map.delete(id);
            const put = new Map(op.put.map((d) => [d.id, d]));
            for (const d of put.values()) {
              (map.has(d.id) ? changed : added).push(d);
              map.set(d.id, d);
            }
            index.apply({ reset: false, added, changed, removed });
            check(index, map, sort);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps per-folder counts for the tree', () => {
    const index = new DeviceIndex();
    index.apply({
      reset: true,
      added: [
        device('1', { folderId: 'f1' }),
        device('2', { folderId: 'f1', status: 'offline' }),
        device('3'),
      ],
      changed: [],
      removed: [],
    });
    expect(index.direct.get('f1')).toEqual({ total: 2, online: 1 });
    index.apply({ reset: false, added: [], changed: [device('2', { folderId: 'f1' })], removed: ['3'] });
    expect(index.direct.get('f1')).toEqual({ total: 2, online: 2 });
    expect(index.direct.has(null)).toBe(false);
  });
});
