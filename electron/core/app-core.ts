// The application core: everything the main process does, in plain Node, behind the typed IPC contract.
// Both hosts (the Electron glue and the browser host) create one with createAppCore and dispatch to its
// handlers; they turn trayState() into a tray and `notify` into native or in-page notices.

import type { HostedCore } from '../core-port.js';
import type { OAuthCredentials, ServiceApi } from '../../shared/client/api.js';
import type { AppError } from '../../shared/errors.js';
import type {
  AccountInfo,
  AppSnapshot,
  AuthState,
  CredentialStore,
  DataChange,
  DatasetName,
  EventSink,
  HostKind,
  InvokeHandlers,
  MainEvents,
  SessionNotice,
  Settings,
  SignInDefaults,
  SyncState,
} from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import { toAppError } from '../../shared/ipc/dispatch.js';
import type { Id, User } from '../../shared/model.js';
import type { OAuthConsumer, OAuthToken } from '../../shared/oauth/types.js';
import { AccountRecordStore } from './account-record.js';
import type { Clock, TimerHandle } from './clock.js';
import { humanTime, isoAt, systemClock } from './clock.js';
import type { DevicesDecoder } from './devices-decoder.js';
import { createDevicesDecoder } from './devices-decoder.js';
import { defaultServicePorts } from './default-ports.js';
import type { Logger } from './logger.js';
import { createLogger } from './logger.js';
import { NotifiedStore } from './notified-store.js';
import { OfflineCache, accountKey } from './offline-cache.js';
import { Picture } from './picture.js';
import type { ServicePorts } from './service-ports.js';
import type { SchedulerMemory } from './session-scheduler.js';
import { emptyMemory, evaluateSessions } from './session-scheduler.js';
import { SettingsStore } from './settings-store.js';
import { SyncEngine } from './sync-engine.js';
import type { TrayState } from './tray-state.js';
import { computeTrayState } from './tray-state.js';
import { uiLanguageOf, type UiLanguage } from '../../shared/i18n/translator.js';
import type { CredentialVault, StoredCredentials } from './vault.js';
import { MemoryVault, vaultAccount } from './vault.js';
import { AppErrorThrown, Writes } from './writes.js';

export interface AppCoreDefaults {
  baseUrl: string;
  consumerKey: string;
  /** The demo's consumer secret, held by the main process only; used when the form leaves it blank. */
  consumerSecret?: string;
  demoSignIn?: { email: string; password: string };
}

export interface AppCoreOptions {
  /** Where the account record, settings, notified sessions and the offline cache live. */
  dataDir: string;
  host: HostKind;
  appVersion: string;
  /** The OS keychain (KeyringVault) normally; anything implementing CredentialVault in tests. */
  vault: CredentialVault;
  /** Opens a URL in the system browser; resolves whether it did. Absent: the renderer offers a link. */
  openExternal?: (url: string) => Promise<boolean>;
  /** A batched session notice to show (native notification, in-page notice). */
  notify: (notice: SessionNotice) => void;
  clock?: Clock;
  defaults: AppCoreDefaults;
  /** The fetch the service client and the token flow use (default: global fetch). */
  fetch?: typeof fetch;
  /** Token flow and service client; default: the real ones of shared/oauth and shared/client. */
  services?: ServicePorts;
  /** Decode devices documents in a worker thread (default true). */
  decodeInWorker?: boolean;
  /** Randomness of the backoff jitter (tests pin it). */
  random?: () => number;
  logger?: Logger;
  /** Delay before the offline copy is written after a change (default 3 s). */
  cacheSaveDelayMs?: number;
}

