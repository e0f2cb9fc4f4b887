// How every command meets the account: opened under the lock (open-account.ts), the service asked for what
// is stale (or probed), a sentence on stderr when the answer comes from an older copy, and the outbox let
// finish before the account closes.

import type { AppSnapshot, DatasetName, SyncState } from '../../shared/ipc/contract.js';
import {
  refreshForRead,
  requireAccount,
  staleDatasets,
  type Freshness,
  type OpenAccount,
} from './open-account.js';
import { drainOutbox, progressLine } from './outbox-drain.js';
import type { Out } from './output.js';
import type { CliIo } from './cli-io.js';
import type { CliKey, CliText } from './cli-text.js';
import type { MessageValues } from '../../shared/i18n/translator.js';

export interface ReadContext {
  /** The directory of the account the command works on (the console's own, or console-accounts/<id>). */
  dataDir: string;
  /** The console's data directory, whose lock covers every account in it (accounts.ts says why). */
  lockDir: string;
  /** The console's other accounts' users: a sign-in as one of them is refused (accounts.ts). */
  signInTakenBy?: (baseUrl: string, userId: string) => string | null;
  appVersion: string;
  refreshTimeoutMs: number;
  /** --refresh: always; --cached: never; otherwise what is older than the console's poll interval. */
  freshness: Freshness;
  out: Out;
  /** One sentence of the catalogue on stderr, in the run's language. */
  warn: (key: CliKey, values?: MessageValues) => void;
  /** The run's language (cli-text.ts). */
  text: CliText;
  now: () => number;
  /** The terminal the command talks to: this process's, or the command line's behind the console. */
  io: CliIo;
  /**
   * Opens the account: here under its lock with a core of this process (openAccount), or inside a
   * running console its own core (console-commands.ts).
   */
  open(): Promise<OpenAccount>;
}

/** When the copy now held was fetched: the oldest dataset's time, or when the copy was saved. */
export function copyTime(sync: SyncState): number | null {
  const times = Object.values(sync.datasets).map((d) => (d.fetchedAt ? Date.parse(d.fetchedAt) : NaN));
  if (times.every((x) => Number.isFinite(x))) return Math.min(...times);
  return sync.cacheSavedAt ? Date.parse(sync.cacheSavedAt) : null;
}

/** What the service is asked for before a command: its stale datasets, or `probe` to learn it answers. */
export function datasetsToAsk(
  ctx: ReadContext,
  sync: SyncState,
  needs: readonly DatasetName[],
  probe: boolean,
): DatasetName[] {
  const stale = staleDatasets(sync, ctx.now(), ctx.freshness).filter((d) => needs.includes(d));
  // The sessions list is the smallest dataset: enough to learn whether the service answers.
  return probe && stale.length === 0 && ctx.freshness !== 'never' ? ['sessions'] : stale;
}

export async function withAccount<T>(
  ctx: ReadContext,
  needs: readonly DatasetName[],
  read: (account: OpenAccount, snap: AppSnapshot) => Promise<T>,
  probe = false,
) {
  const account = await ctx.open();
  try {
    requireAccount(account);
    // Without a usable sign-in (revoked, or a keychain that cannot be read) nothing can be asked: the copy
    // answers, and the sentence says why rather than blaming the service.
    const reauth = account.core.state().auth.status === 'reauth-required';
    const asking = reauth ? [] : datasetsToAsk(ctx, account.core.state().sync, needs, probe);
    const { sync, asked } = await refreshForRead(account, ctx.refreshTimeoutMs, asking);
    const at = copyTime(sync);
    const copy = at === null ? null : { at: new Date(at).toISOString(), age: ctx.text.age(ctx.now() - at) };
    if (reauth) {
      if (copy) ctx.warn('cli.copy.reauth', copy);
      else ctx.warn('cli.copy.reauthNone');
    } else if (!asked && ctx.freshness === 'never') {
      if (copy) ctx.warn('cli.copy.answering', copy);
      else ctx.warn('cli.copy.none');
    } else if (asked && sync.connection !== 'online') {
      const seconds = ctx.refreshTimeoutMs / 1000;
      if (sync.connection === 'offline') {
        if (copy) ctx.warn('cli.copy.offline', copy);
        else ctx.warn('cli.copy.offlineNone');
      } else if (copy) ctx.warn('cli.copy.slow', { ...copy, seconds });
      else ctx.warn('cli.copy.slowNone', { seconds });
    }
    const answer = await read(account, await account.core.snapshot());
    // What an earlier command left in the outbox (killed halfway) was sent meanwhile: let it finish.
    const progress = progressLine(ctx.io.err, ctx.text);
    await drainOutbox(account, { onState: progress.show });
    progress.end();
    return answer;
  } finally {
    await account.close();
  }
}
