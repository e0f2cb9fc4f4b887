// Saved views, one file per account (dataDir/views/<account key>.json), through the store
// (store/files.ts: savedViewsFile). Kept apart from the offline cache: clearing a damaged cache or signing
// out must not take the technician's views. A missing file reads as no views; a damaged one is kept aside
// (<key>.json.corrupt-<time>) so the next save does not overwrite what might still be recovered by hand.

import path from 'node:path';
import type { StoredViews } from '../../shared/ipc/contract.js';
import type { Logger } from './logger.js';
import { accountKey } from './offline-cache.js';
import { VIEWS_DIR } from './store/data-dirs.js';
import { savedViewsFile } from './store/files.js';
import { loadStored, saveStored } from './store/stored-file.js';

export class SavedViewsStore {
  readonly #dir: string;
  readonly #log: Logger | undefined;
  constructor(dataDir: string, logger?: Logger) {
    this.#dir = path.join(dataDir, VIEWS_DIR);
    this.#log = logger;
  }

  #file(baseUrl: string, userId: string): string {
    return path.join(this.#dir, `${accountKey(baseUrl, userId)}.json`);
  }

  async load(baseUrl: string, userId: string): Promise<StoredViews> {
    const file = this.#file(baseUrl, userId);
    const loaded = await loadStored(file, savedViewsFile, this.#log ? { logger: this.#log } : {});
    return { views: loaded.value.views };
  }

  async save(baseUrl: string, userId: string, views: StoredViews): Promise<void> {
    await saveStored(this.#file(baseUrl, userId), savedViewsFile, { views: views.views });
  }
}
