// Which accounts the console holds (issue 28): the persisted list (`accounts-list.json` in the data
// directory: id, name, directory; never a secret) and which one was on screen last.
//
// Each account's files live in a directory of their own, which its core (app-core.ts) treats as its whole
// data directory: account record, settings, offline copy, status history, saved views, watches, outbox.
// The one exception is the account of a console from before this list existed: its files stay where they
// are (dir '', the data directory itself) and it becomes the first account, so an upgrade moves nothing and
// loses nothing (a move of a 30 MB copy and a history that a crash interrupts halfway would be the risk).
// Later accounts go under ACCOUNT_DIRS/<id>, which no core of the root writes into.
//
// A list that is missing or unreadable is rebuilt from what is on disk (the root's account plus every
// directory under ACCOUNT_DIRS): the accounts' data outlives a damaged list, only their names fall back.

import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { Logger } from '../logger.js';
import { loadStored, saveStored, storedFile } from '../store/stored-file.js';
import { MAX_ACCOUNT_NAME } from '../../../shared/ipc/limits.js';

export const REGISTRY_FILE = 'accounts-list.json';
/** Where the accounts added after the first keep their directories. */
export const ACCOUNT_DIRS = 'console-accounts';
const ID = /^[a-z0-9-]{1,40}$/;

export interface RegisteredAccount {
  id: string;
  name: string;
  /** Relative to the data directory: '' (the first account of an upgraded console) or ACCOUNT_DIRS/<id>. */
  dir: string;
}

export interface Registry {
  accounts: RegisteredAccount[];
  active: string;
}

const registryFile = storedFile({
  what: 'the list of accounts',
  version: 1,
  schema: z.object({
    accounts: z
      .array(
        z.object({
          id: z.string().regex(ID),
          // '' only for the first account, never named (shown by its service's host).
          name: z.string().max(MAX_ACCOUNT_NAME),
          // Only the two shapes this module writes: a hand-edited '../elsewhere' is not followed.
          dir: z.string().regex(new RegExp(`^(|${ACCOUNT_DIRS}/[a-z0-9-]{1,40})$`)),
        }),
      )
      .min(1),
    active: z.string(),
  }),
  migrations: {},
  fresh: () => null,
});

export function newAccountId(): string {
  return randomBytes(5).toString('hex');
}

export class AccountRegistry {
  readonly #root: string;
  readonly #file: string;
  readonly #log: Logger;

  constructor(dataDir: string, logger: Logger) {
    this.#root = dataDir;
    this.#file = path.join(dataDir, REGISTRY_FILE);
    this.#log = logger;
  }

  /** The absolute directory of an account. */
  directory(account: RegisteredAccount): string {
    return path.join(this.#root, account.dir);
  }

  /** The list, or one rebuilt from the directories on disk (a first start: the root's one account). */
  async load(defaultName: string): Promise<Registry> {
    const loaded = await loadStored(this.#file, registryFile, { logger: this.#log });
    if (loaded.status === 'loaded') {
      const accounts = dedupe(loaded.value.accounts);
      const active = accounts.some((a) => a.id === loaded.value.active)
        ? loaded.value.active
        : accounts[0]!.id;
      return { accounts, active };
    }
    const rebuilt = await this.#fromDisk(defaultName);
    await this.save(rebuilt).catch((error: unknown) => this.#log.warn('account list not saved', { error }));
    return rebuilt;
  }

  async save(registry: Registry): Promise<void> {
    await saveStored(this.#file, registryFile, registry);
  }

  /** A new account's entry and its (empty) directory. */
  async create(name: string): Promise<RegisteredAccount> {
    const id = newAccountId();
    const account = { id, name, dir: `${ACCOUNT_DIRS}/${id}` };
    await fsp.mkdir(this.directory(account), { recursive: true, mode: 0o700 });
    return account;
  }

  /**
   * Removes an account's files. The root's account (dir '') has no directory of its own: its core has
   * removed its copy, history and record when it signed out; what is left there is the console's.
   */
  async removeFiles(account: RegisteredAccount): Promise<void> {
    if (account.dir === '') return;
    await fsp.rm(this.directory(account), { recursive: true, force: true });
  }

  async #fromDisk(defaultName: string): Promise<Registry> {
    const accounts: RegisteredAccount[] = [{ id: newAccountId(), name: defaultName, dir: '' }];
    let names: string[] = [];
    try {
      names = (await fsp.readdir(path.join(this.#root, ACCOUNT_DIRS))).filter((n) => ID.test(n)).sort();
    } catch {
      // none yet
    }
    for (const id of names) accounts.push({ id, name: id, dir: `${ACCOUNT_DIRS}/${id}` });
    return { accounts, active: accounts[0]!.id };
  }
}

function dedupe(accounts: RegisteredAccount[]): RegisteredAccount[] {
  const seen = new Set<string>();
  return accounts.filter(
    (a) => !seen.has(a.id) && !seen.has(`dir:${a.dir}`) && seen.add(a.id).add(`dir:${a.dir}`),
  );
}

/**
 * The data directory of the account named `name` (or with that id), for a process that opens one account's
 * core alone (the command line's --account). Reads the list and never writes it. Without a list the data
 * directory holds one account, the root's. Throws a sentence naming the accounts there are.
 */
export async function accountDirectory(dataDir: string, name: string, logger: Logger): Promise<string> {
  const accounts = (await readAccountList(dataDir, logger))?.accounts ?? [];
  const wanted = name.trim().toLocaleLowerCase();
  const found = accounts.find((a) => a.id === name || a.name.toLocaleLowerCase() === wanted);
  if (found) return path.join(dataDir, found.dir);
  const names = accounts.map((a) => a.name || a.id);
  throw new Error(
    names.length > 0
      ? `No account named "${name}" here. The accounts are: ${names.join(', ')}.`
      : `No account named "${name}" here: this console holds one account, opened without --account.`,
  );
}

/**
 * The list as the console last saved it, read only (never rebuilt or written: a process beside the
 * console must not change it), or null where there is none (a console that holds one account).
 */
export async function readAccountList(dataDir: string, logger: Logger): Promise<Registry | null> {
  const loaded = await loadStored(path.join(dataDir, REGISTRY_FILE), registryFile, { logger });
  if (loaded.status !== 'loaded') return null;
  const accounts = dedupe(loaded.value.accounts);
  const active = accounts.some((a) => a.id === loaded.value.active) ? loaded.value.active : accounts[0]!.id;
  return { accounts, active };
}
