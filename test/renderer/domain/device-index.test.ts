// The DeviceIndex keeps orders, filters and counts in step by deltas; the plain functions of
// device-query.ts are the reference it must always agree with, after any sequence of changes.

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Device } from '../../../shared/model.js';
import { compareDefaultOrder, DEFAULT_SORT, defaultOrderName } from '../../../shared/device-order.js';
import { columnByKey, DEVICE_COLUMNS, type ColumnKey } from '../../../renderer/domain/device-columns.js';
import { DeviceIndex, type DeviceQuery } from '../../../renderer/domain/device-index.js';
import { DEFAULT_FILTER, type DeviceFilter, type DeviceSort } from '../../../renderer/domain/device-query.js';
import {
  countStatuses,
  filterDeviceIds,
  presentOses,
  sortDeviceIds,
} from '../support/device-query-reference.js';
import * as searchModule from '../../../renderer/domain/device-search.js';
import { device } from '../support/fake-bridge.js';

// The columns the index sorts (a volatile one, like Since, is sorted in full by views.ts).
const KEYS: readonly ColumnKey[] = DEVICE_COLUMNS.map((c) => c.key).filter((k) => DeviceIndex.sorts(k));
const NAMES = [
  { f1: 'Berlin', f2: 'amsterdam', f3: 'Zagreb' },
  { f1: 'Berlin', f2: 'Zürich', f3: 'Zagreb' },
  { f1: 'aachen', f2: 'amsterdam' },
] as Array<Record<string, string>>;

const arbDevice = (id: string) =>
  fc
    .record({
      name: fc.constantFrom('PC-1', 'pc-1', 'Desk 2', 'desk 10', '', 'Zeta', 'alpha'),
      alias: fc.constantFrom(null, 'Front', 'back', 'Zed'),
      status: fc.constantFrom('online', 'offline', 'busy', { unknown: 'asleep' }),
      ip: fc.constantFrom('10.0.0.2', '10.0.0.10', '9.255.0.1', 'fe80::1', '', '300.1.1.1'),
      mac: fc.constantFrom(null, '00:1A:2B:3C:4D:5E', '00-1a-2b-00-00-01'),
      os: fc.constantFrom('Windows', 'Linux', null, { unknown: 'Plan9' }),
      // Negative, fractional and -0 values too: the index orders numbers by their bits (radixByNumber).
      ram: fc.constantFrom(null, 4096, 16384, 1536.5, 0, -0, -2, -0.25, -1.0000000001, -1.0000000002),
      freeSpace: fc.constantFrom(null, '12% of 500 GB', '80% of 1 TB'),
      lastRefresh: fc.constantFrom('2026-11-21T09:58:00Z', '2026-11-20T09:58:00Z', null, 'garbage'),
      folderId: fc.constantFrom(null, 'f1', 'f2', 'f3', 'gone'),
    })
    .map((p) => device(id, p as Partial<Device>));

/** 0: no sort key built ahead; n: keys of every sortable column built for n slices (Infinity: all). */
type Op = { put: Device[]; remove: string[]; sort: DeviceSort; names: number; warm: number };
const ids = Array.from({ length: 40 }, (_, i) => String(i + 1));
const arbSort = fc.record({
  key: fc.constantFrom(...KEYS),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
});
const arbOps = fc.array(
  fc.record({
    put: fc.array(fc.constantFrom(...ids).chain(arbDevice), { maxLength: 8 }),
    remove: fc.array(fc.constantFrom(...ids), { maxLength: 4 }),
    // The order looked at after this delta: kept orders are patched when used, so switching matters.
    sort: arbSort,
    names: fc.constantFrom(0, 0, 0, 1, 2),
    warm: fc.constantFrom(0, 0, 1, 2, Infinity),
  }),
  { maxLength: 12 },
);

