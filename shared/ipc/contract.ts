// The one typed contract between the renderer and the main process (after GitHub Desktop's
// app/src/lib/ipc-shared.ts). Both hosts speak it: Electron's IPC (preload + ipcMain) and the browser
// host (HTTP + server-sent events on 127.0.0.1). The main side validates every payload at runtime with the
// schemas below before any handler sees it; the renderer side gets types from the same map.
//
// What never crosses: consumer secret, access token, token secret, signatures. The renderer sees the
// account's base URL, the consumer key, the signed-in user and the account's data.

import type { z } from 'zod';
import type { DeviceKey } from '../device-fields.js';
import type { AppError } from '../errors.js';
import type { Device, Id, KnownLanguage, SupportSession, Timestamp, User } from '../model.js';
import type { OutboxState } from '../outbox.js';
import type { OutageInfo, QuietHours, StatusNotice, Watch } from '../status-history.js';
import type { invokeTable } from './schemas.js';

// ---- Plain data the renderer receives ------------------------------------------------------------

export type DatasetName = 'folders' | 'devices' | 'sessions' | 'users';
export const DATASET_NAMES: readonly DatasetName[] = ['folders', 'devices', 'sessions', 'users'];

/** Folders travel flat; the renderer builds the tree (FolderTree) from parentId. */
export interface FolderNode {
  id: Id;
  name: string;
  /** null: directly under root. */
  parentId: Id | null;
  dateCreation: Timestamp | null;
}

export interface DatasetRecordMap {
  folders: FolderNode;
  devices: Device;
  sessions: SupportSession;
  users: User;
}

/**
 * A change to one dataset. `reset: true` replaces the renderer's copy with `added` (first load, cache load,
 * sign-in); otherwise it is a delta: records added, records changed (whole record), ids removed.
 * Polls that find nothing new send no change at all.
 */
export interface DataChange<D extends DatasetName = DatasetName> {
  dataset: D;
  reset: boolean;
  added: DatasetRecordMap[D][];
  changed: DatasetRecordMap[D][];
  removed: Id[];
  /** When this data was fetched from the service (not when it was sent). */
  fetchedAt: Timestamp | null;
  /**
   * Devices: the fields that differ across `changed` (changedFields of shared/device-fields.ts), when the
   * sender computed them; absent, the receiver compares the records itself.
   */
  changedFields?: DeviceKey[];
}

export interface AccountInfo {
  baseUrl: string;
  consumerKey: string;
  user: User;
}

export interface SignInDefaults {
  baseUrl: string;
  consumerKey: string;
  /** The main process holds a configured consumer secret (the demo's): the form may leave it blank. */
  hasConfiguredSecret: boolean;
  /** A demo service started by `npm start`: the sign-in it accepts, shown as a hint. */
  demoSignIn?: { email: string; password: string };
}

/** Where the credentials live for this account. 'memory': no keychain; gone when the app quits. */
export type CredentialStore = 'keychain' | 'memory';

export type AuthState =
  | { status: 'signed-out'; defaults: SignInDefaults; error?: AppError; keychainAvailable: boolean }
  /** Request token obtained, authorize page opened (or to be opened): waiting for the PIN. */
  | {
      status: 'awaiting-pin';
      defaults: SignInDefaults;
      baseUrl: string;
      consumerKey: string;
      authorizeUrl: string;
      error?: AppError;
      keychainAvailable: boolean;
    }
  | { status: 'signed-in'; account: AccountInfo; credentialStore: CredentialStore }
  /** A call got 401: the token was revoked or expired. Data stays browsable; writes wait for sign-in. */
  | {
      status: 'reauth-required';
      account: AccountInfo;
      credentialStore: CredentialStore;
      reason: AppError;
      /** What the sign-in form offers again (the demo account's hint among them). */
      defaults?: SignInDefaults;
    };

export interface DatasetStatus {
  /** When the data now held was fetched from the service; null: never (nothing, or cache only). */
  fetchedAt: Timestamp | null;
  refreshing: boolean;
  /** The last refresh's failure, cleared by the next success. */
  error: AppError | null;
  nextRefreshAt: Timestamp | null;
}

