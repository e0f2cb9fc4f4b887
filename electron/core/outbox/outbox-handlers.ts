// The renderer's questions and orders about the outbox and bulk batches (the `outbox:*` and `bulk:*`
// channels), answered from the signed-in account's CoreOutbox.

import { fail } from '../../../shared/errors.js';
import type { ServiceHandlers } from '../../../shared/ipc/services.js';
import { writeBlockError } from '../../../shared/write-guard.js';
import type { Cancellations } from '../cancellations.js';
import type { WriteGate } from '../write-gate.js';
import type { CoreOutbox } from './core-outbox.js';

export interface OutboxHandlerDeps {
  outbox: CoreOutbox;
  /** Whether an account's writes are open (signed in and syncing, or showing its offline copy). */
  writesOpen: () => boolean;
  /** Resolves once the account being entered is wholly open (its outbox with it). */
  opened: () => Promise<void>;
  gate: WriteGate;
  /** Where a bulk start registers so app:cancel can stop it before its writes are queued. */
  cancellations: Cancellations;
}

export function outboxHandlers(d: OutboxHandlerDeps): ServiceHandlers<'outbox'> {
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
    'bulk:start': ({ callId, ...request }) =>
      d.cancellations.run(callId, async (signal) => {
        await d.opened();
        // Like any queued edit: refused while signed out or under a revoked sign-in, kept while offline.
        d.gate('queued');
        return d.outbox.bulk(request, signal);
      }),
    'bulk:pause': ({ batchId }) => progress(batchId, async () => (await box()).pauseBatch(batchId, true)),
    'bulk:resume': ({ batchId }) => progress(batchId, async () => (await box()).pauseBatch(batchId, false)),
    'bulk:cancel': ({ batchId }) => progress(batchId, async () => (await box()).cancelBatch(batchId)),
    'bulk:retry': ({ batchId }) => progress(batchId, async () => (await box()).retry({ batchId })),
    'bulk:undo-record': ({ batchId }) => box().then((b) => b.undoRecord(batchId)),
  };
}
