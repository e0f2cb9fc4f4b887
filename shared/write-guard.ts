// "Can we write now?", answered once for both processes: the main process refuses the call with
// writeBlockError, the renderer says the same thing before sending it (in the technician's language).
// Offline, the edits the outbox keeps are let through (Writes asks with queueable); creating or deleting a
// session is refused. A revoked sign-in is its own answer, not "offline".

import type { AppError } from './errors.js';
import type { AuthState, SyncState } from './ipc/contract.js';

export type WriteBlock = 'signed-out' | 'reauth' | 'offline';

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
export function writeBlockError(block: WriteBlock, offlineSince: string | null): AppError {
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
        ...(offlineSince ? { key: 'error.app.offlineSince', values: { since: offlineSince } } : {}),
        message: `Offline${offlineSince ? ` since ${offlineSince.slice(0, 16).replace('T', ' ')} UTC` : ''}: changes are not sent while the service cannot be reached. Try again when it is back.`,
      };
  }
}
