// The part of the application core (electron/core) that a host drives. Both hosts, the Electron glue and
// the browser host, are written against this slice only, so they can be tested with a small fake and do
// not depend on how the core does its work.

import type { AppSnapshot, EventSink, InvokeHandlers } from '../shared/ipc/contract.js';
import type { Id, KnownLanguage, Timestamp } from '../shared/model.js';

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

export interface HostedCore {
  readonly handlers: InvokeHandlers;
  subscribe(sink: EventSink): () => void;
  snapshot(): AppSnapshot | Promise<AppSnapshot>;
  /** The snapshot a renderer starts from; large device lists follow it as data:change parts. */
  rendererSnapshot(): AppSnapshot | Promise<AppSnapshot>;
  trayState(): TrayState;
  onTrayStateChange(listener: (state: TrayState) => void): () => void;
  setSuspended(suspended: boolean): void;
  setWindowActivity(activity: { visible: boolean; focused: boolean }): void;
  focusSession(id: Id): void;
  start(): Promise<void> | void;
  dispose(): Promise<void> | void;
}
