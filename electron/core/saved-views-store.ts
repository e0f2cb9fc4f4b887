// Saved views, one file per account (dataDir/views/<account key>.json), written atomically. Kept apart
// from the offline cache: clearing a damaged cache or signing out must not take the technician's views.
// A missing file reads as no views; a damaged one is kept aside (views.<key>.json.damaged-<time>) so the
// next save does not overwrite what might still be recovered by hand.

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { StoredViews } from '../../shared/ipc/contract.js';
import { readJsonFile, writeFileAtomic } from './atomic-file.js';
import { accountKey } from './offline-cache.js';

export class SavedViewsStore {
  readonly #dir: string;
  constructor(dataDir: string) {
    this.#dir = path.join(dataDir, 'views');
  }

  #file(baseUrl: string, userId: string): string {
    return path.join(this.#dir, `${accountKey(baseUrl, userId)}.json`);
  }

  async load(baseUrl: string, userId: string): Promise<StoredViews> {
    const file = this.#file(baseUrl, userId);
    let value: unknown;
    try {
      value = await readJsonFile(file);
    } catch (error) {
      if (error instanceof SyntaxError)
        await fsp.rename(file, `${file}.damaged-${Date.now()}`).catch(() => {
          // Nothing lost by failing here: the damaged file simply stays where it is.
        });
      return { views: [] };
    }
    const views = (value as { views?: unknown } | undefined)?.views;
    if (!Array.isArray(views)) return { views: [] };
    return {
      views: views.filter(
        (v): v is StoredViews['views'][number] =>
          typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.name === 'string',
      ),
    };
  }

  async save(baseUrl: string, userId: string, views: StoredViews): Promise<void> {
    await writeFileAtomic(this.#file(baseUrl, userId), JSON.stringify({ version: 1, ...views }));
  }
}
