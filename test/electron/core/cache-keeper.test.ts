// The offline copy: the cache keeper on its own (what it opens into the picture, when it writes, what it
// says), then through the core: shown before the network answers, discarded with a notice when damaged or
// of another version, written atomically (a failed write leaves the previous copy), a full disk is a notice.
import { existsSync, promises as fsp, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheKeeper } from '../../../electron/core/cache-keeper.js';
import type { DevicesFeed } from '../../../electron/core/devices-feed.js';
import { createDevicesFeed } from '../../../electron/core/devices-poller.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { OfflineCache } from '../../../electron/core/offline-cache.js';
import { Picture } from '../../../electron/core/picture.js';
import type { SyncState } from '../../../shared/ipc/contract.js';
import { userKnownById, type Device } from '../../../shared/model.js';
import { FakeClock, settle } from '../support/fake-clock.js';
import { device, serviceError } from '../support/fake-service.js';
import type { Harness } from '../support/core-harness.js';
import { BASE_URL, lastSyncState, makeHarness, tempDir } from '../support/core-harness.js';

let harnesses: Harness[] = [];
let feeds: DevicesFeed[] = [];
afterEach(async () => {
  for (const f of feeds) await f.close();
  feeds = [];
  vi.restoreAllMocks();
  for (const x of harnesses) await x.dispose();
  harnesses = [];
});
async function harness(...args: Parameters<typeof makeHarness>): Promise<Harness> {
  const x = await makeHarness(...args);
  harnesses.push(x);
  return x;
}
const lastSync = (x: Harness): SyncState => lastSyncState(x.events);

async function signedInWithCache(): Promise<{ h: Harness; file: string }> {
  const h = await harness();
  await h.signIn();
  const file = await h.saveCache();
  await h.dispose();
  return { h, file };
}

const AT = '2026-03-02T09:00:00.000Z';

function keeperRig(dataDir = tempDir().dir) {
  const clock = new FakeClock(Date.parse(AT));
  const picture = new Picture();
  // The feed in this thread: the same handler as the worker's, which writes and reads devices.json.
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
  });
  const cache = new OfflineCache(dataDir, BASE_URL, '1');
  const written = async () => {
    await vi.waitFor(() => expect(existsSync(cache.file)).toBe(true), { timeout: 5_000, interval: 10 });
    const loaded = await cache.load();
    if (loaded.status !== 'loaded') throw new Error(`copy not readable: ${loaded.status}`);
    // picture.json holds no devices: they are in devices.json, as the feed wrote them.
    const { records } = JSON.parse(readFileSync(cache.devicesFile, 'utf8')) as { records: Device[] };
    const copy = loaded.picture;
    return { ...copy, datasets: { ...copy.datasets, devices: { ...copy.datasets.devices, records } } };
  };
  return { dataDir, clock, picture, keeper, cache, written, statusChanges: () => statusChanges };
}

