// The offline copy: shown before the network answers, discarded with a notice when damaged or of another
// version, written atomically (a failed write leaves the previous copy), a full disk is only a notice.
import { promises as fsp, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineCache } from '../../electron/core/offline-cache.js';
import type { SyncState } from '../../shared/ipc/contract.js';
import { serviceError } from './support/fake-service.js';
import type { Harness } from './support/core-harness.js';
import { BASE_URL, lastSyncState, makeHarness, tempDir } from './support/core-harness.js';

let harnesses: Harness[] = [];
afterEach(async () => {
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

describe('offline copy', () => {
  it('is shown before the network answers and while offline, with when it was saved', async () => {
    const { h } = await signedInWithCache();
    h.service.down = serviceError('network');
    const again = await harness({ dataDir: h.dataDir, vault: h.vault, clock: h.clock, service: h.service });
    const first = again.events.find((e) => e.event === 'data:change');
    expect(first?.payload).toMatchObject({ dataset: 'folders', reset: true });
    expect(again.core.snapshot().data.devices).toHaveLength(3);
    const sync = lastSync(again);
    expect(sync.connection).toBe('offline');
    expect(sync.cacheSavedAt).not.toBeNull();
    expect(sync.offlineSince).not.toBeNull();
    expect(again.core.snapshot().data.folders.find((f) => f.id === '12')?.parentId).toBe('11');
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
    expect(again.core.snapshot().data.devices).toHaveLength(0);
    expect(again.core.snapshot().auth.status).toBe('signed-in');
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
