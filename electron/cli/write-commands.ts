// The change commands, through the core's write path (the durable outbox), as the console makes them.
//
// Offline the command line refuses (EXIT.offlineWrite, nothing recorded) rather than queue: the console
// queues because it stays open to send later; a command ends now, and a script that sees "queued" cannot
// tell whether to try again, which for a create would make two.

import type { Id } from '../../shared/model.js';
import { CliExit, EXIT } from './exit-codes.js';
import { refreshForRead, type OpenAccount } from './open-account.js';
import { drainOutbox, progressLine, unanswered } from './outbox-drain.js';
import { renderJson, type Format } from './output.js';
import { datasetsToAsk, type ReadContext } from './account-run.js';
import type { DatasetName } from '../../shared/ipc/contract.js';
import type { OutboxState } from '../../shared/outbox.js';

export async function withWrite<T>(
  ctx: ReadContext,
  needs: readonly DatasetName[],
  write: (account: OpenAccount) => Promise<T>,
  /** Judges the outbox once it is drained (a batch's failures), before the account closes. */
  drained?: (state: OutboxState, result: T) => void,
): Promise<T> {
  const account = await ctx.open();
  try {
    const auth = account.core.state().auth;
    if (auth.status !== 'signed-in') {
      throw new CliExit(
        EXIT.signedOut,
        auth.status === 'reauth-required' ? 'cli.write.reauth' : 'cli.signedOut',
      );
    }
    // A change needs the service: --cached does not apply, and a fresh copy still asks once (probe).
    const asking = datasetsToAsk(
      { ...ctx, freshness: ctx.freshness === 'never' ? 'stale' : ctx.freshness },
      account.core.state().sync,
      needs,
      true,
    );
    const { sync } = await refreshForRead(account, ctx.refreshTimeoutMs, asking);
    if (sync.connection !== 'online') {
      throw new CliExit(EXIT.offlineWrite, 'cli.write.offline');
    }
    const result = await write(account);
    const progress = progressLine(ctx.io.err, ctx.text);
    const outbox = await drainOutbox(account, { onState: progress.show });
    progress.end();
    if (unanswered(outbox) > 0) {
      throw new CliExit(EXIT.offlineWrite, 'cli.write.serviceWentAway', { n: unanswered(outbox) });
    }
    drained?.(outbox, result);
    if (outbox.conflicts.length > 0) {
      throw new CliExit(EXIT.conflict, 'cli.write.conflict');
    }
    return result;
  } finally {
    await account.close();
  }
}

export async function requireDevice(account: OpenAccount, id: Id): Promise<void> {
  if (!(await account.core.snapshot()).data.devices.some((d) => d.id === id)) {
    throw new CliExit(EXIT.notFound, 'cli.device.notFound', { id });
  }
}

export function requireFolder(account: OpenAccount, id: Id): void {
  if (!account.core.state().data.folders.some((f) => f.id === id)) {
    throw new CliExit(EXIT.notFound, 'cli.folder.notFound', { id });
  }
}

export async function devicesSetAlias(ctx: ReadContext, id: Id, alias: string): Promise<void> {
  await withWrite(ctx, ['devices'], async (account) => {
    await requireDevice(account, id);
    await account.invoke('devices:set-alias', { id, alias });
  });
}

export async function foldersCreate(
  ctx: ReadContext,
  name: string,
  parentId: Id | null,
  format: Format,
): Promise<void> {
  const created = await withWrite(ctx, ['folders'], async (account) => {
    if (parentId !== null) requireFolder(account, parentId);
    const result = await account.invoke('folders:create', { name, parentId });
    // The new folder is read back after the service made it; the copy this command leaves must hold it,
    // or the next command (answering from a copy fresher than the poll interval) would not know the id.
    await account.invoke('sync:refresh', { datasets: ['folders'] });
    return result;
  });
  // The new folder's id: what a script needs next (to move devices into it).
  ctx.out.write(format === 'json' ? renderJson(created) : `${created.id ?? ''}\n`);
}
