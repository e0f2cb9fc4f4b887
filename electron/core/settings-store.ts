// The technician's settings, persisted in dataDir (store/files.ts: settingsFile). A missing file means
// the defaults; a damaged one is kept aside by the store, with a notice, and the defaults apply.

import path from 'node:path';
import type { Settings } from '../../shared/ipc/contract.js';
import type { Logger } from './logger.js';
import { settingsFile } from './store/files.js';
import { loadStored, saveStored } from './store/stored-file.js';

export { DEFAULT_SETTINGS } from './store/files.js';

export class SettingsStore {
  readonly #file: string;
  readonly #log: Logger | undefined;
  constructor(dataDir: string, logger?: Logger) {
    this.#file = path.join(dataDir, 'settings.json');
    this.#log = logger;
  }

  async load(): Promise<Settings> {
    return (await loadStored(this.#file, settingsFile, this.#log ? { logger: this.#log } : {})).value;
  }

  async save(settings: Settings): Promise<void> {
    await saveStored(this.#file, settingsFile, settings);
  }
}
