// Watches, quiet hours and the alert memory on disk, one file per account (so switching accounts keeps
// each one's watches), written atomically like the other small files. An unreadable file starts empty:
// at worst a watch is to be set again; a notice already shown may show once more.

import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { QuietHours, Watch } from '../../../shared/status-history.js';
import { readJsonFile, writeFileAtomic } from '../atomic-file.js';
import type { AlertMemory } from './alert-evaluator.js';
import { emptyAlertMemory } from './alert-evaluator.js';

const VERSION = 1;

export interface AlertState {
  watches: Watch[];
  quietHours: QuietHours | null;
  memory: AlertMemory;
}

export function emptyAlertState(): AlertState {
  return { watches: [], quietHours: null, memory: emptyAlertMemory() };
}

export function accountDirName(account: string): string {
  return createHash('sha256').update(account).digest('hex').slice(0, 24);
}

export class AlertsStore {
  readonly #dir: string;
  constructor(dataDir: string) {
    this.#dir = dataDir;
  }

  #file(account: string): string {
    return path.join(this.#dir, `status-alerts-${accountDirName(account)}.json`);
  }

  async load(account: string): Promise<AlertState> {
    try {
      const v = (await readJsonFile(this.#file(account))) as
        { version?: number; account?: string; state?: AlertState } | undefined;
      const s = v?.state;
      if (
        v?.version === VERSION &&
        v.account === account &&
        s &&
        Array.isArray(s.watches) &&
        typeof s.memory?.shown === 'object' &&
        typeof s.memory.lastAlertAt === 'object' &&
        typeof s.memory.outages === 'object'
      ) {
        return { watches: s.watches, quietHours: s.quietHours ?? null, memory: s.memory };
      }
    } catch {
      // unreadable: start empty (see above)
    }
    return emptyAlertState();
  }

  async save(account: string, state: AlertState): Promise<void> {
    await writeFileAtomic(this.#file(account), JSON.stringify({ version: VERSION, account, state }));
  }

  async clear(account: string): Promise<void> {
    await fsp.rm(this.#file(account), { force: true });
  }
}
