// Which of the console's accounts a command works on (issue 28's `--account NAME`), and `accounts list`.
//
// The console keeps its accounts in accounts-list.json in its data directory (electron/core/accounts/):
// the first one in the data directory itself, the others under console-accounts/<id>/. This module only
// reads that list and the accounts' records, never writes them: the list is the console's.
//
// Without --account a command works on the account the console showed last (the list's `active`), or on
// the only one there is; with it, on the account of that name (any case), its id, or for the first
// account that was never named, the host of its service address (how the console shows it).
//
// The lock stays the data directory's (account-lock.ts in the root, whatever the account): the console
// holds every account it shows under that one lock, so a command locking only its account's directory
// would write beside a running console.

import path from 'node:path';
import { AccountRecordStore } from '../core/account-record.js';
import { readAccountList } from '../core/accounts/account-registry.js';
import { silentLogger } from '../core/logger.js';
import { vaultAccount } from '../core/vault.js';
import { CliExit, EXIT } from './exit-codes.js';
import type { CliText } from './cli-text.js';
import { renderJson, renderTable, type Format, type Out } from './output.js';

export interface ListedAccount {
  id: string;
  /** As the console shows it: its name, or the host of its service for the unnamed first account. */
  name: string;
  /** The service address it signed in to; null when it never signed in (or signed out). */
  service: string | null;
  /** Signed in with credentials in the keychain (a sign-in kept for one run only does not outlive it). */
  signedIn: boolean;
  /** The account the console showed last: the one a command without --account works on. */
  shown: boolean;
  /** Its data directory (absolute). */
  dir: string;
}

async function listed(dataDir: string): Promise<ListedAccount[]> {
  const list = await readAccountList(dataDir, silentLogger);
  const entries = list?.accounts ?? [{ id: '', name: '', dir: '' }];
  return Promise.all(
    entries.map(async (entry) => {
      const dir = path.join(dataDir, entry.dir);
      const record = await new AccountRecordStore(dir).load();
      return {
        id: entry.id,
        name: entry.name || hostOf(record?.baseUrl),
        service: record?.baseUrl ?? null,
        signedIn: record?.store === 'keychain',
        shown: list ? entry.id === list.active : true,
        dir,
      };
    }),
  );
}

function hostOf(baseUrl: string | undefined): string {
  try {
    return baseUrl ? new URL(baseUrl).host : '';
  } catch {
    return '';
  }
}

/** The account a command works on (its id and directory); an unknown name is a usage error naming all. */
export async function chooseListedAccount(dataDir: string, name: string | undefined): Promise<ListedAccount> {
  const accounts = await listed(dataDir);
  if (name === undefined) return accounts.find((a) => a.shown) ?? accounts[0]!;
  const wanted = name.trim().toLocaleLowerCase();
  const found = accounts.find(
    (a) => (a.id !== '' && a.id === name.trim()) || a.name.toLocaleLowerCase() === wanted,
  );
  if (found) return found;
  const names = accounts.map((a) => a.name || a.id || '(unnamed)').map((n) => `"${n}"`);
  if (accounts.length > 1) {
    throw new CliExit(EXIT.usage, 'cli.account.unknown', { name, names: names.join(', ') });
  }
  throw accounts[0]!.name
    ? new CliExit(EXIT.usage, 'cli.account.unknownOfOne', { name, only: names[0]! })
    : new CliExit(EXIT.usage, 'cli.account.unknownOfOneUnnamed', { name });
}

/**
 * For a sign-in in `accountDir` (AppCoreOptions.signInTakenBy): the name of another account of the
 * console signed in as the same user of the same service, as the console itself refuses it.
 */
export async function signInTakenBy(
  dataDir: string,
  accountDir: string,
): Promise<(baseUrl: string, userId: string) => string | null> {
  const others = await Promise.all(
    (await listed(dataDir))
      .filter((a) => path.resolve(a.dir) !== path.resolve(accountDir))
      .map(async (a) => ({ name: a.name, record: await new AccountRecordStore(a.dir).load() })),
  );
  return (baseUrl, userId) => {
    const key = vaultAccount(baseUrl, userId);
    const other = others.find((o) => o.record && vaultAccount(o.record.baseUrl, o.record.userId) === key);
    return other ? other.name : null;
  };
}

export async function accountsList(dataDir: string, out: Out, format: Format, text: CliText): Promise<void> {
  const accounts = await listed(dataDir);
  if (format === 'json') {
    out.write(
      renderJson(
        accounts.map(({ id, name, service, signedIn, shown }) => ({ id, name, service, signedIn, shown })),
      ),
    );
    return;
  }
  const rows = accounts.map((a) => [
    a.shown ? '*' : '',
    a.name,
    a.service ?? '',
    text.say('cli.status.signInState', { state: a.signedIn ? 'signedIn' : 'signedOut' }),
  ]);
  out.write(renderTable(text.headings('shown', 'name', 'service', 'signIn'), rows, out.columns));
}
