// Watches, quiet hours and the alert memory on disk, one file per account (so switching accounts keeps
// each one's watches), through the store (store/files.ts: alertsFile). An unusable file is kept aside
// and starts empty: at worst a watch is to be set again; a notice already shown may show once more.

import { createHash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { QuietHours, Watch } from '../../../shared/status-history.js';
import type { Logger } from '../logger.js';
import { alertsFile } from '../store/files.js';
import { loadStored, saveStored } from '../store/stored-file.js';
import type { AlertMemory } from './alert-evaluator.js';
import { emptyAlertMemory } from './alert-evaluator.js';

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
  readonly #log: Logger | undefined;
  constructor(dataDir: string, logger?: Logger) {
    this.#dir = dataDir;
    this.#log = logger;
  }

  #file(account: string): string {
    return path.join(this.#dir, `status-alerts-${accountDirName(account)}.json`);
  }

  async load(account: string): Promise<AlertState> {
    const file = this.#file(account);
    const loaded = await loadStored(file, alertsFile, this.#log ? { logger: this.#log } : {});
    if (loaded.status !== 'loaded' || loaded.value.account !== account) return emptyAlertState();
    return loaded.value.state;
  }

  async save(account: string, state: AlertState): Promise<void> {
    await saveStored(this.#file(account), alertsFile, { account, state });
  }

  async clear(account: string): Promise<void> {
    await fsp.rm(this.#file(account), { force: true });
  }
}
