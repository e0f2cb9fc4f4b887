// The application core: everything the main process does, in plain Node, behind the typed IPC contract.
// Both hosts (the Electron glue and the browser host) create one with createAppCore and dispatch to its
// handlers; they turn trayState() into a tray and `notify` into native or in-page notices.
//
// This file only composes the parts, each with one job: AccountSession (who is signed in), SyncEngine
// (keeping the picture fresh), CacheKeeper (the offline copy), SessionNotifier (session notices),
// AppSettings and Writes (the technician's changes, one per signed-in account).

import type { ServiceApi } from '../../shared/client/api.js';
import type { AppError } from '../../shared/errors.js';
import type {
  AppSnapshot,
  DataChange,
  EventSink,
  HostKind,
  InvokeHandlers,
  SessionNotice,
  Settings,
  SyncState,
} from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import type { Id, User } from '../../shared/model.js';
import { writeBlockError } from '../../shared/write-guard.js';
import type { HostedCore } from '../core-port.js';
import type { AccountHost, SignInConfig } from './account-session.js';
import { AccountSession } from './account-session.js';
import { AppSettings } from './app-settings.js';
import { CacheKeeper } from './cache-keeper.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Logger } from './logger.js';
import { createLogger } from './logger.js';
import { accountKey } from './offline-cache.js';
import { Picture } from './picture.js';
import { ServiceConnector } from './service-connector.js';
import type { ServicePorts } from './service-ports.js';
import { SessionNotifier } from './session-notifier.js';
import { SyncEngine } from './sync-engine.js';
import type { TrayState } from './tray-state.js';
import { computeTrayState, TrayWatch } from './tray-state.js';
import { EventHub } from './event-hub.js';
import type { CredentialVault } from './vault.js';
import { AppErrorThrown, Writes } from './writes.js';
import type { StatusNotice } from '../../shared/status-history.js';
import { statusHandlers } from './status-handlers.js';
import { StatusKeeper } from './status-keeper.js';

export type AppCoreDefaults = SignInConfig;

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
  /** Status alerts of one poll (issue 11), besides the in-window notice every host gets as an event. */
  notifyStatus?: (notice: StatusNotice) => void;
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

/** HostedCore, answered synchronously (the in-process core needs no round trip). */
export interface AppCore extends HostedCore {
  snapshot(): AppSnapshot;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export function createAppCore(options: AppCoreOptions): AppCore {
  return new Core(options);
}

class Core implements AppCore {
  readonly handlers: InvokeHandlers;
  readonly #o: AppCoreOptions;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #events: EventHub;
  readonly #tray = new TrayWatch(() => this.trayState());
  readonly #picture = new Picture();
  readonly #connector: ServiceConnector;
  readonly #session: AccountSession;
  readonly #settings: AppSettings;
  readonly #cache: CacheKeeper;
  readonly #notifier: SessionNotifier;
  readonly #status: StatusKeeper;
  #engine: SyncEngine | null = null;
  #writes: Writes | null = null;
  #suspended = false;
  #activity = { visible: true, focused: false };
  #disposed = false;

