// The part of the application core (electron/core) that a host drives. Both hosts, the Electron glue and
// the browser host, are written against this slice only, so they can be tested with a small fake and do
// not depend on how the core does its work.

import type { AppSnapshot, EventSink, InvokeHandlers, SessionNotice } from '../shared/ipc/contract.js';
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
  /** The language the tray and notifications speak (the service's code: 'ge' is German). */
  language: KnownLanguage;
}

export interface HostedCore {
  readonly handlers: InvokeHandlers;
  subscribe(sink: EventSink): () => void;
  snapshot(): AppSnapshot | Promise<AppSnapshot>;
  trayState(): TrayState;
  onTrayStateChange(listener: (state: TrayState) => void): () => void;
  setSuspended(suspended: boolean): void;
  setWindowActivity(activity: { visible: boolean; focused: boolean }): void;
  focusSession(id: Id): void;
  start(): Promise<void> | void;
  dispose(): Promise<void> | void;
}

export type NoticeSink = (notice: SessionNotice) => void;