export interface SyncState {
  connection: 'online' | 'offline' | 'connecting' | 'idle';
  /** Since when the service has been unreachable; null while online. */
  offlineSince: Timestamp | null;
  /** When the cached snapshot now shown was saved, while nothing fresher has arrived. */
  cacheSavedAt: Timestamp | null;
  /** A sentence about the cache to show once (e.g. an old or corrupt cache discarded). */
  cacheNotice: string | null;
  datasets: Record<DatasetName, DatasetStatus>;
  /** Progress of long work, e.g. the first sync of a large account. */
  progress: { label: string; done: number; total: number } | null;
}

export interface Settings {
  /** Minutes before a planned start to remind; 0 disables reminders. */
  reminderLeadMinutes: number;
  notificationsEnabled: boolean;
  /** Notifications paused until then (the tray's "pause for an hour"). */
  notificationsPausedUntil: Timestamp | null;
  theme: 'system' | 'light' | 'dark';
  /** 'account': the signed-in user's language on the service (English when it has none). */
  language: 'account' | KnownLanguage;
  /**
   * The clock times are shown on: this computer's zone, or the account's (the service's time_zone). A time
   * not on this computer's clock always names its zone.
   */
  displayZone: 'computer' | 'account';
}

/** Sessions that started or are about to: native notification in Electron, in-page in the browser host. */
export interface SessionNotice {
  kind: 'started' | 'reminder';
  sessions: Array<Pick<SupportSession, 'id' | 'code' | 'customer' | 'plannedInitTime' | 'initTime'>>;
  /** For a reminder: minutes until the first planned start. The words are made where the notice is shown
   * (shared/i18n/notice-text.ts), in the technician's language. */
  minutes?: number;
}

export type HostKind = 'electron' | 'browser';

export interface AppSnapshot {
  host: HostKind;
  appVersion: string;
  auth: AuthState;
  sync: SyncState;
  settings: Settings;
  data: { [D in DatasetName]: DatasetRecordMap[D][] };
}

/**
 * The saved views of one account as the main process stores them: opaque to it beyond their ids and
 * names (the condition language is the renderer's, which validates each view when it loads them).
 */
export interface StoredViews {
  views: Array<{ id: string; name: string; [field: string]: unknown }>;
}

export interface BulkMoveResult {
  moved: Id[];
  failed: Array<{ id: Id; error: AppError }>;
}

// ---- Status history, outages and watches (issue 11) ------------------------------------------------

/** A stretch of one status on a timeline; 'unknown': the console could not see the service then. */
export interface HistoryBar {
  start: number;
  end: number;
  status: string;
}

export interface HistoryTransition {
  deviceId: Id;
  from: string | null;
  to: string | null;
  /** ms since the epoch (the poll's time). */
  at: number;
}

export interface DeviceHistory {
  deviceId: Id;
  /** The status the history holds now and since when (ms); null: not recorded yet. */
  status: string | null;
  since: number | null;
  /** false: "since at least" (first seen already so). */
  sinceExact: boolean;
  flapping: boolean;
  from: number;
  to: number;
  bars: HistoryBar[];
  uptimePercent: number | null;
  /** Newest first, at most 200. */
  transitions: HistoryTransition[];
  watched: boolean;
}

export interface HistorySeries {
  /** Point times (ms) and, per status, the devices in it at that time (null: not known then). */
  t: number[];
  online: Array<number | null>;
  offline: Array<number | null>;
  busy: Array<number | null>;
}

export interface HistoryOverview {
  now: number;
  counts: { online: number; offline: number; busy: number };
  day: HistorySeries;
  week: HistorySeries;
  mostOffline: Array<{ folderId: Id; name: string; offline: number; total: number }>;
  outages: OutageInfo[];
  /** Newest first. */
  recent: HistoryTransition[];
}

export interface WatchSettings {
  watches: Watch[];
  quietHours: QuietHours | null;
}

