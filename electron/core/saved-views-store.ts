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
  /**
   * Per file, the last write asked for, until it is on disk. A load waits for it: a window reloaded right
   * after an edit (its save sent, not yet written) read the file as it was before and showed the view
   * without the edit. And writes land in the order asked: two atomic writes under way at once could
   * rename in either order, the older list last.
   */
  readonly #writing = new Map<string, Promise<void>>();
  constructor(dataDir: string, logger?: Logger) {
    this.#dir = path.join(dataDir, VIEWS_DIR);
    this.#log = logger;
  }

  #file(baseUrl: string, userId: string): string {
    return path.join(this.#dir, `${accountKey(baseUrl, userId)}.json`);
  }

  async load(baseUrl: string, userId: string): Promise<StoredViews> {
    const file = this.#file(baseUrl, userId);
    await this.#writing.get(file)?.catch(() => undefined); // its failure is its caller's to report
    const loaded = await loadStored(file, savedViewsFile, this.#log ? { logger: this.#log } : {});
    return { views: loaded.value.views };
  }

  save(baseUrl: string, userId: string, views: StoredViews): Promise<void> {
    const file = this.#file(baseUrl, userId);
    const before = this.#writing.get(file) ?? Promise.resolve();
    const write = before
      .catch(() => undefined)
      .then(() => saveStored(file, savedViewsFile, { views: views.views }));
    this.#writing.set(file, write);
    const done = () => {
      if (this.#writing.get(file) === write) this.#writing.delete(file);
    };
    write.then(done, done);
    return write;
  }
}