describe('CacheKeeper', () => {
  it('opens an empty picture without a copy, then writes one debounced write for a burst of changes', async () => {
    const r = keeperRig();
    const opened = await r.keeper.open(BASE_URL, '1');
    expect(opened.cachedUser).toBeNull();
    expect(opened.changes.map((c) => c.dataset).sort()).toEqual(['devices', 'folders', 'sessions', 'users']);
    expect(r.keeper.status()).toEqual({ cacheSavedAt: null, cacheNotice: null });

    r.keeper.setUser({ ...userKnownById('1'), email: 'admin@example.com' }, { save: false });
    r.picture.reset('devices', [device('1', null)], AT);
    r.keeper.scheduleSave();
    r.keeper.scheduleSave();
    expect(r.clock.pendingDelays()).toEqual([1_000]);
    await r.clock.advance(1_000);
    const copy = await r.written();
    expect(copy.currentUser?.email).toBe('admin@example.com');
    expect(copy.datasets.devices.records.map((d) => d.id)).toEqual(['1']);
  });

  it('shows the copy with its age until every dataset was fetched fresh', async () => {
    const first = keeperRig();
    await first.keeper.open(BASE_URL, '1');
    first.keeper.setUser(userKnownById('1'), { save: false });
    first.picture.reset('devices', [device('1', null), device('2', null)], AT);
    first.keeper.scheduleSave();
    await first.clock.advance(1_000);
    const { savedAt } = await first.written();

    const r = keeperRig(first.dataDir);
    const opened = await r.keeper.open(BASE_URL, '1');
    expect(opened.cachedUser?.id).toBe('1');
    expect(r.picture.devices.size).toBe(2);
    expect(r.keeper.status().cacheSavedAt).toBe(savedAt);
    for (const dataset of ['folders', 'devices', 'sessions'] as const) r.keeper.fetched(dataset, true);
    expect(r.keeper.status().cacheSavedAt).toBe(savedAt);
    r.keeper.fetched('users', true);
    expect(r.keeper.status().cacheSavedAt).toBeNull();
  });

  it('drops a pending write when the account is left, removes the copy when forgotten, writes it at quit', async () => {
    const r = keeperRig();
    await r.keeper.open(BASE_URL, '1');
    r.keeper.scheduleSave();
    await r.keeper.close({ forget: false });
    await r.clock.advance(5_000);
    expect(existsSync(r.cache.file)).toBe(false);

    await r.keeper.open(BASE_URL, '1');
    r.keeper.scheduleSave();
    await r.keeper.dispose();
    expect(existsSync(r.cache.file)).toBe(true);

    const again = keeperRig(r.dataDir);
    await again.keeper.open(BASE_URL, '1');
    await again.keeper.close({ forget: true });
    expect(existsSync(r.cache.directory)).toBe(false);
  });

  it('turns a failed write into a notice and says so at once', async () => {
    const r = keeperRig();
    await r.keeper.open(BASE_URL, '1');
    vi.spyOn(fsp, 'rename').mockRejectedValue(Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    r.keeper.scheduleSave();
    await r.clock.advance(1_000);
    await vi.waitFor(() => expect(r.statusChanges()).toBe(1), { timeout: 5_000, interval: 10 });
    expect(r.keeper.status().cacheNotice).toMatch(/disk is full/);
    await settle();
  });
});

describe('offline copy', () => {
  it('is shown before the network answers and while offline, with when it was saved', async () => {
    const { h } = await signedInWithCache();
    h.service.down = serviceError('network');
    const again = await harness({ dataDir: h.dataDir, vault: h.vault, clock: h.clock, service: h.service });
    const first = again.events.find((e) => e.event === 'data:change');
    expect(first?.payload).toMatchObject({ dataset: 'folders', reset: true });
    expect((await again.core.snapshot()).data.devices).toHaveLength(3);
    const sync = lastSync(again);
    expect(sync.connection).toBe('offline');
    expect(sync.cacheSavedAt).not.toBeNull();
    expect(sync.offlineSince).not.toBeNull();
    expect(again.core.state().data.folders.find((f) => f.id === '12')?.parentId).toBe('11');
  });

  it.each([
    ['damaged', (file: string) => writeFileSync(file, '{"version":1,"savedAt":'), /damaged/],
    [
      'of another version',
      (file: string) =>
        writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version: 99 })),
      /another version/,
    ],
  ])('is discarded with a notice when %s', async (_label, spoil, notice) => {
    const { h, file } = await signedInWithCache();
    spoil(file);
    h.service.down = serviceError('network');
    const again = await harness({ dataDir: h.dataDir, vault: h.vault, clock: h.clock, service: h.service });
    expect(lastSync(again).cacheNotice).toMatch(notice);
    expect((await again.core.snapshot()).data.devices).toHaveLength(0);
    expect(again.core.state().auth.status).toBe('signed-in');
  });

  it('keeps the previous copy when a write fails midway, and reports a full disk as a notice', async () => {
    const { dir, remove } = tempDir();
    try {
      const cache = new OfflineCache(dir, BASE_URL, '1');
      const picture = (savedAt: string) => ({
        savedAt,
        currentUser: null,
        datasets: {
          folders: { fetchedAt: null, records: [] },
          devices: { fetchedAt: null, records: [] },
          sessions: { fetchedAt: null, records: [] },
          users: { fetchedAt: null, records: [] },
        },
      });
      expect(await cache.save(picture('2026-01-01T00:00:00Z'))).toBeNull();

      const full = Object.assign(new Error('no space'), { code: 'ENOSPC' });
      vi.spyOn(fsp, 'rename').mockRejectedValueOnce(full);
      expect(await cache.save(picture('2026-02-02T00:00:00Z'))).toMatch(/disk is full/);
      const loaded = await cache.load();
      expect(loaded.status === 'loaded' && loaded.picture.savedAt).toBe('2026-01-01T00:00:00Z');
      const leftovers = (await fsp.readdir(cache.directory)).filter((f) => f.endsWith('.tmp'));
      expect(leftovers).toEqual([]);

      vi.spyOn(fsp, 'open').mockRejectedValueOnce(Object.assign(new Error('denied'), { code: 'EACCES' }));
      expect(await cache.save(picture('2026-03-03T00:00:00Z'))).toMatch(/No permission/);
      const still = await cache.load();
      expect(still.status === 'loaded' && still.picture.savedAt).toBe('2026-01-01T00:00:00Z');
    } finally {
      remove();
    }
  });

  it('a failed save inside the app is a notice; the app goes on', async () => {
    const h = await harness();
    await h.signIn();
    vi.spyOn(fsp, 'rename').mockRejectedValue(Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    await h.clock.advance(5_000);
    await vi.waitFor(() => expect(lastSync(h).cacheNotice).toMatch(/disk is full/), {
      timeout: 5_000,
      interval: 10,
    });
    const r = await h.invoke('devices:set-alias', { id: '1', alias: 'Still works' });
    expect(r.ok).toBe(true);
  });
});
