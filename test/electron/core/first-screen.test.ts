// The offline copy's first screen (first-screen.ts): written beside devices.json with the same stamp, read
// first at open so a large account shows its first rows before its whole devices file is parsed, the rest
// added after; a first screen from another save, a torn one, or one whose devices file turns out unreadable
// never stands for the devices.
import { existsSync, promises as fsp, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CacheKeeper,
  DRAW_HEAD_START_MS,
  FIRST_SCREEN_ALONE_MS,
} from '../../../electron/core/cache-keeper.js';
import type { DevicesFeed } from '../../../electron/core/devices-feed.js';
import { createDevicesFeed } from '../../../electron/core/devices-poller.js';
import { PART_SIZE as FIRST_SCREEN_ROWS } from '../../../electron/core/devices-owner.js';
import { firstScreenPath, firstScreenRows } from '../../../electron/core/first-screen.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { OfflineCache } from '../../../electron/core/offline-cache.js';
import { Picture } from '../../../electron/core/picture.js';
import { factFrom, factsOf } from '../support/device-facts.js';
import type { DataChange } from '../../../shared/ipc/contract.js';
import type { Device } from '../../../shared/model.js';
import { FakeClock, settle } from '../support/fake-clock.js';
import { textSortKey } from '../../../shared/text-sort-key.js';
import { compareDefaultOrder, defaultOrderName } from '../../../shared/device-order.js';
import { device } from '../support/fake-service.js';
import { BASE_URL, makeHarness, tempDir } from '../support/core-harness.js';

const AT = '2026-03-02T09:00:00.000Z';
const N = FIRST_SCREEN_ROWS + 700;
let feeds: DevicesFeed[] = [];
afterEach(async () => {
  for (const f of feeds) await f.close();
  feeds = [];
});

function rig(dataDir: string, firstScreen?: boolean) {
  const clock = new FakeClock(Date.parse(AT));
  const picture = new Picture();
  const devices = createDevicesFeed({ worker: null });
  feeds.push(devices);
  picture.onDevicesReplaced = (all) => devices.replaceAll(all);
  let statusChanges = 0;
  const keeper = new CacheKeeper({
    dataDir,
    picture,
    clock,
    logger: silentLogger,
    devices,
    saveDelayMs: 1_000,
    onStatusChange: () => (statusChanges += 1),
    ...(firstScreen === undefined ? {} : { firstScreen }),
  });
  return {
    clock,
    picture,
    keeper,
    devices,
    cache: new OfflineCache(dataDir, BASE_URL, '1'),
    statusChanges: () => statusChanges,
  };
}

// Names in mixed case, a tenth without a name (they sort last), ties broken by id.
const fleet = (tag = ''): Device[] =>
  Array.from({ length: N }, (_, i) =>
    device(String(i + 1), null, {
      name: i % 10 === 9 ? null : `${i % 2 ? 'pc' : 'PC'}-${(i * 7919) % 1000}${tag}`,
    }),
  );

