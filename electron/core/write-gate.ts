// The main side's one answer to "can I write now?": every write channel (write-handlers.ts) and a bulk
// start (outbox-handlers.ts) pass through it before any work. The renderer sends without deciding and
// shows what this refuses with; its disabled controls read the same shared writeRefusal.

import { fail } from '../../shared/errors.js';
import type { AuthState, SyncState } from '../../shared/ipc/contract.js';
import type { WriteKind } from '../../shared/write-guard.js';
import { writeRefusal } from '../../shared/write-guard.js';

export type WriteGate = (kind: WriteKind) => void;

/** Throws the refusal (an AppError with its key) when a write of this kind may not go now. */
export function writeGate(state: () => { auth: AuthState; sync: SyncState }): WriteGate {
  return (kind) => {
    const { auth, sync } = state();
    const refusal = writeRefusal(
      { auth: auth.status, connection: sync.connection, offlineSince: sync.offlineSince },
      kind,
    );
    if (refusal) fail(refusal);
  };
}
