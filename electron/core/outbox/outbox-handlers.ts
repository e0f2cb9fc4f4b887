// The renderer's questions and orders about the outbox and bulk batches (the `outbox:*` and `bulk:*`
// channels), answered from the signed-in account's CoreOutbox.

import { fail } from '../../../shared/errors.js';
import type { AuthState, InvokeChannel, InvokeHandlers, SyncState } from '../../../shared/ipc/contract.js';
import { writeBlock, writeBlockError } from '../../../shared/write-guard.js';
import type { CoreOutbox } from './core-outbox.js';

type OutboxChannels = Extract<InvokeChannel, `outbox:${string}` | `bulk:${string}`>;

export interface OutboxHandlerDeps {
  outbox: CoreOutbox;
  /** Whether an account's writes are open (signed in and syncing, or showing its offline copy). */
  writesOpen: () => boolean;
  /** Resolves once the account being entered is wholly open (its outbox with it). */
  opened: () => Promise<void>;
  auth: () => AuthState;
  sync: () => SyncState;
}

export function outboxHandlers(d: OutboxHandlerDeps): Pick<InvokeHandlers, OutboxChannels> {
  const box = async () => {
    await d.opened();
    if (!d.writesOpen()) fail(writeBlockError('signed-out', null));
    return d.outbox.outbox;
  };
  const progress = async (batchId: string, act: () => Promise<unknown>) => {
    await act();
    return (await box()).batchProgress(batchId);
  };
  return {
    'outbox:state': async () => d.outbox.state(),
    'outbox:resolve': ({ entryId, choice }) => box().then((b) => b.resolveConflict(entryId, choice)),
    'outbox:retry': async ({ entryId }) => ({
      requeued: await (await box()).retry(entryId ? { entryId } : {}),
    }),
    'outbox:discard': ({ entryId }) => box().then((b) => b.discard(entryId)),
    'outbox:cancel': async ({ entryId }) => ({ cancelled: await (await box()).cancel(entryId) }),
    'bulk:start': async (request) => {
      await d.opened();
      // Like any queued edit: refused while signed out or under a revoked sign-in, kept while offline.
      const sync = d.sync();
      const block = writeBlock(d.auth().status, sync.connection);
      if (block && block !== 'offline') fail(writeBlockError(block, sync.offlineSince));
      return d.outbox.bulk(request);
    },
    'bulk:pause': ({ batchId }) => progress(batchId, async () => (await box()).pauseBatch(batchId, true)),
    'bulk:resume': ({ batchId }) => progress(batchId, async () => (await box()).pauseBatch(batchId, false)),
    'bulk:cancel': ({ batchId }) => progress(batchId, async () => (await box()).cancelBatch(batchId)),
    'bulk:retry': ({ batchId }) => progress(batchId, async () => (await box()).retry({ batchId })),
    'bulk:undoRecord': ({ batchId }) => box().then((b) => b.undoRecord(batchId)),
  };
}
