// "Can we write now?", answered by one function (writeRefusal): the main process's write gate
// (electron/core/write-gate.ts) refuses a call with its answer, and the renderer shows the same answer on
// the controls it disables, formatted from the error's key. Offline, the edits the outbox keeps
// ('queued') are let through; creating or deleting a session ('direct') is refused. A revoked sign-in is
// its own answer, not "offline".

import type { AppError } from './errors.js';
import type { AuthState, SyncState } from './ipc/contract.js';

export type WriteBlock = 'signed-out' | 'reauth' | 'offline';
/** 'queued': kept by the outbox while offline; 'direct': never queued (a support session's create, delete). */
export type WriteKind = 'queued' | 'direct';

/** Why a write of this kind is refused now, as the error the call answers with; null: it may go. */
export function writeRefusal(
  state: {
    auth: AuthState['status'] | undefined;
    connection: SyncState['connection'] | undefined;
    offlineSince: string | null | undefined;
    renewing?: boolean;
  },
  kind: WriteKind,
): AppError | null {
  const block = writeBlock(state.auth, state.connection, state.renewing);
  if (!block || (block === 'offline' && kind === 'queued')) return null;
  return writeBlockError(block, state.offlineSince ?? null, kind);
}

export function writeBlock(
  auth: AuthState['status'] | undefined,
  connection: SyncState['connection'] | undefined,
  /** Signing in again to an account whose sign-in was refused (awaiting the PIN of a known account). */
  renewing = false,
): WriteBlock | null {
  if (auth === 'reauth-required' || renewing) return 'reauth';
  if (auth !== 'signed-in') return 'signed-out';
  if (connection === 'offline') return 'offline';
  return null;
}

/** The error a refused write answers with; `offlineSince` is the sync state's ISO timestamp. */
export function writeBlockError(
  block: WriteBlock,
  offlineSince: string | null,
  kind: WriteKind = 'queued',
): AppError {
  switch (block) {
    case 'signed-out':
      return { kind: 'not-signed-in', key: 'error.app.signInToChange', message: 'Sign in to make changes.' };
    case 'reauth':
      return {
        kind: 'not-signed-in',
        key: 'error.app.reauthToChange',
        message: 'The service no longer accepts this sign-in: sign in again before making changes.',
      };
    case 'offline':
      return {
        kind: 'offline',
        retryable: true,
        // What is never queued says why it is not (a customer is never invited twice).
        ...(kind === 'direct'
          ? { key: 'outbox.sessionOffline' }
          : offlineSince
            ? { key: 'error.app.offlineSince', values: { since: offlineSince } }
            : {}),
        message: `Offline${offlineSince ? ` since ${offlineSince.slice(0, 16).replace('T', ' ')} UTC` : ''}: changes are not sent while the service cannot be reached. Try again when it is back.`,
      };
  }
}
