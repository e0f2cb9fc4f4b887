// The tray as data (the Electron glue turns it into icon, tooltip and menu): connection, the ongoing
// sessions and the next planned ones, each with its code so the technician can read it out on the phone.

import type { TraySession, TrayState } from '../core-port.js';
import type { AuthState, SyncState } from '../../shared/ipc/contract.js';
import type { KnownLanguage, SupportSession } from '../../shared/model.js';
import { sessionSummary } from '../../shared/model.js';

export type { TraySession, TrayState };

/** How many upcoming sessions the menu shows. */
export const TRAY_LIST_LIMIT = 10;

export function computeTrayState(
  auth: AuthState,
  sync: Pick<SyncState, 'connection'>,
  sessions: Iterable<SupportSession>,
  notificationsPausedUntil: string | null,
  language: KnownLanguage = 'en',
): TrayState {
  // A revoked sign-in shows as signed out: nothing is being watched until the technician signs in again.
  if (auth.status !== 'signed-in') {
    return { status: 'signed-out', ongoing: [], upcoming: [], notificationsPausedUntil, language };
  }
  const ongoing: SupportSession[] = [];
  const upcoming: SupportSession[] = [];
  for (const s of sessions) {
    if (s.state === 'ongoing') ongoing.push(s);
    else if (s.state === 'planned') upcoming.push(s);
  }
  const byTime = (key: 'initTime' | 'plannedInitTime') => (a: SupportSession, b: SupportSession) =>
    (a[key] ?? '\uffff').localeCompare(b[key] ?? '\uffff');
  ongoing.sort(byTime('initTime'));
  upcoming.sort(byTime('plannedInitTime'));
  return {
    status: sync.connection === 'offline' ? 'offline' : 'online',
    // All ongoing sessions (their count is the tray's headline; they are few); the next planned ones only.
    ongoing: ongoing.map(sessionSummary),
    upcoming: upcoming.slice(0, TRAY_LIST_LIMIT).map(sessionSummary),
    notificationsPausedUntil,
    language,
  };
}

/** Tells the host's tray when what it shows changed (compared by value: most changes do not touch it). */
export class TrayWatch {
  readonly #listeners = new Set<(state: TrayState) => void>();
  readonly #compute: () => TrayState;
  #last = '';

  constructor(compute: () => TrayState) {
    this.#compute = compute;
  }

  listen(listener: (state: TrayState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Something the tray is computed from changed: recompute, and tell the listeners if it differs. */
  check(): void {
    if (this.#listeners.size === 0) return;
    const state = this.#compute();
    const key = JSON.stringify(state);
    if (key === this.#last) return;
    this.#last = key;
    for (const listener of this.#listeners) listener(state);
  }

  clear(): void {
    this.#listeners.clear();
  }
}