const FILTERS: DeviceFilter[] = [
  { ...DEFAULT_FILTER, text: 'pc 1' },
  // Found by the joined texts (search-haystack.ts): a word's start only ('eta' is not in 'Zeta'), a phrase,
  // one field, two words (the longer one finds the candidates), a word that is also an address.
  { ...DEFAULT_FILTER, text: 'eta' },
  { ...DEFAULT_FILTER, text: '"desk 1"' },
  { ...DEFAULT_FILTER, text: 'alias:fro' },
  { ...DEFAULT_FILTER, text: 'name:front' },
  { ...DEFAULT_FILTER, text: 'front desk' },
  { ...DEFAULT_FILTER, text: 'zeta 10.0' },
  { ...DEFAULT_FILTER, text: 'berlin' },
  { ...DEFAULT_FILTER, text: 'mac:001a2b' },
  { ...DEFAULT_FILTER, status: 'offline' },
  { ...DEFAULT_FILTER, os: 'Plan9' },
  { ...DEFAULT_FILTER, folder: { kind: 'unassigned' } },
  { ...DEFAULT_FILTER, folder: { kind: 'folder', id: 'f2' }, text: 'desk' },
];

function check(
  index: DeviceIndex,
  map: Map<string, Device>,
  sort: DeviceSort,
  names: Record<string, string>,
) {
  const folderName = (id: string) => names[id];
  // The index is the renderer's one copy of the devices: read as a map, it is the reference map.
  expect(new Map(index)).toEqual(map);
  expect(index.size).toBe(map.size);
  index.setFolderNames(folderName);
  const expected = sortDeviceIds(map, sort, folderName);
  expect(index.sorted(sort)).toEqual(expected);
  const known = (id: string) => id in names;
  for (const filter of FILTERS) {
    const folderIds = filter.folder.kind === 'folder' ? new Set([filter.folder.id]) : null;
    const { compileSearch } = searchModule;
    const q: DeviceQuery = {
      filter,
      folderIds,
      knownFolder: known,
      search: compileSearch(filter.text),
      view: null,
    };
    const want = filterDeviceIds(expected, map, filter, folderIds, known, folderName);
    expect(index.query(sort, q)).toEqual(want);
    expect(index.filterIds(expected, q)).toEqual(want);
  }
  expect({ ...index.counts }).toEqual(countStatuses(map.values()));
  expect(index.oses()).toEqual(presentOses(map.values()));
}

