// What the main thread keeps of each device (device-facts.ts) answers as a plain Map of {folder, label}
// would, through puts, moves, renames, deletions (whose slots are reused) and clears; and the status
// history's folder questions (the Overview's "most offline", a folder's history export) read it.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../electron/core/clock.js';
import { DeviceFacts } from '../../../electron/core/device-facts.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { Picture } from '../../../electron/core/picture.js';
import { statusHandlers } from '../../../electron/core/status-handlers.js';
import { StatusKeeper } from '../../../electron/core/status-keeper.js';
import type { Device, Folder, Id } from '../../../shared/model.js';
import { factFrom, factOf, listedDevices, type Fact } from '../support/device-facts.js';
import { deltaChange, device } from '../support/history-fixtures.js';

const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
const FOLDER_IDS = ['f1', 'f2', 'f3'];
const FOLDERS = [null, ...FOLDER_IDS];

type Step =
  | { op: 'put'; id: Id; folderId: Id | null; name: string; alias: string }
  | { op: 'delete'; id: Id }
  | { op: 'clear' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('put' as const),
      id: fc.constantFrom(...IDS),
      folderId: fc.constantFrom(...FOLDERS),
      name: fc.constantFrom('', 'PC-1', 'Desk'),
      alias: fc.constantFrom('', 'Front desk'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('delete' as const), id: fc.constantFrom(...IDS) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
);

describe('DeviceFacts', () => {
  it('answers as a Map of each device’s folder and label would', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.subarray(FOLDER_IDS), (steps, asked) => {
        const facts = new DeviceFacts();
        const reference = new Map<Id, Fact>();
        for (const s of steps) {
          if (s.op === 'put') {
            facts.put(s);
            reference.set(s.id, factFrom(s));
          } else if (s.op === 'delete') {
            expect(facts.delete(s.id)).toBe(reference.delete(s.id));
          } else {
            facts.clear();
            reference.clear();
          }
          expect(facts.size).toBe(reference.size);
          for (const id of IDS) expect(factOf(facts, id)).toEqual(reference.get(id));
        }
        const sizes = new Map<Id, number>();
        for (const { folderId } of reference.values())
          if (folderId !== null) sizes.set(folderId, (sizes.get(folderId) ?? 0) + 1);
        expect(facts.folderSizes()).toEqual(sizes);
        const inAsked = [...reference].filter(([, f]) => f.folderId !== null && asked.includes(f.folderId));
        expect(facts.idsInFolders(new Set(asked)).sort()).toEqual(inAsked.map(([id]) => id).sort());
      }),
      { numRuns: 300 },
    );
  });

  it('forgets the folders of a cleared account', () => {
    const facts = new DeviceFacts();
    facts.put(device('1', 'online', 'old'));
    facts.clear();
    facts.put(device('2', 'online', 'new'));
    expect(facts.folderSizes()).toEqual(new Map([['new', 1]]));
    expect(facts.idsInFolders(new Set(['old']))).toEqual([]);
  });
});

