// The last good picture of one account on disk, so the app opens with data before the network answers and
// stays browsable offline. One directory per account (a hash of base URL + user id: no address or id in
// file names), one versioned JSON file written atomically. It holds only what the renderer may see anyway:
// never a token or a secret. The devices live in a file of their own (devices.json), written and read by the
// devices poll worker (devices-poll-work.ts): at 100,000 devices that JSON is ~30 MB, too much to
// stringify or parse on the main thread; picture.json keeps the rest and an empty devices list. picture.json
// and first-screen.json go through the store (store/files.ts): one that cannot be used is kept aside with a
// notice, which the sync state shows (cacheNotice). A failed save (disk full, no permission) is a notice
// too: the app goes on.

import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { DatasetName, DatasetRecordMap } from '../../shared/ipc/contract.js';
import type { Timestamp, User } from '../../shared/model.js';
import { storageProblem } from './atomic-file.js';
import { CACHE_ROOT } from './store/data-dirs.js';
import type { FirstScreenFile } from './first-screen.js';
import { devicesFileStamp, FIRST_SCREEN_VERSION, firstScreenPath } from './first-screen.js';
import type { Logger } from './logger.js';
import { firstScreenFile, pictureFile } from './store/files.js';
import { loadStored, saveStored } from './store/stored-file.js';

export { CACHE_ROOT } from './store/data-dirs.js';

export interface CachedPicture {
  savedAt: Timestamp;
  currentUser: User | null;
  datasets: { [D in DatasetName]: { fetchedAt: Timestamp | null; records: DatasetRecordMap[D][] } };
}

export type CacheLoad =
  { status: 'loaded'; picture: CachedPicture } | { status: 'none' } | { status: 'discarded'; notice: string };

export function accountKey(baseUrl: string, userId: string): string {
  return createHash('sha256')
    .update(`${baseUrl.replace(/\/+$/, '')}\n${userId}`)
    .digest('hex')
    .slice(0, 32);
}

export class OfflineCache {
  readonly directory: string;
  readonly file: string;
  readonly devicesFile: string;
  readonly #log: Logger | undefined;

  constructor(dataDir: string, baseUrl: string, userId: string, logger?: Logger) {
    this.directory = path.join(dataDir, CACHE_ROOT, accountKey(baseUrl, userId));
    this.file = path.join(this.directory, 'picture.json');
    this.devicesFile = path.join(this.directory, 'devices.json');
    this.#log = logger;
  }

  async load(): Promise<CacheLoad> {
    const loaded = await loadStored(this.file, pictureFile, this.#log ? { logger: this.#log } : {});
    if (loaded.status === 'none') return { status: 'none' };
    if (loaded.status === 'set-aside') return { status: 'discarded', notice: loaded.notice.message };
    const { savedAt, currentUser, datasets } = loaded.value;
    return { status: 'loaded', picture: { savedAt, currentUser, datasets } };
  }

  /** Resolves to a notice when the save failed (the previous snapshot, if any, is still in place). */
  async save(picture: CachedPicture): Promise<string | null> {
    try {
      const datasets = {
        ...picture.datasets,
        devices: { fetchedAt: picture.datasets.devices.fetchedAt, records: [] },
      };
      await saveStored(this.file, pictureFile, {
        savedAt: picture.savedAt,
        currentUser: picture.currentUser,
        datasets,
      });
      return null;
    } catch (error) {
      return storageProblem(error, 'the offline copy');
    }
  }

  async clear(): Promise<void> {
    await fsp.rm(this.directory, { recursive: true, force: true });
  }
}

/** The first screen that stands for the devices.json beside it now, or null (none, torn, foreign, stale). */
export async function readFirstScreen(devicesFile: string, logger?: Logger): Promise<FirstScreenFile | null> {
  const loaded = await loadStored(firstScreenPath(devicesFile), firstScreenFile, logger ? { logger } : {});
  if (loaded.status !== 'loaded') return null;
  if ((await devicesFileStamp(devicesFile)) !== loaded.value.stamp) return null;
  return { version: FIRST_SCREEN_VERSION, ...loaded.value };
}