describe('DeviceIndex', () => {
  it('agrees with the reference sort, search, filter and counts after any sequence of deltas', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ids).chain(arbDevice), { maxLength: 30 }),
        arbOps,
        arbSort,
        fc.constantFrom(1, 3, 8, 512),
        (initial, ops: Op[], sort, searchChunk) => {
          const index = new DeviceIndex({ searchChunk });
          const map = new Map(initial.map((d) => [d.id, d]));
          index.apply({ reset: true, added: [...map.values()], changed: [], removed: [] });
          check(index, map, sort, NAMES[0]!);
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
            // An id it never held, asked to be removed, is not said to be gone.
            expect(index.apply({ reset: false, added, changed, removed: [...removed, 'never'] })).toEqual(
              removed,
            );
            // Keys built ahead in idle turns (some columns only, when the turns run out) with the folder
            // names as they were: the orders must be the same as with keys built on the click.
            let turns = op.warm;
            if (turns > 0) index.warmKeys(KEYS, () => turns-- > 0);
            // Search texts joined ahead likewise, some chunks only: the rest are joined by the search.
            turns = op.warm;
            if (turns > 0) index.warmEntries(() => turns-- > 0);
            // Orders built ahead too (some columns only): kept, and patched with later deltas when used.
            turns = op.warm;
            if (turns > 0) index.warmOrders(KEYS, () => turns-- > 0);
            check(index, map, op.sort, NAMES[op.names]!);
          }
        },
      ),
      { numRuns: 600 },
    );
  });

  it('patches a kept order with many moved devices by merge, and keeps the array when nothing moved place', () => {
    const names = NAMES[0]!;
    const folderName = (id: string) => names[id];
    const make = (i: number, r: number) =>
      device(String(i), { ip: `10.0.${(i * 7 + r) % 50}.${i % 9}`, name: `PC-${i % 13}`, status: 'online' });
    const map = new Map(Array.from({ length: 300 }, (_, i) => [String(i), make(i, 0)]));
    const index = new DeviceIndex();
    index.apply({ reset: true, added: [...map.values()], changed: [], removed: [] });
    const sort: DeviceSort = { key: 'ip', direction: 'asc' };
    index.sorted(sort);
    index.sorted({ key: 'name', direction: 'desc' });
    // 150 devices change their IP (the merge path), while another order is on screen.
    const changed = Array.from({ length: 150 }, (_, i) => make(i * 2, 1));
    for (const d of changed) map.set(d.id, d);
    index.apply({ reset: false, added: [], changed, removed: [] });
    expect(index.sorted(sort)).toEqual(sortDeviceIds(map, sort, folderName));
    // A status change moves no one in the IP order: the same array comes back.
    const before = index.sorted(sort);
    const flipped = device('3', { ...map.get('3')!, status: 'offline' });
    map.set('3', flipped);
    index.apply({ reset: false, added: [], changed: [flipped], removed: [] });
    expect(index.sorted(sort)).toBe(before);
  });

  it('builds sort keys ahead in turns, so that a first click only orders them; a changed device again', () => {
    const index = new DeviceIndex();
    const devices = Array.from({ length: 1_000 }, (_, i) =>
      device(String(i), { ip: `10.${i % 7}.${i % 250}.${i % 3}`, name: `PC-${i}` }),
    );
    index.apply({ reset: true, added: devices, changed: [], removed: [] });
    const ip = vi.spyOn(columnByKey('ip')!, 'sortValue');
    try {
      // One turn stops at the first slice (256 slots); the next ones go on from there.
      let turns = 1;
      expect(index.warmKeys(['name', 'ip', 'since'], () => turns-- > 0)).toBe(false);
      expect(ip).toHaveBeenCalledTimes(256);
      expect(index.warmKeys(['name', 'ip', 'since'], () => true)).toBe(true);
      expect(ip).toHaveBeenCalledTimes(1_000);
      const order = index.sorted({ key: 'ip', direction: 'asc' });
      expect(ip).toHaveBeenCalledTimes(1_000);
      index.apply({ reset: false, added: [], changed: [{ ...devices[500]!, ip: '1.1.1.1' }], removed: [] });
      expect(index.warmKeys(['ip'], () => true)).toBe(true);
      expect(ip).toHaveBeenCalledTimes(1_001);
      const after = index.sorted({ key: 'ip', direction: 'asc' });
      expect(ip).toHaveBeenCalledTimes(1_001);
      expect(after[0]).toBe('500');
      expect(after.filter((id) => id !== '500')).toEqual(order.filter((id) => id !== '500'));
    } finally {
      ip.mockRestore();
    }
  });

  it('builds orders ahead, one a turn, keeps them, and sorts right after more moves than a patch takes', () => {
    const names = NAMES[0]!;
    const folderName = (id: string) => names[id];
    const make = (i: number, r: number) =>
      device(String(i), { ip: `10.${(i * 7 + r) % 200}.${i % 250}.${r}`, name: `PC-${i % 97}` });
    const map = new Map(Array.from({ length: 6_000 }, (_, i) => [String(i), make(i, 0)]));
    const index = new DeviceIndex();
    index.apply({ reset: true, added: [...map.values()], changed: [], removed: [] });
    index.sorted(DEFAULT_SORT); // the list on screen: its name order is what the others stand on
    const columns: ColumnKey[] = ['name', 'ip', 'status', 'os', 'lastRefresh', 'folder', 'since'];
    const sortable = columns.filter((k) => k !== 'name' && DeviceIndex.sorts(k));
    let turns = 0;
    expect(index.warmOrders(columns, () => (turns++, turns <= 2))).toBe(false);
    expect(index.warmOrders(columns, () => (turns++, true))).toBe(true);
    // One turn asked per order built, the refused one included; all kept: none is asked for again.
    expect(turns).toBe(sortable.length + 1);
    expect(index.warmOrders(columns, () => expect.unreachable('all kept'))).toBe(true);
    for (const key of sortable) {
      const sort: DeviceSort = { key, direction: 'asc' };
      expect(index.sorted(sort)).toEqual(sortDeviceIds(map, sort, folderName));
    }
    // Polls that move 7,500 devices, more than a kept order is patched for, with no order looked at.
    for (let poll = 1; poll <= 3; poll++) {
      const changed = Array.from({ length: 2_500 }, (_, i) => make((i * 3 + poll) % 6_000, poll));
      for (const d of changed) map.set(d.id, d);
      index.apply({ reset: false, added: [], changed, removed: [] });
    }
    for (const key of sortable) {
      const sort: DeviceSort = { key, direction: 'desc' };
      expect(index.sorted(sort)).toEqual(sortDeviceIds(map, sort, folderName));
    }
  });

  it('builds no order ahead for more than 150,000 devices: one would be a long task', () => {
    const index = new DeviceIndex();
    const devices = Array.from({ length: 150_001 }, (_, i) => device(String(i), { name: `PC-${i}` }));
    index.apply({ reset: true, added: devices, changed: [], removed: [] });
    index.sorted(DEFAULT_SORT);
    expect(index.warmOrders(['name', 'ip', 'status'], () => expect.unreachable('no order built'))).toBe(true);
    // One device fewer, and the orders are built ahead again.
    index.apply({ reset: false, added: [], changed: [], removed: ['0'] });
    let turns = 0;
    expect(index.warmOrders(['name', 'ip', 'status'], () => (turns++, true))).toBe(true);
    expect(turns).toBe(2);
  });

  it('says which devices a reset did not bring back, and hands each device it keeps to `intern` first', () => {
    const interned: string[] = [];
    const index = new DeviceIndex({ intern: (d) => interned.push(d.id) });
    expect(
      index.apply({ reset: true, added: [device('1'), device('2'), device('3')], changed: [], removed: [] }),
    ).toEqual([]);
    expect(index.apply({ reset: true, added: [device('2'), device('4')], changed: [], removed: [] })).toEqual(
      ['1', '3'],
    );
    expect(index.apply({ reset: false, added: [], changed: [device('4')], removed: ['2'] })).toEqual(['2']);
    expect(interned).toEqual(['1', '2', '3', '2', '4', '4']);
    expect([...index.keys()]).toEqual(['4']);
    expect(index.has('2')).toBe(false);
    const seen: string[] = [];
    index.forEach((d, id, map) => seen.push(`${id}:${d.id}:${map === index}`));
    expect(seen).toEqual(['4:4:true']);
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

describe('names, aliases and folders sort with their numbers as numbers', () => {
  it('puts "Desk 9" before "Desk 10" in the grid, and keeps it so as devices are renamed', () => {
    const names = ['Desk 10', 'desk 9', 'Desk 100', 'Desk 09b', 'Desk 2'];
    const devices = names.map((name, i) => device(`d${i}`, { name, alias: `Room ${names.length - i}` }));
    const index = new DeviceIndex();
    index.apply({ reset: true, added: devices, changed: [], removed: [] });
    const shown = (key: 'name' | 'alias') =>
      index.sorted({ key, direction: 'asc' }).map((id) => devices.find((d) => d.id === id)![key]);
    expect(shown('name')).toEqual(['Desk 2', 'desk 9', 'Desk 09b', 'Desk 10', 'Desk 100']);
    expect(shown('alias')).toEqual(['Room 1', 'Room 2', 'Room 3', 'Room 4', 'Room 5']);
    const renamed = { ...devices[2]!, name: 'Desk 3' };
    devices[2] = renamed;
    index.apply({ reset: false, added: [], changed: [renamed], removed: [] });
    expect(shown('name')).toEqual(['Desk 2', 'Desk 3', 'desk 9', 'Desk 09b', 'Desk 10']);
  });
});

describe('the default order', () => {
  it('is the one the main side picks the first screen in (shared/device-order.ts)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ids).chain(arbDevice), { maxLength: 30 }), (initial) => {
        const map = new Map(initial.map((d) => [d.id, d]));
        const index = new DeviceIndex();
        index.apply({ reset: true, added: [...map.values()], changed: [], removed: [] });
        const expected = [...map.values()]
          .map((d) => ({ name: defaultOrderName(d.name), id: d.id }))
          .sort(compareDefaultOrder)
          .map((k) => k.id);
        expect(index.sorted(DEFAULT_SORT)).toEqual(expected);
      }),
    );
  });
});