  constructor(options: AppCoreOptions) {
    this.#o = options;
    const clock = (this.#clock = options.clock ?? systemClock);
    const logger = (this.#log = options.logger ?? createLogger());
    this.#events = new EventHub(logger);
    const { dataDir } = options;
    this.#connector = new ServiceConnector(options, clock, logger);
    this.#settings = new AppSettings({ dataDir, clock, logger, onChange: (s) => this.#onSettings(s) });
    const parts = { dataDir, picture: this.#picture, clock, logger };
    this.#cache = new CacheKeeper({
      ...parts,
      ...(options.cacheSaveDelayMs !== undefined ? { saveDelayMs: options.cacheSaveDelayMs } : {}),
      onStatusChange: () => this.#onSyncState(this.#syncState()),
    });
    this.#notifier = new SessionNotifier({ ...parts, notify: options.notify, settings: this.#settings });
    this.#status = new StatusKeeper({
      ...parts,
      settings: () => this.#settings.current,
      notify: (notice) => {
        this.#events.emit('notify:status', notice);
        options.notifyStatus?.(notice);
      },
      onTrayChange: () => this.#tray.check(),
    });
    this.#session = new AccountSession({
      dataDir,
      vault: options.vault,
      connector: this.#connector,
      config: options.defaults,
      ...(options.openExternal ? { openExternal: options.openExternal } : {}),
      logger,
      host: this.#accountHost(),
    });
    this.handlers = this.#makeHandlers();
  }

  subscribe(sink: EventSink): () => void {
    return this.#events.subscribe(sink);
  }

  snapshot(): AppSnapshot {
    return {
      host: this.#o.host,
      appVersion: this.#o.appVersion,
      auth: this.#session.auth,
      sync: this.#syncState(),
      settings: this.#settings.current,
      data: {
        folders: this.#picture.list('folders'),
        devices: this.#picture.list('devices'),
        sessions: this.#picture.list('sessions'),
        users: this.#picture.list('users'),
      },
    };
  }

  trayState(): TrayState {
    const state = computeTrayState(
      this.#session.auth,
      this.#syncState(),
      this.#picture.maps.sessions.values(),
      this.#settings.current.notificationsPausedUntil,
    );
    const devices = state.status === 'signed-out' ? null : this.#status.trayDevices();
    return devices ? { ...state, devices } : state;
  }

  onTrayStateChange(listener: (state: TrayState) => void): () => void {
    return this.#tray.listen(listener);
  }

  setSuspended(suspended: boolean): void {
    this.#suspended = suspended;
    this.#engine?.setSuspended(suspended);
    if (suspended) this.#status.blind('asleep');
    if (!suspended) this.#notifier.evaluate();
  }

  setWindowActivity(activity: { visible: boolean; focused: boolean }): void {
    this.#activity = { ...activity };
    this.#engine?.setActivity(activity);
  }

  focusSession(id: Id): void {
    this.#events.emit('ui:focus-session', { sessionId: id });
  }

  async start(): Promise<void> {
    await this.#settings.load();
    this.#events.emit('settings:state', this.#settings.current);
    await this.#session.resume();
  }

  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#engine?.stop();
    await this.#notifier.dispose();
    await this.#status.close({ reason: 'closed', forget: false });
    await this.#cache.dispose();
    await this.#connector.close();
    this.#events.clear();
    this.#tray.clear();
  }

  #makeHandlers(): InvokeHandlers {
    const writes = (): Writes => this.#writes ?? fail(writeBlockError('signed-out', null));
    return {
      'app:snapshot': async () => this.snapshot(),
      'auth:begin': (p) => this.#session.begin(p),
      'auth:complete': (p) => this.#session.complete(p.pin),
      'auth:cancel': async () => this.#session.cancel(),
      'auth:sign-out': () => this.#session.signOut(),
      'sync:refresh': async (p) => {
        if (!this.#engine?.running) fail(writeBlockError('signed-out', null));
        await this.#engine.refresh(p.datasets ?? DATASET_NAMES);
      },
      'devices:set-alias': (p) => writes().setAlias(p),
      'devices:move': (p) => writes().moveDevices(p),
      'folders:create': (p) => writes().createFolder(p),
      'folders:rename': (p) => writes().renameFolder(p),
      'folders:move': (p) => writes().moveFolder(p),
      'folders:delete': (p) => writes().deleteFolder(p),
      'sessions:create': (p) => writes().createSession(p),
      'sessions:update': (p) => writes().updateSession(p),
      'sessions:delete': (p) => writes().deleteSession(p),
      'shell:open-external': ({ url }) => this.#session.openServicePage(url),
      'settings:update': (p) => this.#settings.update(p),
      'notifications:pause': ({ minutes }) => this.#settings.pause(minutes),
      'window:activity': async (p) => this.setWindowActivity(p),
      ...statusHandlers(
        () => this.#status.monitor,
        () => this.#status.data,
        () => this.#clock.now(),
      ),
    };
  }

  /** What entering and leaving an account does to the data, syncing and notices. */
  #accountHost(): AccountHost {
    return {
      authChanged: (state) => {
        this.#events.emit('auth:state', state);
        this.#tray.check();
      },
      open: async (account, api, keep) => {
        this.#engine?.stop();
        this.#engine = this.#newEngine(api);
        let cachedUser: User | null = null;
        if (!keep) {
          const opened = await this.#cache.open(account.baseUrl, account.userId);
          cachedUser = opened.cachedUser;
          for (const change of opened.changes) this.#events.emit('data:change', change);
          await this.#notifier.open(accountKey(account.baseUrl, account.userId));
          await this.#status.open(accountKey(account.baseUrl, account.userId));
        }
        return cachedUser;
      },
      startSync: () => {
        const user = this.#session.user;
        if (user) this.#cache.setUser(user, { save: false });
        this.#engine?.start();
      },
      close: async (forget) => {
        this.#engine?.stop();
        this.#engine = null;
        this.#writes = null;
        await this.#notifier.close({ forget });
        await this.#status.close({ reason: 'signed-out', forget });
        await this.#cache.close({ forget });
        for (const change of this.#picture.clear()) this.#events.emit('data:change', change);
        this.#onSyncState(this.#syncState());
      },
      discard: async ({ baseUrl, userId }) => {
        await this.#cache.discard(baseUrl, userId);
        await this.#notifier.discard();
        await this.#status.discard(accountKey(baseUrl, userId));
      },
    };
  }

  #newEngine(api: ServiceApi): SyncEngine {
    const engine = new SyncEngine({
      api,
      picture: this.#picture,
      clock: this.#clock,
      random: this.#o.random,
      logger: this.#log,
      cache: this.#cache,
      onChange: (change) => this.#onChange(change),
      onState: (state) => this.#onSyncState(state),
      onUnauthorized: (error) => this.#session.unauthorized(error),
      onCurrentUser: (user) => {
        if (this.#session.updateUser(user)) this.#cache.setUser(user, { save: true });
      },
      onFetched: (dataset, changed) => {
        this.#cache.fetched(dataset, changed);
        if (dataset === 'sessions') this.#notifier.evaluate();
        if (dataset === 'devices') this.#status.devicesFetched(changed);
      },
    });
    engine.setActivity(this.#activity);
    if (this.#suspended) engine.setSuspended(true);
    this.#writes = new Writes({
      picture: this.#picture,
      engine,
      api,
      session: this.#session,
      emit: (change) => this.#onChange(change),
    });
    return engine;
  }

  #onChange(change: DataChange): void {
    this.#events.emit('data:change', change);
    this.#cache.scheduleSave();
    if (change.dataset === 'sessions') this.#tray.check();
    if (change.dataset === 'devices') this.#status.devicesChanged(change as DataChange<'devices'>);
  }

  #onSyncState(state: SyncState): void {
    if (state.connection === 'offline') this.#status.blind('offline');
    this.#events.emit('sync:state', state);
    this.#tray.check();
  }

  #onSettings(settings: Settings): void {
    this.#events.emit('settings:state', settings);
    this.#tray.check();
    this.#notifier.evaluate();
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
    return { connection: 'idle', offlineSince: null, ...this.#cache.status(), datasets, progress: null };
  }
}

function fail(error: AppError): never {
  throw new AppErrorThrown(error);
}
