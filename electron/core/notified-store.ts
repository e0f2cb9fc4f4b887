// The SessionScheduler's memory on disk, per account, so a session is notified once even across restarts.

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { readJsonFile, writeFileAtomic } from './atomic-file.js';
import type { SchedulerMemory } from './session-scheduler.js';
import { emptyMemory } from './session-scheduler.js';

const VERSION = 1;

export class NotifiedStore {
  readonly #file: string;
  constructor(dataDir: string) {
    this.#file = path.join(dataDir, 'notified-sessions.json');
  }

  async load(account: string): Promise<SchedulerMemory> {
    try {
      const v = (await readJsonFile(this.#file)) as
        { version?: number; account?: string; memory?: SchedulerMemory } | undefined;
      const m = v?.memory;
      if (
        v?.version === VERSION &&
        v.account === account &&
        m &&
        typeof m.started === 'object' &&
        typeof m.reminder === 'object'
      ) {
        return { baseline: m.baseline === true, started: { ...m.started }, reminder: { ...m.reminder } };
      }
    } catch {
      // unreadable memory: start with a baseline again (no flood, at worst a missed notice)
    }
    return emptyMemory();
  }

  async save(account: string, memory: SchedulerMemory): Promise<void> {
    await writeFileAtomic(this.#file, JSON.stringify({ version: VERSION, account, memory }));
  }

  async clear(): Promise<void> {
    await fsp.rm(this.#file, { force: true });
  }
}
