// The application core: everything the main process does, in plain Node, behind the typed IPC contract.
// Both hosts (the Electron glue and the browser host) create one with createAppCore and dispatch to its
// handlers; they turn trayState() into a tray and `notify` into native or in-page notices.
//
// This file only composes the parts, each with one job: AccountSession (who is signed in),
// AccountLifecycle (what entering and leaving an account does; its SyncEngine and Writes), CacheKeeper
// (the offline copy), SessionNotifier (session notices), StatusKeeper (status history), AppSettings and
// CoreOutbox (the durable outbox the changes go through). Each feature's channels are answered by its own
// handler module (app-, write-, saved-views- and status-handlers.ts, outbox/outbox-handlers.ts).

import type {
  AppSnapshot,
  DataChange,
  EventSink,
  InvokeHandlers,
  Settings,
  SyncState,
} from '../../shared/ipc/contract.js';
import type { Device, Folder, Id } from '../../shared/model.js';
import type { SinceRow, StatusTarget } from '../../shared/status-history.js';
import type { CoreState, WindowActivity } from '../core-port.js';
import type { AccountCore } from './app-core-api.js';
import type { AppCoreOptions } from './app-core-options.js';
import { appHandlers } from './app-handlers.js';
import { AccountLifecycle } from './account-lifecycle.js';
import { AccountSession } from './account-session.js';
import { AppSettings } from './app-settings.js';
import { CacheKeeper } from './cache-keeper.js';
import { SavedViewsStore } from './saved-views-store.js';
import { savedViewsHandlers } from './saved-views-handlers.js';
import { ChangePump, recordsOf } from './change-pump.js';
import { BurstRelease } from './burst-release.js';
import { sinceChange, SinceStream } from './since-stream.js';
import { listedSnapshot, withDevices } from './renderer-snapshot.js';
import type { DevicesFeed } from './devices-feed.js';
import type { ViewMatched, ViewQuery } from './device-view-match.js';
import { createDevicesFeed } from './devices-poller.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { createLogger, type Logger } from './logger.js';
import { CoreOutbox } from './outbox/core-outbox.js';
import { outboxHandlers } from './outbox/outbox-handlers.js';
import { Picture } from './picture.js';
import { ServiceConnector } from './service-connector.js';
import { SessionNotifier } from './session-notifier.js';
import { idleSyncState, SyncStateRelay } from './sync-state.js';
import type { TrayState } from './tray-state.js';
import { computeTrayState, TrayWatch } from './tray-state.js';
import { EventHub } from './event-hub.js';
import { writeHandlers } from './write-handlers.js';
import { writeGate } from './write-gate.js';
import { Cancellations } from './cancellations.js';
import { oneAccountHandlers } from './accounts/one-account-handlers.js';
import { statusHandlers } from './status-handlers.js';
import { StatusKeeper } from './status-keeper.js';
import { chosenLanguage } from '../../shared/i18n/translator.js';

export type { AccountCore, AppCore } from './app-core-api.js';

export function createAppCore(options: AppCoreOptions): AccountCore {
  return new Core(options);
}

let systemLocale: string | undefined;
/**
 * Node's ICU default locale, from the system's settings: fixed for the life of the process, so read once
 * (a new Intl.DateTimeFormat per tray check cost 0.16 ms, and the tray is checked at every change of the
 * sync's state: several times for each dataset a poll fetches). Read from PluralRules, which resolves the
 * same default locale: the first DateTimeFormat (or NumberFormat) of a process loads ICU's calendar data,
 * 15-18 ms on the project machine, and the tray is first checked while the console starts.
 */
const computerLocale = (): string => (systemLocale ??= new Intl.PluralRules().resolvedOptions().locale);

class Core implements AccountCore {
  readonly handlers: InvokeHandlers;
  readonly #o: AppCoreOptions;
  readonly #clock: Clock;
  readonly #events: EventHub;
  readonly #logger: Logger;
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
  readonly #syncRelay: SyncStateRelay;
  readonly #outbox: CoreOutbox;
  readonly #views: SavedViewsStore;
  readonly #status: StatusKeeper;
  /** The history's since rows, behind the devices' changes in the same pump (since-stream.ts). */
  readonly #since: SinceStream;
  readonly #burst = new BurstRelease();
  /** The signed-in account's engine and writes, and what entering and leaving it does. */
  readonly #account: AccountLifecycle;
  #disposed = false;