/** The grid's default order: names by textSortKey (numbers as numbers: "pc-7" before "pc-12"), then ids. */
function defaultOrder(devices: Device[]): Device[] {
  const key = (d: Device) => textSortKey(d.name ?? '');
  return [...devices].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka === '' ? 1 : kb === '' ? -1 : ka < kb ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

async function saveCopy(dataDir: string, devices: Device[]): Promise<OfflineCache> {
  const r = rig(dataDir);
  await r.keeper.open(BASE_URL, '1');
  r.picture.reset('devices', devices, AT);
  const before = existsSync(r.cache.file) ? (await fsp.stat(r.cache.file)).mtimeMs : 0;
  r.keeper.scheduleSave();
  await r.clock.advance(1_000);
  await vi.waitFor(
    async () =>
      expect(existsSync(r.cache.file) && (await fsp.stat(r.cache.file)).mtimeMs > before).toBe(true),
    { timeout: 5_000, interval: 10 },
  );
  await r.keeper.dispose();
  return r.cache;
}

/** The devices changes, in parts as the worker sent them, as one (the first part's flags, every record). */
const devicesOf = (changes: DataChange[]) => {
  const parts = changes.filter((c) => c.dataset === 'devices');
  return { ...parts[0]!, added: parts.flatMap((c) => c.added) };
};

describe('first screen of the offline copy', () => {
  it('is written with the stamp of devices.json: the first rows in the default order and the total', async () => {
    const { dir } = tempDir();
    const devices = fleet();
    const cache = await saveCopy(dir, devices);
    const screen = JSON.parse(readFileSync(firstScreenPath(cache.devicesFile), 'utf8'));
    const head = readFileSync(cache.devicesFile, 'utf8').slice(0, 200);
    expect(head).toContain(`"stamp":"${screen.stamp}"`);
    expect(screen.total).toBe(N);
    expect(screen.records).toEqual(defaultOrder(devices).slice(0, FIRST_SCREEN_ROWS));
  });

  it('opens a large copy with its first rows; all devices are added once the whole file is read', async () => {
    const { dir } = tempDir();
    const devices = fleet();
    await saveCopy(dir, devices);
    const r = rig(dir);
    const opened = await r.keeper.open(BASE_URL, '1');
    expect(devicesOf(opened.changes)).toMatchObject({
      reset: true,
      added: defaultOrder(devices).slice(0, FIRST_SCREEN_ROWS),
    });
    expect(opened.rest).not.toBeNull();
    const rest = await opened.rest!;
    // The worker's parts as they came, each its own change: none for the pump to split again.
    expect(rest.length).toBe(Math.ceil(N / FIRST_SCREEN_ROWS));
    for (const part of rest)
      expect(part).toMatchObject({
        dataset: 'devices',
        reset: false,
        changed: [],
        removed: [],
        fetchedAt: AT,
      });
    expect(rest.every((c) => c.added.length <= FIRST_SCREEN_ROWS)).toBe(true);
    expect(devicesOf(rest).added).toEqual(devices);
    expect(r.picture.devices.size).toBe(devices.length);
    expect(
      factsOf(
        r.picture.devices,
        devices.map((d) => d.id),
      ),
    ).toEqual(devices.map(factFrom));
    expect(r.keeper.status().cacheSavedAt).not.toBeNull();
  });

  it('reads the other devices once a window has taken the first screen, after its head start', async () => {
    const { dir } = tempDir();
    const devices = fleet();
    await saveCopy(dir, devices);
    const r = rig(dir);
    const opened = await r.keeper.open(BASE_URL, '1');
    const taken = performance.now();
    expect(r.keeper.shownToWindow()).toHaveLength(FIRST_SCREEN_ROWS);
    // Asked meanwhile, the owner answers after the load: the copy's device, not an empty mirror's none.
    const last = devices.at(-1)!;
    const read = r.devices.read([last.id]);
    expect(devicesOf(await opened.rest!).added).toEqual(devices);
    const waited = performance.now() - taken;
    expect(waited).toBeGreaterThanOrEqual(DRAW_HEAD_START_MS - 5);
    expect(waited).toBeLessThan(FIRST_SCREEN_ALONE_MS);
    expect((await read).get(last.id)).toEqual(last);
  });

  it('reads them alone a while after opening when no window takes the first screen', async () => {
    const { dir } = tempDir();
    const devices = fleet();
    await saveCopy(dir, devices);
    const r = rig(dir);
    const opened = await r.keeper.open(BASE_URL, '1');
    const began = performance.now();
    let done = false;
    void opened.rest!.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_ALONE_MS / 2));
    expect(done).toBe(false);
    expect(devicesOf(await opened.rest!).added).toEqual(devices);
    expect(performance.now() - began).toBeGreaterThanOrEqual(FIRST_SCREEN_ALONE_MS - 50);
  });

  it('is not read where nothing paints early (the command line): the copy opens whole', async () => {
    const { dir } = tempDir();
    const devices = fleet();
    await saveCopy(dir, devices);
    const r = rig(dir, false);
    const opened = await r.keeper.open(BASE_URL, '1');
    expect(opened.rest).toBeNull();
    expect(devicesOf(opened.changes)).toMatchObject({ reset: true });
    expect(devicesOf(opened.changes).added).toEqual(devices);
    expect(r.picture.devices.size).toBe(N);
  });

  it('is not used when it comes from another save than devices.json (a crash between the two writes)', async () => {
    const { dir } = tempDir();
    const cache = await saveCopy(dir, fleet('a'));
    const older = readFileSync(firstScreenPath(cache.devicesFile));
    const newer = fleet('b');
    await saveCopy(dir, newer);
    writeFileSync(firstScreenPath(cache.devicesFile), older);
    const opened = await rig(dir).keeper.open(BASE_URL, '1');
    expect(opened.rest).toBeNull();
    expect(devicesOf(opened.changes).added).toEqual(newer);
  });

  it('is not used when torn', async () => {
    const { dir } = tempDir();
    const devices = fleet();
    const cache = await saveCopy(dir, devices);
    const text = readFileSync(firstScreenPath(cache.devicesFile), 'utf8');
    writeFileSync(firstScreenPath(cache.devicesFile), text.slice(0, text.length / 2));
    const opened = await rig(dir).keeper.open(BASE_URL, '1');
    expect(opened.rest).toBeNull();
    expect(devicesOf(opened.changes).added).toEqual(devices);
  });

  it('is taken back, with a notice, when the devices file behind it cannot be read', async () => {
    const { dir } = tempDir();
    const cache = await saveCopy(dir, fleet());
    const text = readFileSync(cache.devicesFile, 'utf8');
    writeFileSync(cache.devicesFile, `${text.slice(0, 150)}garbage`);
    const r = rig(dir);
    const opened = await r.keeper.open(BASE_URL, '1');
    expect(devicesOf(opened.changes).added).toHaveLength(FIRST_SCREEN_ROWS);
    const rest = await opened.rest!;
    expect(devicesOf(rest)).toMatchObject({ reset: true, added: [] });
    expect(r.picture.lists()).toEqual({ folders: [], sessions: [], users: [] });
    expect(r.picture.devices.size).toBe(0);
    expect(r.keeper.status()).toMatchObject({
      cacheSavedAt: null,
      cacheNotice: expect.stringMatching(/damaged/),
    });
    expect(r.statusChanges()).toBe(1);
  });
});

