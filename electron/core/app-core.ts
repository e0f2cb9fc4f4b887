// The application core: everything the main process does, in plain Node, behind the typed IPC contract.
// Both hosts (the Electron glue and the browser host) create one with createAppCore and dispatch to its
// handlers; they turn trayState() into a tray and `notify` into native or in-page notices.
//
// This file only composes the parts, each with one job: AccountSession (who is signed in), SyncEngine
// (keeping the picture fresh), CacheKeeper (the offline copy), SessionNotifier (session notices),
// AppSettings, Writes (the technician's changes, one per signed-in account) and CoreOutbox (the durable
// outbox those changes go through, one journal per account).

import type { ServiceApi } from '../../shared/client/api.js';
import { fail } from '../../shared/errors.js';
import type {
  AppSnapshot,
  DataChange,
  EventSink,
  HostKind,
  InvokeChannel,
  InvokeHandlers,
  SessionNotice,
  Settings,
  SyncState,
  UpdateStatus,
} from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import type { Id, User } from '../../shared/model.js';
import { writeBlock, writeBlockError } from '../../shared/write-guard.js';
import type { HostedCore } from '../core-port.js';
import type { AccountHost, SignInConfig } from './account-session.js';
import { AccountSession } from './account-session.js';
import { AppSettings } from './app-settings.js';
import { CacheKeeper } from './cache-keeper.js';
import { storageProblem } from './atomic-file.js';
import { SavedViewsStore } from './saved-views-store.js';
import { ChangePump, PART_RECORDS } from './change-pump.js';
import { createDevicesFeed, type DevicesFeed } from './devices-poller.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Logger } from './logger.js';
import { createLogger } from './logger.js';
import { OfflineCache, accountKey } from './offline-cache.js';
import { CoreOutbox } from './outbox/core-outbox.js';
import { Picture } from './picture.js';
import { ServiceConnector } from './service-connector.js';
import type { ServicePorts } from './service-ports.js';
import { SessionNotifier } from './session-notifier.js';
import { SyncEngine, syncStateChange, type SyncEngineOptions } from './sync-engine.js';
import type { TrayState } from './tray-state.js';
import { computeTrayState, TrayWatch } from './tray-state.js';
import { EventHub } from './event-hub.js';
import type { CredentialVault } from './vault.js';
import { Writes } from './writes.js';
import type { StatusNotice } from '../../shared/status-history.js';
import { statusHandlers } from './status-handlers.js';
import { StatusKeeper } from './status-keeper.js';
import { uiLanguageOf, type UiLanguage } from '../../shared/i18n/translator.js';

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
  /** Poll, decode and diff the devices in a worker thread (default true); false: in this thread. */
  decodeInWorker?: boolean;
  /** Randomness of the backoff jitter (tests pin it). */
  random?: () => number;
  logger?: Logger;
  /** Delay before the offline copy is written after a change (default 3 s). */
  cacheSaveDelayMs?: number;
  /** The Electron host's updater (glue/updater.ts); absent: updates are off for this host. */
  updateStatus?: () => Promise<UpdateStatus>;
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
  /** The devices poll and the devices part of the offline cache, off this thread (devices-poller.ts). */
  readonly #devices: DevicesFeed;
  /** Every data:change goes out through it, in order and in parts (change-pump.ts). */
  readonly #pump: ChangePump;
  /** The sync state the renderers were last told of, whole or by its parts. */
  #lastSync: SyncState | null = null;
  readonly #outbox: CoreOutbox;
  readonly #views: SavedViewsStore;
  readonly #status: StatusKeeper;
  #engine: SyncEngine | null = null;
  #api: ServiceApi | null = null;
  #writes: Writes | null = null;
  #suspended = false;
  /** The rest of an account opened by its offline copy's first screen, under way (null when none). */
  #opening: Promise<void> | null = null;
  #activity = { visible: true, focused: false };
  #disposed = false;

  constructor(options: AppCoreOptions) {
    this.#o = options;
    const clock = (this.#clock = options.clock ?? systemClock);
    const logger = (this.#log = options.logger ?? createLogger());
    this.#events = new EventHub(logger);
    const { dataDir } = options;
    this.#connector = new ServiceConnector(options, clock);
    this.#views = new SavedViewsStore(dataDir);
    this.#devices = createDevicesFeed({
      logger,
      // Without a worker the same handler runs here: the tests' harness asks for that.
      ...(options.decodeInWorker === false ? { worker: null } : {}),
    });
    // Every change of the picture's devices not made by a poll goes to the feed's mirror too.
    this.#picture.onDevicesEdited = (puts, removals, reset) => {
      if (reset) this.#devices.replaceAll(puts);
      else this.#devices.patch(puts, removals);
    };
    this.#pump = new ChangePump((change) => this.#events.emit('data:change', change));
    this.#settings = new AppSettings({ dataDir, clock, logger, onChange: (s) => this.#onSettings(s) });
    const parts = { dataDir, picture: this.#picture, clock, logger };
    this.#cache = new CacheKeeper({
      ...parts,
      devices: this.#devices,
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
    this.#outbox = new CoreOutbox({
      picture: this.#picture,
      engine: () => this.#engine,
      api: () => this.#api,
      clock,
      logger,
      emitChange: (change) => this.#onChange(change),
      emitState: (state) => this.#events.emit('outbox:state', state),
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

  /**
   * The snapshot a renderer starts from: everything but the devices beyond the first part, which follow
   * as data:change parts through the pump (a 100,000-device snapshot serialised at once is a stall of
   * hundreds of milliseconds on this thread; see change-pump.ts). A renderer holds events until its
   * snapshot has landed, so they apply on top of it.
   */
  rendererSnapshot(): AppSnapshot {
    const snap = this.snapshot();
    const devices = snap.data.devices;
    if (devices.length > PART_RECORDS) {
      this.#pump.push({
        dataset: 'devices',
        reset: false,
        added: devices.slice(PART_RECORDS),
        changed: [],
        removed: [],
        fetchedAt: this.#picture.fetchedAt.devices,
      });
      snap.data.devices = devices.slice(0, PART_RECORDS);
    }
    return snap;
  }

  trayState(): TrayState {
    const state = computeTrayState(
      this.#session.auth,
      this.#syncState(),
      this.#picture.maps.sessions.values(),
      this.#settings.current.notificationsPausedUntil,
      this.#uiLanguage(),
    );
    const devices = state.status === 'signed-out' ? null : this.#status.trayDevices();
    return devices ? { ...state, devices } : state;
  }

  /** The language main formats the tray and notifications in: the Settings choice, or the user's own. */
  #uiLanguage(): UiLanguage {
    const chosen = this.#settings.current.language;
    if (chosen !== 'account') return chosen;
    const auth = this.#session.auth;
    const user = auth.status === 'signed-in' || auth.status === 'reauth-required' ? auth.account.user : null;
    return uiLanguageOf(user?.language);
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
    await this.#opened();
    this.#engine?.stop();
    await this.#outbox.close();
    await this.#notifier.dispose();
    await this.#status.close({ reason: 'closed', forget: false });
    await this.#cache.dispose();
    await this.#devices.close();
    this.#events.clear();
    this.#tray.clear();
  }

  #makeHandlers(): InvokeHandlers {
    // An account still opening (first screen shown, the rest loading) takes writes once it is open.
    const writes = async (): Promise<Writes> => {
      await this.#opened();
      return this.#writes ?? fail(writeBlockError('signed-out', null));
    };
    return {
      'app:snapshot': async () => this.rendererSnapshot(),
      'auth:begin': (p) => this.#session.begin(p),
      'auth:complete': (p) => this.#session.complete(p.pin),
      'auth:cancel': async () => this.#session.cancel(),
      'auth:sign-out': () => this.#session.signOut(),
      'sync:refresh': async (p) => {
        await this.#opened();
        if (!this.#engine?.running) fail(writeBlockError('signed-out', null));
        await this.#engine.refresh(p.datasets ?? DATASET_NAMES);
      },
      'devices:set-alias': (p) => writes().then((w) => w.setAlias(p)),
      'devices:move': (p) => writes().then((w) => w.moveDevices(p)),
      'folders:create': (p) => writes().then((w) => w.createFolder(p)),
      'folders:rename': (p) => writes().then((w) => w.renameFolder(p)),
      'folders:move': (p) => writes().then((w) => w.moveFolder(p)),
      'folders:delete': (p) => writes().then((w) => w.deleteFolder(p)),
      'sessions:create': (p) => writes().then((w) => w.createSession(p)),
      'sessions:update': (p) => writes().then((w) => w.updateSession(p)),
      'sessions:delete': (p) => writes().then((w) => w.deleteSession(p)),
      'shell:open-external': ({ url }) => this.#session.openServicePage(url),
      'settings:update': (p) => this.#settings.update(p),
      'notifications:pause': ({ minutes }) => this.#settings.pause(minutes),
      'window:activity': async (p) => this.setWindowActivity(p),
      'updates:status': async () =>
        (await this.#o.updateStatus?.()) ?? {
          feedUrl: null,
          off: this.#o.host === 'browser' ? 'browser-host' : 'development',
          lastCheck: null,
        },
      ...this.#outboxHandlers(),
      ...this.#viewsHandlers(),
      ...statusHandlers(
        () => this.#status.monitor,
        () => this.#status.data,
        () => this.#clock.now(),
      ),
    };
  }

  /** Saved views belong to the signed-in account; none while signed out. */
  #viewsHandlers(): Pick<InvokeHandlers, 'views:load' | 'views:save'> {
    return {
      'views:load': async () => {
        const who = this.#session.signedInAs;
        return who ? this.#views.load(who.baseUrl, who.userId) : { views: [] };
      },
      'views:save': async (p) => {
        const who = this.#session.signedInAs;
        if (!who)
          fail({
            kind: 'not-allowed',
            message: 'Sign in to save views.',
            key: 'error.app.signInToSaveViews',
          });
        try {
          await this.#views.save(who.baseUrl, who.userId, p);
        } catch (error) {
          fail({ kind: 'storage', message: storageProblem(error, 'the saved views') });
        }
      },
    };
  }

  #outboxHandlers(): Pick<InvokeHandlers, Extract<InvokeChannel, `outbox:${string}` | `bulk:${string}`>> {
    const box = async () => {
      await this.#opened();
      if (!this.#writes) fail(writeBlockError('signed-out', null));
      return this.#outbox.outbox;
    };
    const progress = async (batchId: string, act: () => Promise<unknown>) => {
      await act();
      return (await box()).batchProgress(batchId);
    };
    return {
      'outbox:state': async () => this.#outbox.state(),
      'outbox:resolve': ({ entryId, choice }) => box().then((b) => b.resolveConflict(entryId, choice)),
      'outbox:retry': async ({ entryId }) => ({
        requeued: await (await box()).retry(entryId ? { entryId } : {}),
      }),
      'outbox:discard': ({ entryId }) => box().then((b) => b.discard(entryId)),
      'bulk:start': async (request) => {
        await this.#opened();
        // Like any queued edit: refused while signed out or under a revoked sign-in, kept while offline.
        const sync = this.#syncState();
        const block = writeBlock(this.#session.auth.status, sync.connection);
        if (block && block !== 'offline') fail(writeBlockError(block, sync.offlineSince));
        return this.#outbox.bulk(request);
      },
      'bulk:pause': ({ batchId }) => progress(batchId, async () => (await box()).pauseBatch(batchId, true)),
      'bulk:resume': ({ batchId }) => progress(batchId, async () => (await box()).pauseBatch(batchId, false)),
      'bulk:cancel': ({ batchId }) => progress(batchId, async () => (await box()).cancelBatch(batchId)),
      'bulk:retry': ({ batchId }) => progress(batchId, async () => (await box()).retry({ batchId })),
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
          this.#opening = null;
          const opened = await this.#cache.open(account.baseUrl, account.userId);
          cachedUser = opened.cachedUser;
          this.#pump.clear();
          for (const change of opened.changes) this.#pump.push(change);
          const finish = async () => {
            if (opened.rest) for (const change of await opened.rest) this.#pump.push(change);
            await this.#notifier.open(accountKey(account.baseUrl, account.userId));
            await this.#status.open(accountKey(account.baseUrl, account.userId));
            // What the outbox held at the last exit is shown again (over the cached picture) and sent.
            await this.#outbox.open(
              new OfflineCache(this.#o.dataDir, account.baseUrl, account.userId).directory,
            );
          };
          // A copy with a first screen: the account is entered (and its first rows shown) now; its other
          // devices, notices, history and outbox follow, and syncing and writes wait for them.
          if (opened.rest)
            this.#opening = finish().catch((error: unknown) =>
              this.#log.warn('the offline copy was not opened completely', { error }),
            );
          else await finish();
        } else this.#outbox.engineChanged();
        return cachedUser;
      },
      startSync: () => {
        const user = this.#session.user;
        if (user) this.#cache.setUser(user, { save: false });
        const engine = this.#engine;
        const go = () => {
          if (this.#engine !== engine || !engine) return;
          engine.start();
          this.#outbox.wake();
        };
        if (this.#opening) void this.#opening.then(go);
        else go();
      },
      close: async (forget) => {
        await this.#opened();
        this.#engine?.stop();
        this.#engine = null;
        this.#api = null;
        this.#writes = null;
        // Before the cache: a sign-out removes the account's directory, journal included.
        await this.#outbox.close();
        await this.#notifier.close({ forget });
        await this.#status.close({ reason: 'signed-out', forget });
        await this.#cache.close({ forget });
        // What was still on its way to the renderer belongs to the account being left.
        this.#pump.clear();
        for (const change of this.#picture.clear()) this.#pump.push(change);
        this.#onSyncState(this.#syncState());
      },
      discard: async ({ baseUrl, userId }) => {
        await this.#cache.discard(baseUrl, userId);
        await this.#notifier.discard();
        await this.#status.discard(accountKey(baseUrl, userId));
      },
      openCopy: async ({ baseUrl, userId }) => {
        const opened = await this.#cache.open(baseUrl, userId);
        for (const change of opened.changes) this.#events.emit('data:change', change);
        if (opened.rest) for (const change of await opened.rest) this.#pump.push(change);
        if (this.#cache.status().cacheSavedAt !== null) return opened.cachedUser;
        await this.#cache.close({ forget: false });
        return false;
      },
    };
  }

  /** Resolves once the account being entered is wholly open (see `open`); at once when it is. */
  #opened(): Promise<void> {
    return this.#opening ?? Promise.resolve();
  }

  #newEngine(api: ServiceApi): SyncEngine {
    const engine = new SyncEngine({
      api,
      picture: this.#picture,
      clock: this.#clock,
      random: this.#o.random,
      logger: this.#log,
      cache: this.#cache,
      ...this.#devicesPolling(api),
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
    this.#api = api;
    this.#writes = new Writes({
      picture: this.#picture,
      engine,
      api,
      session: this.#session,
      emit: (change) => this.#onChange(change),
      outbox: this.#outbox,
    });
    return engine;
  }

  /**
   * The devices poll through the feed (off this thread) when the client can sign a request for it to
   * send; a client that cannot (a test double) or an injected fetch (which a worker cannot use) keeps the
   * plain fetch-and-diff in the engine.
   */
  #devicesPolling(api: ServiceApi): Pick<SyncEngineOptions, 'devices'> {
    if (!api.signedGet || this.#connector.customFetch) return {};
    const signedGet = api.signedGet.bind(api);
    return { devices: { feed: this.#devices, sign: () => signedGet('/devices.xml') } };
  }

  #onChange(change: DataChange): void {
    this.#pump.push(change);
    this.#cache.scheduleSave();
    if (change.dataset === 'sessions') this.#tray.check();
    if (change.dataset === 'devices') this.#status.devicesChanged(change as DataChange<'devices'>);
  }

  /** Only what changed goes out: an idle poll's end is one dataset's status (sync:dataset), not the lot. */
  #onSyncState(state: SyncState): void {
    if (state.connection === 'offline') this.#status.blind('offline');
    const change = syncStateChange(this.#lastSync, state);
    this.#lastSync = state;
    if (change.kind === 'all') this.#events.emit('sync:state', state);
    else if (change.kind === 'dataset')
      this.#events.emit('sync:dataset', { dataset: change.dataset, status: state.datasets[change.dataset] });
    if (state.connection === 'online') this.#outbox.wake();
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
