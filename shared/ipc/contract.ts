// The one typed contract between the renderer and the main process (after GitHub Desktop's
// app/src/lib/ipc-shared.ts). Both hosts speak it: Electron's IPC (preload + ipcMain) and the browser
// host (HTTP + server-sent events on 127.0.0.1). The main side validates every payload at runtime with the
// schemas below before any handler sees it; the renderer side gets types from the same map.
//
// What never crosses: consumer secret, access token, token secret, signatures. The renderer sees the
// account's base URL, the consumer key, the signed-in user and the account's data.

import type { z } from 'zod';
import type { AppError } from '../errors.js';
import type { Device, Id, KnownLanguage, SupportSession, Timestamp, User } from '../model.js';
import type { invokeSchemas } from './schemas.js';

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
  | { status: 'reauth-required'; account: AccountInfo; credentialStore: CredentialStore; reason: AppError };

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

export interface BulkMoveResult {
  moved: Id[];
  failed: Array<{ id: Id; error: AppError }>;
}

// ---- What the renderer may ask ------------------------------------------------------------------
// The runtime schemas live in schemas.ts (zod), which only the main side loads: the renderer bundle does
// not need a validator for what it sends itself.

export const INVOKE_CHANNELS = [
  'app:snapshot',
  'auth:begin',
  'auth:complete',
  'auth:cancel',
  'auth:sign-out',
  'sync:refresh',
  'devices:set-alias',
  'devices:move',
  'folders:create',
  'folders:rename',
  'folders:move',
  'folders:delete',
  'sessions:create',
  'sessions:update',
  'sessions:delete',
  'shell:open-external',
  'settings:update',
  'notifications:pause',
  'window:activity',
] as const;

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];
export type InvokeRequest<C extends InvokeChannel> = z.infer<(typeof invokeSchemas)[C]>;

export interface InvokeResponses {
  'app:snapshot': AppSnapshot;
  /** opened: the main process opened it in the system browser; otherwise the renderer offers a link. */
  'auth:begin': { authorizeUrl: string; opened: boolean };
  'auth:complete': AccountInfo;
  'auth:cancel': void;
  'auth:sign-out': void;
  'sync:refresh': void;
  'devices:set-alias': void;
  'devices:move': BulkMoveResult;
  'folders:create': { id: Id };
  'folders:rename': void;
  'folders:move': void;
  'folders:delete': void;
  'sessions:create': { id: Id };
  'sessions:update': void;
  'sessions:delete': void;
  'shell:open-external': void;
  'settings:update': Settings;
  'notifications:pause': Settings;
  'window:activity': void;
}
export type InvokeResponse<C extends InvokeChannel> = InvokeResponses[C];

/** Errors travel as data: Electron's IPC keeps only an exception's message. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

// ---- Events the main process pushes ---------------------------------------------------------------

export interface MainEvents {
  'auth:state': AuthState;
  'sync:state': SyncState;
  'data:change': DataChange;
  'settings:state': Settings;
  'notify:sessions': SessionNotice;
  /** A notification or the tray asked to show this session. */
  'ui:focus-session': { sessionId: Id };
}
export type EventChannel = keyof MainEvents;
export const EVENT_CHANNELS: readonly EventChannel[] = [
  'auth:state',
  'sync:state',
  'data:change',
  'settings:state',
  'notify:sessions',
  'ui:focus-session',
];

// ---- The two sides ---------------------------------------------------------------------------------

/** What the renderer holds: the preload's `window.supportConsole`, or the browser host's HTTP bridge. */
export interface Bridge {
  invoke<C extends InvokeChannel>(
    channel: C,
    payload: InvokeRequest<C>,
  ): Promise<IpcResult<InvokeResponse<C>>>;
  on<E extends EventChannel>(event: E, listener: (payload: MainEvents[E]) => void): () => void;
}

/** What the main process implements once; both hosts dispatch to it. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (payload: InvokeRequest<C>) => Promise<InvokeResponse<C>>;
};

export type EventSink = <E extends EventChannel>(event: E, payload: MainEvents[E]) => void;

/** The global name the preload exposes the bridge under. */
export const BRIDGE_GLOBAL = 'supportConsole';
