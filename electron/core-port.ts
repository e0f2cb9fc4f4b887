// The part of the application core (electron/core) that a host drives. Both hosts, the Electron glue and
// the browser host, are written against this slice only, so they can be tested with a small fake and do
// not depend on how the core does its work. The glue reaches the core through this file only (a lint rule
// in eslint.config.js says so).

import type { AppSnapshot, EventSink, InvokeHandlers } from '../shared/ipc/contract.js';
import type { Id, KnownLanguage, Timestamp } from '../shared/model.js';
import type { StatusTarget } from '../shared/status-history.js';

/** The window as an account sees it. */
export interface WindowActivity {
  visible: boolean;
  focused: boolean;
}

export interface TraySession {
  id: Id;
  code: string | null;
  customer: string | null;
  plannedInitTime: Timestamp | null;
  initTime: Timestamp | null;
}

/** What the tray shows: icon, tooltip and menu are all derived from this. */
export interface TrayState {
  status: 'signed-out' | 'online' | 'offline';
  ongoing: TraySession[];
  upcoming: TraySession[];
  notificationsPausedUntil: Timestamp | null;
  /** The account's devices as the status history sees them (issue 11); absent while signed out. */
  devices?: TrayDevices;
  /** The language the tray and notifications speak (the service's code: 'ge' is German). */
  language: KnownLanguage;
  /**
   * Every account, when the console holds several (issue 28; electron/core/accounts/): each one's status,
   * counts and watched devices that are down. The rest of the state is the account on screen's.
   */
  accounts?: AccountTray[];
}

export interface AccountTray {
  id: string;
  name: string;
  status: TrayState['status'];
  devices?: TrayDevices;
}

export interface TrayDevices {
  online: number;
  offline: number;
  busy: number;
  outages: Array<{ folderId: Id; name: string | null; devices: number; size: number }>;
  /** Watched devices now offline, the first few, and how many in all. */
  watchedDown: Array<{ id: Id; label: string | null }>;
  watchedDownTotal: number;
}

/** A snapshot but its devices: what a core holds itself and answers at once (the devices' owner lists them). */
export type CoreState = Omit<AppSnapshot, 'data'> & { data: Omit<AppSnapshot['data'], 'devices'> };

export interface HostedCore {
  readonly handlers: InvokeHandlers;
  subscribe(sink: EventSink): () => void;
  snapshot(): AppSnapshot | Promise<AppSnapshot>;
  /** All but the devices (auth, sync, settings, the other datasets), at once: nothing to list. */
  state(): CoreState;
  /** The snapshot a renderer starts from; large device lists follow it as data:change parts. */
  rendererSnapshot(): AppSnapshot | Promise<AppSnapshot>;
  trayState(): TrayState;
  onTrayStateChange(listener: (state: TrayState) => void): () => void;
  setSuspended(suspended: boolean): void;
  /**
   * The tray's "Refresh now": every account the console holds, as the tray lists them all, not only the one
   * on screen. Never rejects: an account signed out has nothing to refresh, and one whose refresh fails says
   * so in its own connection state (the tray's line for it, the window's status bar).
   */
  refreshAll(): Promise<void>;
  setWindowActivity(activity: WindowActivity): void;
  /** `account`: the session's account, when the console holds several; it is shown first. */
  focusSession(id: Id, account?: string): void;
  /** Shows a device (selected, details open) or a folder (selected in the tree) in the window. */
  openTarget(target: StatusTarget): void;
  start(): Promise<void> | void;
  dispose(): Promise<void> | void;
}

// ---- What the Electron glue builds around the core ------------------------------------------------
// electron-updater exists only in the glue; the policy it follows (feed, schedule, last check) is plain
// Node in the core, and so are the clock and logger the glue hands it.
export { LastCheckStore, PACKAGED_FEED_KEY, UpdateScheduler, resolveUpdateConfig } from './core/updater.js';
export type { UpdateCheckOutcome } from './core/updater.js';
export { restartQuestion } from './core/update-question.js';
export { systemClock } from './core/clock.js';
export { DevicesPartChange } from './core/devices-part.js';
export { createLogger } from './core/logger.js';