  constructor(options: AppCoreOptions) {
    this.#o = options;
    const clock = (this.#clock = options.clock ?? systemClock);
    const logger = (this.#logger = options.logger ?? createLogger());
    this.#events = new EventHub(logger);
    this.#syncRelay = new SyncStateRelay((event, payload) => this.#events.emit(event, payload));
    const { dataDir } = options;
    this.#connector = new ServiceConnector(options, clock);
    this.#views = new SavedViewsStore(dataDir);
    this.#devices = createDevicesFeed({
      logger,
      reseed: () => this.#cache.devicesFile(),
      // Without a worker the same handler runs here: the tests' harness asks for that.
      ...(options.decodeInWorker === false ? { worker: null } : {}),
    });
    this.#picture.onDevicesReplaced = (devices) => this.#devices.replaceAll(devices);
    this.#pump = new ChangePump((change) => {
      this.#events.emit('data:change', change);
      this.#burst.sent(recordsOf(change) + (change.since?.ids.length ?? 0));
    });
    this.#settings = new AppSettings({ dataDir, clock, logger, onChange: (s) => this.#onSettings(s) });
    const parts = { dataDir, picture: this.#picture, devices: this.#devices, clock, logger };
    this.#cache = new CacheKeeper({
      ...parts,
      ...(options.cacheSaveDelayMs !== undefined ? { saveDelayMs: options.cacheSaveDelayMs } : {}),
      ...(options.firstScreen === false ? { firstScreen: false } : {}),
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
      onSinceMoved: () => this.#since.moved(),
      ...(options.historyOnDemand ? { onDemand: true } : {}),
    });
    this.#since = new SinceStream({
      index: () => this.#status.monitor?.history.index ?? null,
      send: (since) => this.#pump.push(sinceChange(since)),
    });
    this.#pump.onClear = () => this.#since.cleared();
    this.#outbox = new CoreOutbox({
      picture: this.#picture,
      devices: this.#devices,
      engine: () => this.#account.engine,
      api: () => this.#account.api,
      clock,
      logger,
      emitChange: (change) => this.#onChange(change),
      emitState: (state) => this.#events.emit('outbox:state', state),
    });
    this.#account = new AccountLifecycle({
      ...parts,
      cache: this.#cache,
      notifier: this.#notifier,
      status: this.#status,
      outbox: this.#outbox,
      pump: this.#pump,
      devices: this.#devices,
      connector: this.#connector,
      session: () => this.#session,
      emit: (event, payload) => this.#events.emit(event, payload),
      random: options.random,
      onChange: (change) => this.#onChange(change),
      onSyncState: (state) => this.#onSyncState(state),
      idleSyncState: () => this.#syncState(),
      onTrayChange: () => this.#tray.check(),
    });
    this.#session = new AccountSession({
      dataDir,
      vault: options.vault,
      connector: this.#connector,
      config: options.defaults,
      ...(options.openExternal ? { openExternal: options.openExternal } : {}),
      ...(options.signInTakenBy ? { signInTakenBy: options.signInTakenBy } : {}),
      logger,
      host: this.#account,
    });
    this.handlers = this.#makeHandlers();
  }

  subscribe(sink: EventSink): () => void {
    return this.#events.subscribe(sink);
  }

  state(): CoreState {
    return {
      host: this.#o.host,
      appVersion: this.#o.appVersion,
      auth: this.#session.auth,
      sync: this.#syncState(),
      settings: this.#settings.current,
      data: this.#picture.lists(),
    };
  }

  async snapshot(): Promise<AppSnapshot> {
    const state = this.state();
    const devices: Device[] = [];
    await this.#devices.list((part) => {
      for (const device of part.devices().added) devices.push(device);
    });
    return withDevices(state, devices);
  }

  searchDevices(words: readonly string[]): Promise<Device[]> {
    return this.#devices.search(words);
  }

  matchView(query: ViewQuery): Promise<ViewMatched> {
    return this.#devices.matchView(query);
  }

  offScreen(): void {
    this.#since.stop();
  }

  historyReady(): Promise<void> {
    return this.#status.ready();
  }

  sinceOf(id: Id): SinceRow | undefined {
    const index = this.#status.monitor?.history.index;
    const entry = index?.get(id);
    return entry && index!.sinceRow(entry);
  }

  folders(): Iterable<Folder> {
    return this.#picture.maps.folders.values();
  }

  /**
   * The snapshot a renderer starts from (renderer-snapshot.ts). While a copy's devices load, the owner
   * answers only once they are in: the snapshot then carries what is shown of the copy so far, and the
   * load's parts follow as they do for every renderer. The history's since rows follow it (since-stream.ts).
   */
  rendererSnapshot(): Promise<AppSnapshot> {
    this.#since.restart();
    const state = this.state();
    const shown = this.#cache.shownToWindow();
    if (shown) return Promise.resolve(withDevices(state, shown));
    const send = (change: DataChange) => this.#pump.push(change);
    const fetchedAt = this.#picture.fetchedAt.devices;
    return listedSnapshot(state, { devices: this.#devices, fetchedAt, send, logger: this.#logger });
  }

  trayState(): TrayState {
    const auth = this.#session.auth;
    const user = auth.status === 'signed-in' || auth.status === 'reauth-required' ? auth.account.user : null;
    const { notificationsPausedUntil, language } = this.#settings.current;
    const state = computeTrayState(
      auth,
      this.#syncState(),
      this.#picture.maps.sessions.values(),
      notificationsPausedUntil,
      // This computer's language before sign-in.
      chosenLanguage(language, user?.language, [computerLocale()]),
    );
    const devices = state.status === 'signed-out' ? null : this.#status.trayDevices();
    return devices ? { ...state, devices } : state;
  }

  onTrayStateChange(listener: (state: TrayState) => void): () => void {
    return this.#tray.listen(listener);
  }

  setSuspended(suspended: boolean): void {
    this.#account.setSuspended(suspended);
    if (suspended) this.#status.blind('asleep');
    if (!suspended) this.#notifier.evaluate();
  }

  setWindowActivity(activity: WindowActivity): void {
    this.#account.setActivity(activity);
  }

  async refreshAll(): Promise<void> {
    // Signed out: nothing to refresh. A failed refresh is already this account's connection state.
    await this.handlers['sync:refresh']({}).catch(() => undefined);
  }

  focusSession(id: Id): void {
    this.#events.emit('ui:focus-session', { sessionId: id });
  }

  openTarget(target: StatusTarget): void {
    this.#events.emit('ui:open-target', { kind: target.kind, id: target.id });
  }

  async start(): Promise<void> {
    await this.#settings.load();
    this.#events.emit('settings:state', this.#settings.current);
    await this.#session.resume();
  }

  opened(): Promise<void> {
    return this.#account.opened();
  }

  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    await this.#account.opened();
    this.#account.stop();
    await this.#outbox.close();
    await this.#notifier.dispose();
    await this.#status.close({ reason: 'closed', forget: false });
    this.#since.stop();
    this.#burst.dispose();
    await this.#cache.dispose();
    await this.#devices.close();
    this.#events.clear();
    this.#tray.clear();
  }

  #makeHandlers(): InvokeHandlers {
    const gate = writeGate(() => ({ auth: this.#session.auth, sync: this.#syncState() }));
    const cancellations = new Cancellations();
    return {
      ...appHandlers({
        host: this.#o.host,
        session: this.#session,
        settings: this.#settings,
        engine: () => this.#account.engine,
        rendererSnapshot: () => this.rendererSnapshot(),
        opened: () => this.#account.opened(),
        setWindowActivity: (activity) => this.setWindowActivity(activity),
        ...(this.#o.updateStatus ? { updateStatus: this.#o.updateStatus } : {}),
        cancellations,
      }),
      ...writeHandlers(
        () => this.#account.writes,
        () => this.#account.opened(),
        gate,
      ),
      ...outboxHandlers({
        outbox: this.#outbox,
        writesOpen: () => this.#account.writes !== null,
        opened: () => this.#account.opened(),
        gate,
        cancellations,
      }),
      ...savedViewsHandlers(this.#views, this.#session),
      ...oneAccountHandlers(),
      ...statusHandlers(
        () => this.#status.monitor,
        () => this.#status.data,
        () => this.#clock.now(),
        {
          readOnly: () => this.#status.readOnly,
          ready: () => this.#status.ready(),
          shown: () => this.#session.shownAs !== null,
          language: () => this.trayState().language,
        },
        cancellations,
      ),
    };
  }

  #onChange(change: DataChange): void {
    this.#pump.push(change);
    this.#cache.scheduleSave();
    if (change.dataset === 'sessions') this.#tray.check();
    // A devices poll's parts do not pass here: they go to the pump as they come (devices-commit.ts) and the
    // history takes the poll as one (the engine's onDevicesPolled). A device change that does is a local
    // write's, no poll: the history takes none of them (not newer than what it recorded).
  }

  /** Only what changed goes out: an idle poll's end is one dataset's status (sync:dataset), not the lot. */
  #onSyncState(state: SyncState): void {
    if (state.connection === 'offline') this.#status.blind('offline');
    this.#syncRelay.relay(state);
    if (state.connection === 'online') this.#outbox.wake();
    this.#tray.check();
  }

  #onSettings(settings: Settings): void {
    this.#events.emit('settings:state', settings);
    this.#tray.check();
    this.#notifier.evaluate();
    this.#status.settingsChanged();
  }

  #syncState(): SyncState {
    return this.#account.engine?.state() ?? idleSyncState(this.#picture.fetchedAt, this.#cache.status());
  }
}