export interface AppCore extends HostedCore {
  readonly handlers: InvokeHandlers;
  subscribe(sink: EventSink): () => void;
  snapshot(): AppSnapshot;
  trayState(): TrayState;
  onTrayStateChange(listener: (state: TrayState) => void): () => void;
  setSuspended(suspended: boolean): void;
  setWindowActivity(activity: { visible: boolean; focused: boolean }): void;
  focusSession(id: Id): void;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

interface Account {
  baseUrl: string;
  consumerKey: string;
  user: User;
  credentials: StoredCredentials;
  store: CredentialStore;
  vault: CredentialVault;
}

interface PendingSignIn {
  baseUrl: string;
  consumer: OAuthConsumer;
  requestToken: OAuthToken;
  authorizeUrl: string;
  memoryOnly: boolean;
}

const CACHE_TIMESTAMP_REFRESH_MS = 5 * 60_000;

const KEYCHAIN_MISSING: AppError = {
  kind: 'keychain',
  key: 'error.app.keychainMissing',
  message:
    "This computer's keychain is not available, so your sign-in cannot be remembered. " +
    'You can continue for this run only (you will sign in again after quitting).',
};

const SAVED_SIGN_IN_MISSING: AppError = {
  kind: 'keychain',
  key: 'error.app.savedSignInMissing',
  message:
    "Your saved sign-in was not found in this computer's keychain (it may have been removed or reset), " +
    'so you need to sign in again. The offline copy of that account was removed with it.',
};

export function createAppCore(options: AppCoreOptions): AppCore {
  return new Core(options);
}

class Core implements AppCore {
  readonly handlers: InvokeHandlers;
  readonly #o: AppCoreOptions;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #sinks = new Set<EventSink>();
  readonly #trayListeners = new Set<(state: TrayState) => void>();
  readonly #picture = new Picture();
  readonly #accounts: AccountRecordStore;
  readonly #settingsStore: SettingsStore;
  readonly #notified: NotifiedStore;
  readonly #writes: Writes;
  #settings: Settings = {
    reminderLeadMinutes: 10,
    notificationsEnabled: true,
    notificationsPausedUntil: null,
    theme: 'system',
    language: 'account',
    displayZone: 'computer',
  };
  #keychainAvailable = false;
  #auth: AuthState;
  #account: Account | null = null;
  #pending: PendingSignIn | null = null;
  #api: ServiceApi | null = null;
  #engine: SyncEngine | null = null;
  #cache: OfflineCache | null = null;
  #cacheTimer: TimerHandle | null = null;
  #cacheSaving: Promise<void> = Promise.resolve();
  #notifiedSaving: Promise<void> = Promise.resolve();
  #freshSinceCache = new Set<DatasetName>();
  #memory: SchedulerMemory = emptyMemory();
  #reminderTimer: TimerHandle | null = null;
  #decoder: DevicesDecoder | null = null;
  readonly #services: ServicePorts;
  #suspended = false;
  #activity = { visible: true, focused: false };
  #lastTray = '';
  #lastCacheSaveAt = 0;
  #disposed = false;

  constructor(options: AppCoreOptions) {
    this.#o = options;
    this.#clock = options.clock ?? systemClock;
    this.#log = options.logger ?? createLogger();
    this.#services =
      options.services ??
      defaultServicePorts({
        now: () => this.#clock.now(),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    this.#accounts = new AccountRecordStore(options.dataDir);
    this.#settingsStore = new SettingsStore(options.dataDir);
    this.#notified = new NotifiedStore(options.dataDir);
    this.#auth = { status: 'signed-out', defaults: this.#signInDefaults(), keychainAvailable: false };
    this.#writes = new Writes({
      picture: this.#picture,
      engine: () => this.#engine,
      api: () => this.#requireApi(),
      ensureWritable: () => this.#ensureWritable(),
      emit: (change) => this.#onChange(change),
    });
    this.handlers = this.#makeHandlers();
  }

  // ---- host API ----------------------------------------------------------------------------------------

  subscribe(sink: EventSink): () => void {
    this.#sinks.add(sink);
    return () => this.#sinks.delete(sink);
  }

