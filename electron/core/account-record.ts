// The non-secret account record (base URL, consumer key, user id) so a restart knows whom to resume, and
// where its credentials went: the keychain (vaultAccount(baseUrl, userId)), or nowhere ('memory': this run
// only), in which case a restart opens the account's offline copy signed out. This file never holds a secret.

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { CredentialStore } from '../../shared/ipc/contract.js';
import type { Logger } from './logger.js';
import { accountFile } from './store/files.js';
import { loadStored, saveStored } from './store/stored-file.js';

export interface AccountRecord {
  baseUrl: string;
  consumerKey: string;
  userId: string;
  store: CredentialStore;
}

export class AccountRecordStore {
  readonly #file: string;
  readonly #log: Logger | undefined;
  constructor(dataDir: string, logger?: Logger) {
    this.#file = path.join(dataDir, 'account.json');
    this.#log = logger;
  }

  /** null: none, or one that could not be used (kept aside by the store): the technician signs in again. */
  async load(): Promise<AccountRecord | null> {
    const loaded = await loadStored(this.#file, accountFile, this.#log ? { logger: this.#log } : {});
    return loaded.status === 'loaded' ? loaded.value : null;
  }

  async save(record: AccountRecord): Promise<void> {
    await saveStored(this.#file, accountFile, {
      baseUrl: record.baseUrl,
      consumerKey: record.consumerKey,
      userId: record.userId,
      store: record.store,
    });
  }

  async clear(): Promise<void> {
    await fsp.rm(this.#file, { force: true });
  }
}