describe('the status history’s folder questions', () => {
  const T0 = Date.parse('2026-03-02T09:00:00Z');
  let dir: string;
  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'device-facts-'));
  });
  afterAll(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });

  /** A keeper over `picture` whose owner lists `listed()`, counting the listings in `lists`. */
  const keeperOf = (
    picture: Picture,
    listed: () => Device[],
    lists = { calls: 0 },
    clock: Clock = { now: () => T0 + 60_000, setTimeout: () => null, clearTimeout: () => undefined },
  ) =>
    new StatusKeeper({
      dataDir: dir,
      picture,
      clock,
      logger: silentLogger,
      settings: () => ({
        notificationsEnabled: false,
        notificationsPausedUntil: null,
        historyRetentionDays: 90,
      }),
      notify: () => undefined,
      onTrayChange: () => undefined,
      onSinceMoved: () => undefined,
      devices: {
        list: (onPart) => {
          lists.calls += 1;
          return listedDevices(listed).list(onPart);
        },
      },
    });

  it('take a first sync’s whole list as the first full comparison, and ask the owner after a delta', async () => {
    const fleet = [device('1', 'online', 'A'), device('2', 'offline', 'A'), device('3', 'busy', null)];
    const at = new Date(T0).toISOString();
    const whole = { reset: true, added: fleet, changed: [], removed: [], fetchedAt: at };

    const lists = { calls: 0 };
    const picture = new Picture();
    const first = keeperOf(picture, () => fleet, lists);
    await first.open('account-whole');
    first.devicesPolled([picture.applyPolledPart(whole, true, at)]);
    first.devicesFetched(true);
    await first.settled();
    expect(lists.calls).toBe(0);
    expect(first.monitor!.history.index.statusOf('2')).toBe('offline');
    expect(first.monitor!.history.index.entries.size).toBe(3);
    await first.close({ reason: 'closed', forget: true });

    // A delta on top of the offline copy says only what changed: the rest is the owner's to list.
    const copy = new Picture();
    copy.reset('devices', fleet, at);
    const second = keeperOf(copy, () => fleet, lists);
    await second.open('account-delta');
    second.devicesPolled([copy.applyPolledPart({ added: [], changed: [fleet[1]!], removed: [] }, false, at)]);
    second.devicesFetched(true);
    await second.settled();
    expect(lists.calls).toBe(1);
    expect(second.monitor!.history.index.entries.size).toBe(3);
    expect(second.monitor!.history.index.statusOf('3')).toBe('busy');
    await second.close({ reason: 'closed', forget: true });
  });

  it('count a folder’s devices and its offline ones, and export a folder with those under it', async () => {
    let now = T0;
    const clock: Clock = { now: () => now, setTimeout: () => null, clearTimeout: () => undefined };
    const picture = new Picture();
    const folders: Folder[] = [
      { id: 'A', name: 'Head office', parentId: null },
      { id: 'B', name: 'Floor 2', parentId: 'A' },
      { id: 'C', name: 'Warehouse', parentId: null },
    ] as Folder[];
    picture.reset('folders', folders, new Date(T0).toISOString());
    let devices: Device[] = [
      device('1', 'online', 'A'),
      device('2', 'online', 'B'),
      device('3', 'online', 'C'),
      device('4', 'online', 'C'),
      device('5', 'online', null),
    ];
    picture.reset('devices', devices, new Date(T0).toISOString());
    const keeper = keeperOf(picture, () => devices, undefined, clock);
    await keeper.open('account-folders');
    keeper.devicesFetched(true); // the first full comparison, from the owner's listing
    await keeper.settled();
    expect(keeper.monitor!.history.index.entries.size).toBe(5);

    now = T0 + 60_000;
    const changed = [
      { ...device('1', 'online', 'A'), alias: 'Front desk' },
      device('2', 'offline', 'B'),
      device('3', 'offline', 'C'),
    ];
    devices = devices.map((d) => changed.find((c) => c.id === d.id) ?? d);
    picture.applyPolledPart({ added: [], changed, removed: [] }, false, new Date(now).toISOString());
    keeper.devicesPolled([deltaChange(changed, now)]);
    await keeper.settled();

    const handlers = statusHandlers(
      () => keeper.monitor,
      () => keeper.data,
      () => now,
      { readOnly: () => false, shown: () => true },
    );
    const overview = await handlers['history:overview']({});
    expect(overview.mostOffline).toEqual([
      { folderId: 'B', name: 'Floor 2', offline: 1, total: 1 },
      { folderId: 'C', name: 'Warehouse', offline: 1, total: 2 },
    ]);
    const { csv } = await handlers['history:export']({
      target: { kind: 'folder', id: 'A' },
      days: 1,
      zone: 'UTC',
    });
    // A's own device (named by its new alias) and B's, under A; none of C's, nor the one in no folder.
    expect(csv).toContain('Front desk');
    expect(csv).toContain('PC-2,Online,Offline');
    expect(csv).not.toContain('PC-3');
    expect(csv).not.toContain('PC-5');
    await keeper.close({ reason: 'closed', forget: false });
  });
});
