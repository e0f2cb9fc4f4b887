// The SessionScheduler's memory on disk, per account, so a session is notified once even across restarts.
// A file of another account reads as no memory; a damaged one is kept aside by the store (store/files.ts).

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger.js';
import type { SchedulerMemory } from './session-scheduler.js';
import { emptyMemory } from './session-scheduler.js';
import { notifiedFile } from './store/files.js';
import { loadStored, saveStored } from './store/stored-file.js';

export class NotifiedStore {
  readonly #file: string;
  readonly #log: Logger | undefined;
  constructor(dataDir: string, logger?: Logger) {
    this.#file = path.join(dataDir, 'notified-sessions.json');
    this.#log = logger;
  }

  /** Unusable memory starts with a baseline again: no flood, at worst a missed notice. */
  async load(account: string): Promise<SchedulerMemory> {
    const loaded = await loadStored(this.#file, notifiedFile, this.#log ? { logger: this.#log } : {});
    if (loaded.status !== 'loaded' || loaded.value.account !== account) return emptyMemory();
    const m = loaded.value.memory;
    return { baseline: m.baseline, started: { ...m.started }, reminder: { ...m.reminder } };
  }

  async save(account: string, memory: SchedulerMemory): Promise<void> {
    await saveStored(this.#file, notifiedFile, { account, memory });
  }

  async clear(): Promise<void> {
    await fsp.rm(this.#file, { force: true });
  }
}
