// What a core in this process answers beyond the hosts' HostedCore (core-port.ts): the command line, the
// accounts layer and the tests hold one by these. The composition is app-core.ts.

import type { AppSnapshot } from '../../shared/ipc/contract.js';
import type { Device, Folder, Id } from '../../shared/model.js';
import type { SinceRow } from '../../shared/status-history.js';
import type { HostedCore } from '../core-port.js';
import type { ViewMatched, ViewQuery } from './device-view-match.js';

/** HostedCore in this process. */
export interface AppCore extends HostedCore {
  /** Everything; the devices as their owner lists them (all of them: the command line, tests). */
  snapshot(): Promise<AppSnapshot>;
  rendererSnapshot(): Promise<AppSnapshot>;
  /** A device's since row as the table has it (the command line's views); undefined: not known. */
  sinceOf(id: Id): SinceRow | undefined;
  /** Resolves once the status history is open (the command line's opens at its first use). */
  historyReady(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once the account's offline copy is wholly open (a copy opens its first screen first). */
  opened(): Promise<void>;
  dispose(): Promise<void>;
}

/** One account's core as the accounts layer holds it: it also answers what is asked across accounts. */
export interface AccountCore extends AppCore {
  /** The few devices holding every word, best first, found by their owner (a search of another account). */
  searchDevices(words: readonly string[]): Promise<Device[]>;
  /** A saved view's matches among the devices, matched by their owner (a view spanning accounts). */
  matchView(query: ViewQuery): Promise<ViewMatched>;
  /** Its folders (a saved view spanning accounts matches folder conditions with them). */
  folders(): Iterable<Folder>;
  /** Another account is on screen until this one's next snapshot: its since rows are not made meanwhile. */
  offScreen(): void;
}
