// The non-secret account record (base URL, consumer key, user id) so a restart knows whom to resume, and
// where its credentials went: the keychain (vaultAccount(baseUrl, userId)), or nowhere ('memory': this run
// only), in which case a restart opens the account's offline copy signed out. This file never holds a secret.

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { CredentialStore } from '../../shared/ipc/contract.js';
import { readJsonFile, writeFileAtomic } from './atomic-file.js';

export interface AccountRecord {
  baseUrl: string;
  consumerKey: string;
  userId: string;
  store: CredentialStore;
}

const VERSION = 1;

export class AccountRecordStore {
  readonly #file: string;
  constructor(dataDir: string) {
    this.#file = path.join(dataDir, 'account.json');
  }

  async load(): Promise<AccountRecord | null> {
    try {
      const value = (await readJsonFile(this.#file)) as Partial<AccountRecord> & { version?: number };
      if (
        value &&
        value.version === VERSION &&
        typeof value.baseUrl === 'string' &&
        typeof value.consumerKey === 'string' &&
        typeof value.userId === 'string'
      ) {
        return {
          baseUrl: value.baseUrl,
          consumerKey: value.consumerKey,
          userId: value.userId,
          // Records written before the field existed were keychain sign-ins only.
          store: value.store === 'memory' ? 'memory' : 'keychain',
        };
      }
    } catch {
      // a damaged record is as good as none: the technician signs in again
    }
    return null;
  }

  async save(record: AccountRecord): Promise<void> {
    await writeFileAtomic(
      this.#file,
      JSON.stringify({
        version: VERSION,
        baseUrl: record.baseUrl,
        consumerKey: record.consumerKey,
        userId: record.userId,
        store: record.store,
      }),
    );
  }

  async clear(): Promise<void> {
    await fsp.rm(this.#file, { force: true });
  }
}
