// The last good picture of one account on disk, so the app opens with data before the network answers and
// stays browsable offline. One directory per account (a hash of base URL + user id: no address or id in
// file names), one versioned JSON file written atomically. It holds only what the renderer may see anyway:
// never a token or a secret. The devices live in a file of their own (devices.json), written and read by the
// devices poll worker (devices-poll-work.ts): at 100,000 devices that JSON is ~30 MB, too much to
// stringify or parse on the main thread; picture.json keeps the rest and an empty devices list. A file of another version or a damaged one is discarded with a notice; a
// failed save (disk full, no permission) is a notice too: the app goes on.

import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { DatasetName, DatasetRecordMap } from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import type { Timestamp, User } from '../../shared/model.js';
import { readJsonFile, storageProblem, writeFileAtomic } from './atomic-file.js';
import { firstScreenPath } from './first-screen.js';

/** 2: the devices moved to devices.json. */
export const CACHE_VERSION = 2;
/** Under the data directory: one subdirectory per account. */
export const CACHE_ROOT = 'accounts';

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

  constructor(dataDir: string, baseUrl: string, userId: string) {
    this.directory = path.join(dataDir, CACHE_ROOT, accountKey(baseUrl, userId));
    this.file = path.join(this.directory, 'picture.json');
    this.devicesFile = path.join(this.directory, 'devices.json');
  }

  async load(): Promise<CacheLoad> {
    let value: unknown;
    try {
      value = await readJsonFile(this.file);
    } catch (error) {
      if (error instanceof SyntaxError)
        return this.#discard('The saved offline copy was damaged and has been discarded.');
      return { status: 'discarded', notice: 'The saved offline copy could not be read; it is not shown.' };
    }
    if (value === undefined) return { status: 'none' };
    const record = value as { version?: unknown } & Partial<CachedPicture>;
    if (record.version !== CACHE_VERSION) {
      return this.#discard(
        'The saved offline copy came from another version of the app and has been discarded.',
      );
    }
    if (!isCachedPicture(record))
      return this.#discard('The saved offline copy was damaged and has been discarded.');
    return {
      status: 'loaded',
      picture: { savedAt: record.savedAt, currentUser: record.currentUser, datasets: record.datasets },
    };
  }

  /** Resolves to a notice when the save failed (the previous snapshot, if any, is still in place). */
  async save(picture: CachedPicture): Promise<string | null> {
    try {
      const datasets = {
        ...picture.datasets,
        devices: { fetchedAt: picture.datasets.devices.fetchedAt, records: [] },
      };
      await writeFileAtomic(this.file, JSON.stringify({ version: CACHE_VERSION, ...picture, datasets }));
      return null;
    } catch (error) {
      return storageProblem(error, 'the offline copy');
    }
  }

  async clear(): Promise<void> {
    await fsp.rm(this.directory, { recursive: true, force: true });
  }

  async #discard(notice: string): Promise<CacheLoad> {
    // The copy is unusable either way; if it cannot be removed, the next load discards it again.
    await fsp.rm(this.file, { force: true }).catch(() => {});
    await fsp.rm(this.devicesFile, { force: true }).catch(() => {});
    await fsp.rm(firstScreenPath(this.devicesFile), { force: true }).catch(() => {});
    return { status: 'discarded', notice };
  }
}

function isCachedPicture(value: Partial<CachedPicture>): value is CachedPicture {
  if (typeof value.savedAt !== 'string' || typeof value.datasets !== 'object' || value.datasets === null)
    return false;
  if (
    value.currentUser !== null &&
    (typeof value.currentUser !== 'object' || typeof value.currentUser?.id !== 'string')
  )
    return false;
  return DATASET_NAMES.every((d) => {
    const entry = (value.datasets as Record<string, { fetchedAt?: unknown; records?: unknown }>)[d];
    return (
      typeof entry === 'object' &&
      entry !== null &&
      (entry.fetchedAt === null || typeof entry.fetchedAt === 'string') &&
      Array.isArray(entry.records) &&
      entry.records.every(
        (r) => typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string',
      )
    );
  });
}