// ---- What the renderer may ask ------------------------------------------------------------------
// The runtime schemas live in schemas.ts (zod), which only the main side loads: the renderer bundle does
// not need a validator for what it sends itself.

/** A type carried by a table entry for the compiler only: nothing of it exists at run time. */
export interface Reply<T> {
  readonly __reply?: T;
}
export function reply<T>(): Reply<T> {
  return {};
}
type ReplyOf<R> = R extends Reply<infer T> ? T : never;

type InvokeTable = typeof invokeTable;
export type InvokeChannel = keyof InvokeTable;
export type InvokeRequest<C extends InvokeChannel> = z.infer<InvokeTable[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = ReplyOf<InvokeTable[C]['response']>;

/** Errors travel as data: Electron's IPC keeps only an exception's message. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** What Settings shows about updates (electron/core/updater.ts decides them; off says why they are off). */
export interface UpdateStatus {
  feedUrl: string | null;
  off: 'development' | 'browser-host' | 'no-feed' | null;
  lastCheck:
    | { at: Timestamp; outcome: 'up-to-date'; version: string | null }
    | { at: Timestamp; outcome: 'downloading' | 'downloaded'; version: string }
    | { at: Timestamp; outcome: 'failed'; message: string }
    | null;
}

// ---- Events the main process pushes ---------------------------------------------------------------

/** Every event the main process pushes, once, with its payload type. */
export const eventTable = {
  'auth:state': reply<AuthState>(),
  'sync:state': reply<SyncState>(),
  /**
   * One dataset's status when nothing else in SyncState changed (a poll's end): what an idle poll sends,
   * a fraction of the whole state.
   */
  'sync:dataset': reply<{ dataset: DatasetName; status: DatasetStatus }>(),
  'data:change': reply<DataChange>(),
  'settings:state': reply<Settings>(),
  'notify:sessions': reply<SessionNotice>(),
  /** Status notices of a poll (went offline, came back, outages), batched, already muted as needed. */
  'notify:status': reply<StatusNotice>(),
  /**
   * The status history recorded a change of some device's since or flapping (its change log moved): the
   * renderer asks history:since for what is new. Sent only when it moved, so an idle poll sends nothing.
   */
  'history:moved': reply<{ epoch: string; cursor: number }>(),
  /** A notification or the tray asked to show this session. */
  'ui:focus-session': reply<{ sessionId: Id }>(),
  /** Outbox and bulk changes (issue 12): pending count, conflicts and bulk progress (≤ ~10 a second). */
  'outbox:state': reply<OutboxState>(),
};
export type MainEvents = { [E in keyof typeof eventTable]: ReplyOf<(typeof eventTable)[E]> };
export type EventChannel = keyof MainEvents;
export const EVENT_CHANNELS = Object.keys(eventTable) as EventChannel[];

// ---- The two sides ---------------------------------------------------------------------------------

/** What the renderer holds: the preload's `window.supportConsole`, or the browser host's HTTP bridge. */
export interface Bridge {
  invoke<C extends InvokeChannel>(
    channel: C,
    payload: InvokeRequest<C>,
  ): Promise<IpcResult<InvokeResponse<C>>>;
  on<E extends EventChannel>(event: E, listener: (payload: MainEvents[E]) => void): () => void;
  /**
   * Whether the host this page belongs to is still there (the browser host only: Electron's window and its
   * main process end together). 'gone': nothing answers; 'replaced': a later start answers, and does not
   * know this page's launch.
   */
  onHostLink?(listener: (link: HostLink) => void): () => void;
}

export type HostLink = 'up' | 'gone' | 'replaced';

/** What the main process implements once; both hosts dispatch to it. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (payload: InvokeRequest<C>) => Promise<InvokeResponse<C>>;
};

export type EventSink = <E extends EventChannel>(event: E, payload: MainEvents[E]) => void;

/** The global name the preload exposes the bridge under. */
export const BRIDGE_GLOBAL = 'supportConsole';
