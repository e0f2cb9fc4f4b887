// Outages that ended, kept with the account's status history (outages.json beside its segments, through
// the store: store/files.ts endedOutagesFile), so the Overview's "recent outages" survive a restart. Only
// the last ENDED_OUTAGES_KEPT: the list is what the Overview shows, not an archive (the history's
// transitions are the archive). Each is saved when it ends; a failed save is logged and the list in memory
// goes on.

import path from 'node:path';
import type { OutageInfo } from '../../../shared/status-history.js';
import type { Logger } from '../logger.js';
import { silentLogger } from '../logger.js';
import { ENDED_OUTAGES_KEPT, endedOutagesFile } from '../store/files.js';
import { loadStored, saveStored } from '../store/stored-file.js';

export type EndedOutage = OutageInfo & { end: number };

const FILE = 'outages.json';

export class EndedOutages {
  readonly #file: string;
  readonly #log: Logger;
  #list: EndedOutage[];
  #saving: Promise<void> = Promise.resolve();

  private constructor(file: string, list: EndedOutage[], log: Logger) {
    this.#file = file;
    this.#list = list;
    this.#log = log;
  }

  /** `dir`: the account's history directory. */
  static async open(dir: string, logger?: Logger): Promise<EndedOutages> {
    const file = path.join(dir, FILE);
    const loaded = await loadStored(file, endedOutagesFile, logger ? { logger } : {});
    return new EndedOutages(file, loaded.value.ended.slice(-ENDED_OUTAGES_KEPT), logger ?? silentLogger);
  }

  /** Oldest first. */
  get list(): readonly EndedOutage[] {
    return this.#list;
  }

  add(ended: readonly EndedOutage[]): void {
    if (ended.length === 0) return;
    this.#list = [...this.#list, ...ended].slice(-ENDED_OUTAGES_KEPT);
    const body = { ended: this.#list };
    // Chained: two outages ending in quick succession are written in order, the later list last.
    this.#saving = this.#saving
      .then(() => saveStored(this.#file, endedOutagesFile, body))
      .catch((error: unknown) => this.#log.warn('recent outages not saved', { error }));
  }

  /** Resolves once every list added so far is on disk (or its failure logged). */
  flush(): Promise<void> {
    return this.#saving;
  }
}