describe('an account entered by its first screen', () => {
  it('takes a write made before its other devices are in only once they are: the write is not lost', async () => {
    const first = await makeHarness();
    for (let i = 4; i <= N; i++)
      first.service.devices.set(String(i), device(String(i), null, { name: `pc-${i}` }));
    await first.signIn();
    await first.saveCache();
    const again = await first.restart();
    try {
      // Right after start: the first rows are in, the rest may still be loading.
      const write = await again.invoke('devices:set-alias', { id: String(N), alias: 'Reception' });
      expect(write.ok).toBe(true);
      await settle();
      await vi.waitFor(async () => expect((await again.core.snapshot()).data.devices).toHaveLength(N), {
        timeout: 5_000,
      });
      expect((await again.core.snapshot()).data.devices.find((d) => d.id === String(N))?.alias).toBe(
        'Reception',
      );
      const devices = again.changes('devices');
      expect(devices[0]).toMatchObject({ reset: true });
      expect(devices[0]!.added).toHaveLength(FIRST_SCREEN_ROWS);
      // The rest (in change-pump parts), then the write's own change on top of it.
      const rest = devices.slice(1, -1);
      expect(rest.every((c) => !c.reset && c.changed.length === 0)).toBe(true);
      expect(rest.reduce((n, c) => n + c.added.length, 0)).toBe(N);
      expect(devices.at(-1)).toMatchObject({
        reset: false,
        changed: [{ id: String(N), alias: 'Reception' }],
      });
    } finally {
      await again.dispose();
    }
  });
});

describe('firstScreenRows', () => {
  it('picks the first rows in the default order without sorting them all, ties by id, no name last', () => {
    // 60 devices in a scrambled order: names repeat (ties go by id), some have none, cases differ.
    const names = ['delta', 'Alpha', 'charlie', null, 'bravo', 'alpha', 'Echo', null, 'bravo', 'foxtrot'];
    const all = Array.from({ length: 60 }, (_, i) => {
      const id = String(((i * 37) % 60) + 100);
      return { ...device(id, null), name: names[i % names.length]! };
    });
    const order = (d: Device) => [d.name ? d.name.toLowerCase() : '\uffff', d.id] as const;
    const expected = [...all].sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0] !== y[0] ? (x[0] < y[0] ? -1 : 1) : x[1] < y[1] ? -1 : 1;
    });
    const texts = all.map((d): [string, string] => [d.id, JSON.stringify(d)]);
    for (const rows of [1, 3, 7, 25, 60, 80])
      expect(firstScreenRows(texts, rows).map((d) => d.id)).toEqual(expected.slice(0, rows).map((d) => d.id));
  });

  it('skips what sorts after the rows kept without changing which rows those are (any names)', () => {
    // Letters in both cases, digits, marks, non-ASCII letters whose lower case differs in length (İ), JSON
    // escapes, empty names and none: the names a quick look at the text cannot always decide.
    const char = fc.constantFrom('a', 'b', 'B', 'i', 'j', 'Z', '-', '0', '1', '9', 'É', 'İ', 'ß', '"', '\\');
    const name = fc.oneof(
      fc.constant(null),
      fc.constant(''),
      fc.array(char, { maxLength: 4 }).map((cs) => cs.join('')),
    );
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 30 }),
        (names, rows) => {
          const all = names.map((n, i) => ({
            ...device(String(1000 + ((i * 7) % 97)) + `-${i}`, null),
            name: n,
          }));
          const key = (d: Device) => ({ name: defaultOrderName(d.name), id: d.id });
          const expected = [...all].sort((a, b) => compareDefaultOrder(key(a), key(b))).slice(0, rows);
          const texts = all.map((d): [string, string] => [d.id, JSON.stringify(d)]);
          expect(firstScreenRows(texts, rows).map((d) => d.id)).toEqual(expected.map((d) => d.id));
        },
      ),
      { numRuns: 1500 },
    );
    // What a look at the text's first characters must leave undecided: a digit ("a9" before "a10") and a
    // letter whose lower case is longer ("İ" is "i" and a dot: before "j").
    const pick = (names: string[]) =>
      firstScreenRows(
        names.map((n, i): [string, string] => [String(i), JSON.stringify({ id: String(i), name: n })]),
        1,
      )[0]!.name;
    expect(pick(['a10', 'b', 'a9'])).toBe('a9');
    expect(pick(['j', 'k', 'İ'])).toBe('İ');
  });
});
