// Opens the console's account in this process, as its only writer: takes the account lock, starts the
// same core the console runs (same data directory, same keychain entry), and for reads brings the copy up
// to date first (or learns that the service cannot be reached, and answers from the copy).
//
// When the console holds the lock the command is not run here: main.ts hands it to the console over its
// command socket before it gets this far. Finding the lock held here (another command, or a console that
// took it a moment ago) ends the command with EXIT.accountBusy.
//
// The core opens with its polls held (setSuspended before start): a console polls every dataset at once
// when it opens, and at 100,000 devices that full download, decode and diff was ~70% of a `devices list`
// (16 s). A command asks the service only for what is older than the console's own poll interval for it
// (the copy a console closed a minute ago is as fresh as what it showed), or for everything with --refresh.

import { mkdir } from 'node:fs/promises';
import { AccountLockHeld, acquireAccountLock, type AccountLock } from '../core/account-lock.js';
import { createAppCore, type AppCore } from '../core/app-core.js';
import { prepareDataDir } from '../core/atomic-file.js';
import { KeyringVault } from '../core/keyring-vault.js';
import { silentLogger } from '../core/logger.js';
import { CACHE_ROOT } from '../core/offline-cache.js';
import type { CredentialVault } from '../core/vault.js';
import { readLaunchDefaults } from '../launch-config.js';
import { POLL_INTERVALS } from '../core/sync-engine.js';
import type { DatasetName, InvokeChannel, InvokeResponse, SyncState } from '../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../shared/ipc/dispatch.js';
import { CliExit, EXIT } from './exit-codes.js';

export interface OpenOptions {
  dataDir: string;
  /** Whose lock to take: the console's data directory (default dataDir, a console of one account). */
  lockDir?: string;
  /** The console's other accounts' users (accounts.ts signInTakenBy): one is not signed in twice. */
  signInTakenBy?: (baseUrl: string, userId: string) => string | null;
  appVersion: string;
  /** How long a read waits for the service before answering from the copy. */
  refreshTimeoutMs: number;
  vault?: CredentialVault;
  /** Opens the authorization address in a browser (sign-in); absent: the address is only printed. */
  openExternal?: (url: string) => Promise<boolean>;
}

export interface OpenAccount {
  core: AppCore;
  invoke<C extends InvokeChannel>(channel: C, payload?: unknown): Promise<InvokeResponse<C>>;
  close(): Promise<void>;
}

function busy(error: AccountLockHeld): CliExit {
  const { holder } = error;
  return new CliExit(EXIT.accountBusy, holder.kind === 'cli' ? 'cli.busy.command' : 'cli.busy.console', {
    pid: String(holder.pid || '?'),
  });
}

export async function openAccount(options: OpenOptions): Promise<OpenAccount> {
  const lockDir = options.lockDir ?? options.dataDir;
  await mkdir(lockDir, { recursive: true, mode: 0o700 });
  let lock: AccountLock;
  try {
    lock = acquireAccountLock(lockDir, 'cli');
  } catch (error) {
    if (error instanceof AccountLockHeld) throw busy(error);
    throw error;
  }
  let core: AppCore;
  try {
    // Under the lock: it removes the temp files a crashed writer left, never those of a live one.
    await prepareDataDir(options.dataDir, [CACHE_ROOT]);
    core = createAppCore({
      dataDir: options.dataDir,
      host: 'browser',
      appVersion: options.appVersion,
      vault: options.vault ?? new KeyringVault(),
      notify: () => {},
      ...(options.openExternal ? { openExternal: options.openExternal } : {}),
      ...(options.signInTakenBy ? { signInTakenBy: options.signInTakenBy } : {}),
      defaults: readLaunchDefaults(process.env),
      // stdout is the command's answer and stderr its one sentence: the core's own log stays out of both.
      logger: silentLogger,
      // Nothing here must stay responsive while the copy loads or a poll decodes, and handing 100,000
      // devices from a worker (pack, post, unpack) cost more than the load itself.
      decodeInWorker: false,
      // A command answers from the whole copy: the first screen is for a window to paint early.
      firstScreen: false,
      // Most commands neither poll nor read the history: it opens when one does (status-keeper.ts).
      historyOnDemand: true,
    });
    // Nothing is polled unasked: the command asks for what it needs (refreshForRead).
    core.setSuspended(true);
    await core.start();
    // A large copy opens its first screen first: a command answers from all of it, so it waits.
    await core.opened();
  } catch (error) {
    lock.release();
    throw error;
  }
  const opened = core;
  return {
    core: opened,
    async invoke(channel, payload = {}) {
      const result = await dispatchInvoke(opened.handlers, channel, payload);
      if (!result.ok) throw result.error;
      return result.value as InvokeResponse<typeof channel>;
    },
    async close() {
      try {
        await opened.dispose();
      } finally {
        lock.release();
      }
    },
  };
}

/** Signed in (or asked to sign in again, whose copy is still readable): otherwise EXIT.signedOut. */
export function requireAccount(account: OpenAccount): void {
  const auth = account.core.state().auth;
  if (auth.status === 'signed-out' || auth.status === 'awaiting-pin') {
    throw new CliExit(EXIT.signedOut, 'cli.signedOut');
  }
}

/** How a command treats the copy: ask for what is stale (default), for everything, or for nothing. */
export type Freshness = 'stale' | 'always' | 'never';

/** The console's interval when its window is in the background: how old its picture gets between polls. */
const FRESH_FOR_MS = POLL_INTERVALS.background;

/** The datasets older than the console's poll interval for them (never fetched counts as old). */
export function staleDatasets(sync: SyncState, now: number, freshness: Freshness): DatasetName[] {
  if (freshness === 'never') return [];
  return (Object.keys(sync.datasets) as DatasetName[]).filter((name) => {
    const at = sync.datasets[name].fetchedAt;
    return freshness === 'always' || at === null || now - Date.parse(at) >= FRESH_FOR_MS[name];
  });
}

export interface Refreshed {
  sync: SyncState;
  /** Whether the service was asked at all (a fresh copy is answered without asking). */
  asked: boolean;
}

/**
 * Brings the given datasets up to date, waiting at most `timeoutMs`; the service being unreachable is not
 * an error for a read (the copy answers).
 */
export async function refreshForRead(
  account: OpenAccount,
  timeoutMs: number,
  datasets: readonly DatasetName[],
): Promise<Refreshed> {
  if (datasets.length === 0) return { sync: account.core.state().sync, asked: false };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([account.invoke('sync:refresh', { datasets }).catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return { sync: account.core.state().sync, asked: true };
}