  snapshot(): AppSnapshot {
    return {
      host: this.#o.host,
      appVersion: this.#o.appVersion,
      auth: this.#auth,
      sync: this.#syncState(),
      settings: { ...this.#settings },
      data: {
        folders: this.#picture.list('folders'),
        devices: this.#picture.list('devices'),
        sessions: this.#picture.list('sessions'),
        users: this.#picture.list('users'),
      },
    };
  }

  trayState(): TrayState {
    return computeTrayState(
      this.#auth,
      this.#syncState(),
      this.#picture.maps.sessions.values(),
      this.#settings.notificationsPausedUntil,
      this.#uiLanguage(),
    );
  }

  /** The language main formats the tray and notifications in: the Settings choice, or the user's own. */
  #uiLanguage(): UiLanguage {
    if (this.#settings.language !== 'account') return this.#settings.language;
    const user =
      this.#auth.status === 'signed-in' || this.#auth.status === 'reauth-required'
        ? this.#auth.account.user
        : null;
    return uiLanguageOf(user?.language);
  }

  onTrayStateChange(listener: (state: TrayState) => void): () => void {
    this.#trayListeners.add(listener);
    return () => this.#trayListeners.delete(listener);
  }

  setSuspended(suspended: boolean): void {
    this.#suspended = suspended;
    this.#engine?.setSuspended(suspended);
    if (!suspended) this.#evaluateSessions();
  }

  setWindowActivity(activity: { visible: boolean; focused: boolean }): void {
    this.#activity = { ...activity };
    this.#engine?.setActivity(activity);
  }

  focusSession(id: Id): void {
    this.#emit('ui:focus-session', { sessionId: id });
  }

  async start(): Promise<void> {
    this.#settings = await this.#settingsStore.load();
    this.#keychainAvailable = (await this.#o.vault.probe()).available;
    this.#setAuth({
      status: 'signed-out',
      defaults: this.#signInDefaults(),
      keychainAvailable: this.#keychainAvailable,
      ...(this.#keychainAvailable ? {} : { error: KEYCHAIN_MISSING }),
    });
    this.#emit('settings:state', { ...this.#settings });
    const record = await this.#accounts.load();
    if (!record || !this.#keychainAvailable) return;
    let credentials: StoredCredentials | null;
    try {
      credentials = await this.#o.vault.read(vaultAccount(record.baseUrl, record.userId));
    } catch (error) {
      this.#log.warn('keychain read failed on resume', { error });
      this.#setAuth({
        ...this.#signedOut(),
        error: { kind: 'keychain', message: toAppError(error).message },
      });
      return;
    }
    if (!credentials) {
      // The entry was removed outside the app (keychain reset, another tool, a new login keyring). Without
      // its secrets the account cannot be resumed; its record and offline copy are left from a sign-in that
      // no longer exists, so they go too (a copy nobody can refresh or sign out of would linger on disk).
      this.#log.warn('saved sign-in not found in the keychain: signed out');
      await this.#accounts.clear().catch(() => {});
      await new OfflineCache(this.#o.dataDir, record.baseUrl, record.userId).clear().catch(() => {});
      await this.#notified.clear().catch(() => {});
      this.#setAuth({ ...this.#signedOut(), error: SAVED_SIGN_IN_MISSING });
      return;
    }
    const cache = new OfflineCache(this.#o.dataDir, record.baseUrl, record.userId);
    const loaded = await cache.load();
    const cachedUser = loaded.status === 'loaded' ? loaded.picture.currentUser : null;
    const user: User = cachedUser ?? placeholderUser(record.userId);
    await this.#enterAccount(
      {
        baseUrl: record.baseUrl,
        consumerKey: record.consumerKey,
        user,
        credentials,
        store: 'keychain',
        vault: this.#o.vault,
      },
      { cache, loaded },
    );
  }

  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#engine?.stop();
    this.#clearReminderTimer();
    if (this.#cacheTimer !== null) {
      this.#clock.clearTimeout(this.#cacheTimer);
      this.#cacheTimer = null;
      await this.#saveCache();
    }
    await this.#cacheSaving;
    await this.#notifiedSaving;
    await this.#decoder?.close();
    this.#sinks.clear();
    this.#trayListeners.clear();
  }

  // ---- handlers ----------------------------------------------------------------------------------------

  #makeHandlers(): InvokeHandlers {
    return {
      'app:snapshot': async () => this.snapshot(),
      'auth:begin': (p) => this.#begin(p),
      'auth:complete': (p) => this.#complete(p.pin),
      'auth:cancel': async () => this.#cancel(),
      'auth:sign-out': () => this.#signOut(),
      'sync:refresh': async (p) => {
        if (!this.#engine?.running) throw new AppErrorThrown(this.#notWritableError());
        await this.#engine.refresh(p.datasets ?? DATASET_NAMES);
      },
      'devices:set-alias': (p) => this.#writes.setAlias(p),
      'devices:move': (p) => this.#writes.moveDevices(p),
      'folders:create': (p) => this.#writes.createFolder(p),
      'folders:rename': (p) => this.#writes.renameFolder(p),
      'folders:move': (p) => this.#writes.moveFolder(p),
      'folders:delete': (p) => this.#writes.deleteFolder(p),
      'sessions:create': (p) => this.#writes.createSession(p),
      'sessions:update': (p) => this.#writes.updateSession(p),
      'sessions:delete': (p) => this.#writes.deleteSession(p),
      'shell:open-external': async ({ url }) => {
        if (!this.#allowedOrigin(url)) {
          throw new AppErrorThrown({
            kind: 'not-allowed',
            key: 'error.app.linkNotAllowed',
            message: "Only pages of the account's own service open from here.",
          });
        }
        if (!this.#o.openExternal || !(await this.#o.openExternal(url))) {
          throw new AppErrorThrown({
            kind: 'not-allowed',
            key: 'error.app.linkFailed',
            message: 'The link could not be opened here; open it in your browser.',
          });
        }
      },
      'settings:update': async (p) => {
        const next = { ...this.#settings };
        if (p.reminderLeadMinutes !== undefined) next.reminderLeadMinutes = p.reminderLeadMinutes;
        if (p.notificationsEnabled !== undefined) next.notificationsEnabled = p.notificationsEnabled;
        if (p.theme !== undefined) next.theme = p.theme;
        if (p.language !== undefined) next.language = p.language;
        if (p.displayZone !== undefined) next.displayZone = p.displayZone;
        return this.#updateSettings(next);
      },
      'notifications:pause': async ({ minutes }) =>
        this.#updateSettings({
          ...this.#settings,
          notificationsPausedUntil: minutes === 0 ? null : isoAt(this.#clock.now() + minutes * 60_000),
        }),
      'window:activity': async (p) => this.setWindowActivity(p),
    };
  }

  // ---- sign-in -----------------------------------------------------------------------------------------

  async #begin(p: { baseUrl: string; consumerKey: string; consumerSecret: string; memoryOnly?: boolean }) {
    const baseUrl = p.baseUrl.replace(/\/+$/, '');
    const consumerKey = p.consumerKey.trim();
    const configured =
      this.#o.defaults.consumerSecret !== undefined &&
      baseUrl === this.#o.defaults.baseUrl.replace(/\/+$/, '') &&
      consumerKey === this.#o.defaults.consumerKey
        ? this.#o.defaults.consumerSecret
        : undefined;
    const secret = p.consumerSecret !== '' ? p.consumerSecret : configured;
    if (secret === undefined) {
      throw new AppErrorThrown({
        kind: 'validation',
        field: 'consumerSecret',
        key: 'error.app.consumerSecretRequired',
        message: 'Enter the consumer secret.',
      });
    }
    const memoryOnly = p.memoryOnly === true;
    if (!memoryOnly && !this.#keychainAvailable) {
      // Probe again: the keychain may have been unlocked since.
      this.#keychainAvailable = (await this.#o.vault.probe()).available;
      if (!this.#keychainAvailable) throw new AppErrorThrown(KEYCHAIN_MISSING);
    }
    const consumer = { key: consumerKey, secret };
    let requestToken: OAuthToken;
    try {
      requestToken = await this.#ports().tokenFlow.requestToken(baseUrl, consumer);
    } catch (error) {
      const appError = toAppError(error);
      this.#log.warn('request token refused', { kind: appError.kind });
      if (this.#auth.status === 'signed-out' || this.#auth.status === 'awaiting-pin') {
        this.#setAuth({ ...this.#signedOut(), error: appError });
      }
      throw new AppErrorThrown(appError);
    }
    const authorizeUrl = this.#ports().tokenFlow.authorizeUrl(baseUrl, requestToken.token);
    this.#pending = { baseUrl, consumer, requestToken, authorizeUrl, memoryOnly };
    this.#setAuth({
      status: 'awaiting-pin',
      defaults: this.#signInDefaults(),
      baseUrl,
      consumerKey,
      authorizeUrl,
      keychainAvailable: this.#keychainAvailable,
    });
    let opened = false;
    if (this.#o.openExternal && sameOrigin(authorizeUrl, baseUrl)) {
      opened = await this.#o.openExternal(authorizeUrl).catch(() => false);
    }
    return { authorizeUrl, opened };
  }

  async #complete(pin: string): Promise<AccountInfo> {
    const pending = this.#pending;
    if (!pending) {
      throw new AppErrorThrown({
        kind: 'validation',
        key: 'error.app.pinWithoutSignIn',
        message: 'Start signing in first: the PIN belongs to a sign-in in progress.',
      });
    }
    let access: OAuthToken;
    let user: User;
    let credentials: StoredCredentials;
    let api: ServiceApi;
    try {
      access = await this.#ports().tokenFlow.accessToken(
        pending.baseUrl,
        pending.consumer,
        pending.requestToken,
        pin,
      );
      credentials = {
        consumerSecret: pending.consumer.secret,
        token: access.token,
        tokenSecret: access.secret,
      };
      api = this.#createClient(pending.baseUrl, pending.consumer.key, credentials);
      user = await api.getCurrentUser();
    } catch (error) {
      const appError = toAppError(error);
      this.#setAuth({ ...(this.#auth as Extract<AuthState, { status: 'awaiting-pin' }>), error: appError });
      throw new AppErrorThrown(appError);
    }
    const store: CredentialStore = pending.memoryOnly ? 'memory' : 'keychain';
    const vault = pending.memoryOnly ? new MemoryVault() : this.#o.vault;
    try {
      await vault.write(vaultAccount(pending.baseUrl, user.id), credentials);
    } catch (error) {
      this.#keychainAvailable = false;
      const appError: AppError = {
        ...KEYCHAIN_MISSING,
        message: `${toAppError(error).message} ${KEYCHAIN_MISSING.message}`,
      };
      this.#pending = null;
      this.#setAuth({ ...this.#signedOut(), error: appError });
      throw new AppErrorThrown(appError);
    }
    this.#pending = null;
    if (store === 'keychain') {
      await this.#accounts
        .save({ baseUrl: pending.baseUrl, consumerKey: pending.consumer.key, userId: user.id })
        .catch((error) => this.#log.warn('account record not saved', { error }));
    }
    const account: Account = {
      baseUrl: pending.baseUrl,
      consumerKey: pending.consumer.key,
      user,
      credentials,
      store,
      vault,
    };
    const previous = this.#account;
    const same =
      previous !== null && previous.baseUrl === account.baseUrl && previous.user.id === account.user.id;
    if (same) {
      // Signing in again after a revoked token: keep the picture and the UI state, resume syncing.
      await this.#enterAccount(account, { api, keepPicture: true });
    } else {
      if (previous) await this.#leaveAccount({ forget: false });
      const cache = new OfflineCache(this.#o.dataDir, account.baseUrl, account.user.id);
      await this.#enterAccount(account, { api, cache, loaded: await cache.load() });
    }
    return this.#accountInfo();
  }

  #cancel(): void {
    this.#pending = null;
    if (this.#account) {
      this.#setAuth({
        status: 'reauth-required',
        account: this.#accountInfo(),
        credentialStore: this.#account.store,
        reason: {
          kind: 'not-signed-in',
          key: 'error.app.resumeSync',
          message: 'Sign in again to resume syncing.',
        },
      });
    } else {
      this.#setAuth(this.#signedOut());
    }
  }

  async #signOut(): Promise<void> {
    this.#pending = null;
    await this.#leaveAccount({ forget: true });
    this.#setAuth(this.#signedOut());
  }

  /** Becomes the signed-in account: loads its offline copy (if given), starts syncing. */
  async #enterAccount(
    account: Account,
    how: {
      api?: ServiceApi;
      cache?: OfflineCache;
      loaded?: Awaited<ReturnType<OfflineCache['load']>>;
      keepPicture?: boolean;
    },
  ): Promise<void> {
    this.#engine?.stop();
    this.#account = account;
    this.#api = how.api ?? this.#createClient(account.baseUrl, account.consumerKey, account.credentials);
    if (how.cache) this.#cache = how.cache;
    const engine = new SyncEngine({
      api: this.#api,
      picture: this.#picture,
      clock: this.#clock,
      random: this.#o.random,
      logger: this.#log,
      onChange: (change) => this.#onChange(change),
      onState: (state) => this.#onSyncState(state),
      onUnauthorized: (error) => this.#onUnauthorized(error),
      onCurrentUser: (user) => this.#onCurrentUser(user),
      onFetched: (dataset, changed) => this.#onFetched(dataset, changed),
    });
    this.#engine = engine;
    engine.setActivity(this.#activity);
    if (this.#suspended) engine.setSuspended(true);

    if (!how.keepPicture) {
      this.#freshSinceCache.clear();
      const loaded = how.loaded;
      if (loaded?.status === 'loaded') {
        for (const dataset of DATASET_NAMES) {
          const entry = loaded.picture.datasets[dataset];
          this.#emit('data:change', this.#picture.reset(dataset, entry.records as never, entry.fetchedAt));
        }
        engine.cacheSavedAt = loaded.picture.savedAt;
      } else {
        for (const change of this.#picture.clear()) this.#emit('data:change', change);
        if (loaded?.status === 'discarded') engine.cacheNotice = loaded.notice;
      }
      this.#memory = await this.#notified.load(accountKey(account.baseUrl, account.user.id));
    }
    this.#setAuth({ status: 'signed-in', account: this.#accountInfo(), credentialStore: account.store });
    engine.start();
  }

  /** Stops syncing the current account; `forget` also removes its secrets, record, cache and memory. */
  async #leaveAccount({ forget }: { forget: boolean }): Promise<void> {
    const account = this.#account;
    this.#engine?.stop();
    this.#engine = null;
    this.#api = null;
    this.#account = null;
    this.#clearReminderTimer();
    if (this.#cacheTimer !== null) this.#clock.clearTimeout(this.#cacheTimer);
    this.#cacheTimer = null;
    await this.#cacheSaving;
    await this.#notifiedSaving; // a save still under way would write the memory back after the clear
    if (forget && account) {
      try {
        await account.vault.remove(vaultAccount(account.baseUrl, account.user.id));
      } catch (error) {
        this.#log.warn('keychain entry not removed', { error });
      }
      await this.#accounts.clear().catch(() => {});
      await this.#cache?.clear().catch(() => {});
      await this.#notified.clear().catch(() => {});
    }
    this.#cache = null;
    this.#memory = emptyMemory();
    for (const change of this.#picture.clear()) this.#emit('data:change', change);
    this.#onSyncState(this.#syncState());
  }

  // ---- sync events -------------------------------------------------------------------------------------

  #onChange(change: DataChange): void {
    this.#emit('data:change', change);
    this.#scheduleCacheSave();
    if (change.dataset === 'sessions') this.#trayMaybeChanged();
  }

  #onSyncState(state: SyncState): void {
    this.#emit('sync:state', state);
    this.#trayMaybeChanged();
  }

  #onFetched(dataset: DatasetName, changed: boolean): void {
    if (this.#engine?.cacheSavedAt) {
      this.#freshSinceCache.add(dataset);
      if (this.#freshSinceCache.size === DATASET_NAMES.length) this.#engine.cacheSavedAt = null;
    }
    // Unchanged polls only refresh the copy's timestamps: not worth rewriting a large file more than
    // every few minutes.
    if (!changed && this.#clock.now() - this.#lastCacheSaveAt > CACHE_TIMESTAMP_REFRESH_MS)
      this.#scheduleCacheSave();
    if (dataset === 'sessions') this.#evaluateSessions();
  }

  #onCurrentUser(user: User): void {
    const account = this.#account;
    if (!account) return;
    if (JSON.stringify(account.user) === JSON.stringify(user)) return;
    account.user = user;
    if (this.#auth.status === 'signed-in') {
      this.#setAuth({ status: 'signed-in', account: this.#accountInfo(), credentialStore: account.store });
    }
    this.#scheduleCacheSave();
  }

  #onUnauthorized(error: AppError): void {
    const account = this.#account;
    if (!account) return;
    this.#log.warn('the service refused the sign-in: re-authentication required');
    this.#setAuth({
      status: 'reauth-required',
      account: this.#accountInfo(),
      credentialStore: account.store,
      reason: {
        ...error,
        key: 'error.app.reauthReason',
        message:
          'The service no longer accepts this sign-in (revoked or expired). Your data stays visible; sign in again to resume syncing.',
      },
    });
  }

  // ---- offline copy ------------------------------------------------------------------------------------

  #scheduleCacheSave(): void {
    if (!this.#cache || this.#cacheTimer !== null || this.#disposed) return;
    this.#cacheTimer = this.#clock.setTimeout(() => {
      this.#cacheTimer = null;
      void this.#saveCache();
    }, this.#o.cacheSaveDelayMs ?? 3_000);
  }

  #saveCache(): Promise<void> {
    const cache = this.#cache;
    const account = this.#account;
    if (!cache || !account) return this.#cacheSaving;
    this.#lastCacheSaveAt = this.#clock.now();
    const picture = this.#picture;
    const snapshot = {
      savedAt: isoAt(this.#clock.now()),
      currentUser: account.user,
      datasets: {
        folders: { fetchedAt: picture.fetchedAt.folders, records: picture.list('folders') },
        devices: { fetchedAt: picture.fetchedAt.devices, records: picture.list('devices') },
        sessions: { fetchedAt: picture.fetchedAt.sessions, records: picture.list('sessions') },
        users: { fetchedAt: picture.fetchedAt.users, records: picture.list('users') },
      },
    };
    this.#cacheSaving = this.#cacheSaving.then(async () => {
      const notice = await cache.save(snapshot);
      if (notice && this.#engine) {
        this.#engine.cacheNotice = notice;
        this.#engine.emitState();
      }
    });
    return this.#cacheSaving;
  }

  // ---- notifications -----------------------------------------------------------------------------------

  #evaluateSessions(): void {
    const account = this.#account;
    if (!account || this.#picture.fetchedAt.sessions === null || this.#disposed) return;
    const now = this.#clock.now();
    const result = evaluateSessions(this.#picture.list('sessions'), this.#memory, this.#settings, now);
    this.#memory = result.memory;
    if (result.dirty) {
      // Chained and awaited by dispose(): a restart right after a notice must find it remembered.
      const key = accountKey(account.baseUrl, account.user.id);
      const memory = result.memory;
      this.#notifiedSaving = this.#notifiedSaving
        .then(() => this.#notified.save(key, memory))
        .catch((error) => this.#log.warn('notified sessions not saved', { error }));
    }
    for (const notice of result.notices) {
      try {
        this.#o.notify(notice);
      } catch (error) {
        this.#log.warn('notice not shown', { error });
      }
    }
    this.#clearReminderTimer();
    if (result.nextWakeAt !== null) {
      this.#reminderTimer = this.#clock.setTimeout(
        () => {
          this.#reminderTimer = null;
          this.#evaluateSessions();
        },
        Math.max(0, result.nextWakeAt - now),
      );
    }
  }

  #clearReminderTimer(): void {
    if (this.#reminderTimer !== null) this.#clock.clearTimeout(this.#reminderTimer);
    this.#reminderTimer = null;
  }

  async #updateSettings(next: Settings): Promise<Settings> {
    this.#settings = next;
    try {
      await this.#settingsStore.save(next);
    } catch (error) {
      this.#log.warn('settings not saved', { error });
    }
    this.#emit('settings:state', { ...next });
    this.#trayMaybeChanged();
    this.#evaluateSessions();
    return { ...next };
  }

  // ---- helpers -----------------------------------------------------------------------------------------

  #ports(): ServicePorts {
    return this.#services;
  }

  #createClient(baseUrl: string, consumerKey: string, credentials: StoredCredentials): ServiceApi {
    const oauth: OAuthCredentials = {
      consumerKey,
      consumerSecret: credentials.consumerSecret,
      token: credentials.token,
      tokenSecret: credentials.tokenSecret,
    };
    const useWorker = this.#o.decodeInWorker ?? true;
    if (useWorker && !this.#decoder) this.#decoder = createDevicesDecoder({ logger: this.#log });
    const decoder = this.#decoder;
    return this.#ports().createClient({
      baseUrl,
      credentials: oauth,
      ...(this.#o.fetch ? { fetch: this.#o.fetch } : {}),
      ...(useWorker && decoder ? { decodeDevices: (xml: string) => decoder.decode(xml) } : {}),
    });
  }

  #requireApi(): ServiceApi {
    if (!this.#api) throw new AppErrorThrown(this.#notWritableError());
    return this.#api;
  }

  #notWritableError(): AppError {
    return { kind: 'not-signed-in', key: 'error.app.signInToChange', message: 'Sign in to make changes.' };
  }

  #ensureWritable(): void {
    if (this.#auth.status === 'reauth-required') {
      throw new AppErrorThrown({
        kind: 'not-signed-in',
        key: 'error.app.reauthToChange',
        message: 'The service no longer accepts this sign-in: sign in again before making changes.',
      });
    }
    if (this.#auth.status !== 'signed-in' || !this.#engine)
      throw new AppErrorThrown(this.#notWritableError());
    const since = this.#engine.offlineSince;
    if (this.#engine.connection === 'offline' && since !== null) {
      throw new AppErrorThrown({
        kind: 'offline',
        retryable: true,
        key: 'error.app.offlineSince',
        values: { since },
        message: `Offline since ${humanTime(since)}: changes are not sent while the service cannot be reached. Try again when it is back.`,
      });
    }
  }

  #allowedOrigin(url: string): boolean {
    const bases = [this.#account?.baseUrl, this.#pending?.baseUrl].filter(
      (b): b is string => typeof b === 'string',
    );
    return bases.some((base) => sameOrigin(url, base));
  }

  #accountInfo(): AccountInfo {
    const a = this.#account as Account;
    return { baseUrl: a.baseUrl, consumerKey: a.consumerKey, user: a.user };
  }

  #signInDefaults(): SignInDefaults {
    const d = this.#o.defaults;
    return {
      baseUrl: d.baseUrl,
      consumerKey: d.consumerKey,
      hasConfiguredSecret: d.consumerSecret !== undefined && d.consumerSecret !== '',
      ...(d.demoSignIn ? { demoSignIn: d.demoSignIn } : {}),
    };
  }

  #signedOut(): Extract<AuthState, { status: 'signed-out' }> {
    return {
      status: 'signed-out',
      defaults: this.#signInDefaults(),
      keychainAvailable: this.#keychainAvailable,
    };
  }

  #syncState(): SyncState {
    if (this.#engine) return this.#engine.state();
    const datasets = {} as SyncState['datasets'];
    for (const d of DATASET_NAMES) {
      datasets[d] = {
        fetchedAt: this.#picture.fetchedAt[d],
        refreshing: false,
        error: null,
        nextRefreshAt: null,
      };
    }
    return {
      connection: 'idle',
      offlineSince: null,
      cacheSavedAt: null,
      cacheNotice: null,
      datasets,
      progress: null,
    };
  }

  #setAuth(state: AuthState): void {
    this.#auth = state;
    this.#emit('auth:state', state);
    this.#trayMaybeChanged();
  }

  #trayMaybeChanged(): void {
    if (this.#trayListeners.size === 0) return;
    const state = this.trayState();
    const key = JSON.stringify(state);
    if (key === this.#lastTray) return;
    this.#lastTray = key;
    for (const listener of this.#trayListeners) listener(state);
  }

  #emit<E extends keyof MainEvents>(event: E, payload: MainEvents[E]): void {
    for (const sink of this.#sinks) {
      try {
        sink(event, payload);
      } catch (error) {
        this.#log.warn('event sink failed', { event, error });
      }
    }
  }
}

function placeholderUser(id: Id): User {
  return {
    id,
    firstname: null,
    lastname: null,
    email: null,
    role: null,
    language: null,
    timeZone: null,
    lastLogin: null,
    registerDate: null,
  };
}

/** Exact origin comparison (scheme, host, port): a look-alike host or another port is another origin. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
