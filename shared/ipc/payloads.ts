// What the channels carry: the plain data both processes exchange, with no channel in sight. The
// invoke table (schemas.ts) and the event table (contract.ts) name these; contract.ts derives the
// channels from the tables and re-exports all of this, so callers keep importing from contract.ts.

import type { DeviceKey } from '../device-fields.js';
import type { AppError } from '../errors.js';
import type { Device, Id, KnownLanguage, SupportSession, Timestamp, User } from '../model.js';
import type { OutageInfo, QuietHours, SinceRows, Watch } from '../status-history.js';

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
  /**
   * Devices: the status history's rows that moved, sent behind the devices' changes in the same stream
   * (after a poll's parts once the history has recorded it; the whole map after a renderer's snapshot).
   * A change may carry rows alone, with no record.
   */
  since?: SinceRows;
}

/** One account of the console as the account menu, the switcher and the Overview see it (issue 28). */
export interface AccountSummary {
  id: string;
  name: string;
  auth: AuthState['status'];
  /** Whose account it is, once signed in (or its copy is shown): base URL and user's name. */
  baseUrl: string | null;
  userName: string | null;
  connection: SyncState['connection'];
  offlineSince: Timestamp | null;
  /** The devices as its status history sees them; null while signed out or not yet polled. */
  devices: { online: number; offline: number; busy: number } | null;
  outages: number;
  watchedDown: number;
}

export interface AccountsState {
  /** The account on screen. */
  active: string;
  /** In the order the technician added them: Ctrl+1…9 reach the first nine. */
  accounts: AccountSummary[];
}

/** A device of an account not on screen, found by the search across accounts (accounts:search). */
export interface AccountDeviceHit {
  /** The account it belongs to: an Account column of its own wherever hits are listed. */
  account: { id: string; name: string };
  device: Pick<Device, 'id' | 'name' | 'alias' | 'ip' | 'status'>;
}

/**
 * The devices of one account not on screen that a saved view spanning accounts shows
 * (accounts:view-matches): the first `devices` in the asked order, and how many match in all.
 */
export interface AccountViewMatches {
  account: { id: string; name: string };
  /** Where the rows come from: the account's live copy, or its offline copy (no service, or signed out). */
  copy: 'live' | 'offline' | 'signed-out';
  total: number;
  devices: Array<Pick<Device, 'id' | 'name' | 'alias' | 'ip' | 'os' | 'status'>>;
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
  /** Days of status history kept; older days are deleted (electron/core/status-history/segments.ts). */
  historyRetentionDays: number;
}

/** Sessions that started or are about to: native notification in Electron, in-page in the browser host. */
export interface SessionNotice {
  /** The account they belong to, named when the console holds several (issue 28). */
  account?: { id: string; name: string };
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

/** What the status history costs on disk (Settings shows it beside the retention). */
export interface HistoryUsage {
  /** Bytes of the signed-in account's history on disk now. */
  bytes: number;
  /** Days on disk (one file each); bytes / days is what a day costs. */
  days: number;
  retentionDays: number;
}

export interface WatchSettings {
  watches: Watch[];
  quietHours: QuietHours | null;
}

/** What Settings shows about updates (electron/core/updater.ts decides them; off says why they are off). */
export interface UpdateStatus {
  feedUrl: string | null;
  off: 'development' | 'browser-host' | 'no-feed' | null;
  lastCheck:
    | { at: Timestamp; outcome: 'up-to-date'; version: string | null }
    | { at: Timestamp; outcome: 'downloading' | 'downloaded'; version: string }
    /** `message` is the updater's own technical text; the sentence around it is the reader's language. */
    | { at: Timestamp; outcome: 'failed'; stage: 'check' | 'update'; message: string }
    | null;
}

/** Errors travel as data: Electron's IPC keeps only an exception's message. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

// ---- How a table entry names its reply ---------------------------------------------------------

/** A type carried by a table entry for the compiler only: nothing of it exists at run time. */
export interface Reply<T> {
  readonly __reply?: T;
}
export function reply<T>(): Reply<T> {
  return {};
}
export type ReplyOf<R> = R extends Reply<infer T> ? T : never;
