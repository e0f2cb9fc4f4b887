// The shell: what the console knows about itself and its main process (the host, sign-in, sync,
// settings, the outbox, whether the host is still there), and the questions asked of it everywhere.

import { createStore } from 'zustand/vanilla';
import type { AppError } from '../../shared/errors.js';
import type {
  AccountInfo,
  AuthState,
  CredentialStore,
  HostKind,
  HostLink,
  Settings,
  SyncState,
} from '../../shared/ipc/contract.js';
import type { OutboxState } from '../../shared/outbox.js';
import type { WriteKind } from '../../shared/write-guard.js';
import { writeRefusal } from '../../shared/write-guard.js';
import { formatError } from '../i18n/index.js';

export interface ShellState {
  phase: 'loading' | 'ready' | 'failed';
  startError: AppError | null;
  host: HostKind | null;
  appVersion: string;
  auth: AuthState | null;
  /**
   * The account last signed in, kept while its sign-in is renewed (reauth-required, then awaiting-pin):
   * the PIN step has no account of its own, and the data, role and time zone behind it are still this
   * account's. Cleared when signed out.
   */
  account: { account: AccountInfo; credentialStore: CredentialStore } | null;
  sync: SyncState | null;
  /**
   * Refreshes this renderer asked for and that have not answered yet. The host does not announce a poll's
   * start (an idle poll then costs one small event), so "Refreshing…" for a refresh the technician asked
   * for comes from here.
   */
  refreshesPending: number;
  settings: Settings | null;
  /** Writes waiting for the service, conflicts, bulk runs (the main process's outbox). */
  outbox: OutboxState | null;
  /** Whether the host this page belongs to is still there (the browser host's tab can outlive it). */
  hostLink: HostLink;
}

export type ShellStore = ReturnType<typeof createShellStore>;

export function createShellStore() {
  return createStore<ShellState>()(() => ({
    phase: 'loading',
    startError: null,
    host: null,
    appVersion: '',
    auth: null,
    account: null,
    sync: null,
    refreshesPending: 0,
    settings: null,
    outbox: null,
    hostLink: 'up',
  }));
}

/** Keeps the signed-in account through its renewal (see ShellState.account). */
export function setAuth(shell: ShellStore, auth: AuthState): void {
  const account =
    auth.status === 'signed-in' || auth.status === 'reauth-required'
      ? { account: auth.account, credentialStore: auth.credentialStore }
      : auth.status === 'awaiting-pin'
        ? shell.getState().account
        : null;
  shell.setState({ auth, account });
}

/**
 * Why a write of this kind would be refused now, in words, or null: the main side's write gate answers
 * with the same refusal (shared/write-guard.ts); shown on the controls it disables.
 */
export function writeBlockedReason(s: ShellState, kind: WriteKind = 'queued'): string | null {
  const refusal = writeRefusal(
    {
      auth: s.auth?.status,
      connection: s.sync?.connection,
      offlineSince: s.sync?.offlineSince,
      renewing: isRenewing(s),
    },
    kind,
  );
  return refusal ? formatError(refusal) : null;
}

/** Signing in again to an account whose sign-in expired: its PIN step, with its data still shown. */
export function isRenewing(s: Pick<ShellState, 'auth' | 'account'>): boolean {
  return s.auth?.status === 'awaiting-pin' && s.account !== null;
}

/** The account whose data is shown: signed in, expired, or being signed in again. */
export function shownAccount(s: Pick<ShellState, 'auth' | 'account'>): ShellState['account'] {
  const a = s.auth;
  if (a?.status === 'signed-in' || a?.status === 'reauth-required') return s.account;
  return isRenewing(s) ? s.account : null;
}
