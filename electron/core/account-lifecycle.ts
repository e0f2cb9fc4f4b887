// What entering and leaving an account does to the data, syncing and notices (AccountSession's host):
// the account's offline copy, notice memory, status history and outbox are opened and closed together,
// and the account's SyncEngine and Writes live here, one of each per signed-in account.

import type { ServiceApi } from '../../shared/client/api.js';
import type { DataChange, EventSink, SyncState } from '../../shared/ipc/contract.js';
import type { User } from '../../shared/model.js';
import type { AccountHost, AccountSession } from './account-session.js';
import type { CacheKeeper } from './cache-keeper.js';
import type { ChangePump } from './change-pump.js';
import type { Clock } from './clock.js';
import type { DevicesFeed } from './devices-feed.js';
import type { Logger } from './logger.js';
import { OfflineCache, accountKey } from './offline-cache.js';
import type { CoreOutbox } from './outbox/core-outbox.js';
import type { Picture } from './picture.js';
import type { ServiceConnector } from './service-connector.js';
import type { WindowActivity } from '../core-port.js';
import type { SessionNotifier } from './session-notifier.js';
import type { StatusKeeper } from './status-keeper.js';
import { SyncEngine, type SyncEngineOptions } from './sync-engine.js';
import { Writes } from './writes.js';

export interface AccountLifecycleDeps {
  dataDir: string;
  picture: Picture;
  cache: CacheKeeper;
  notifier: SessionNotifier;
  status: StatusKeeper;
  outbox: CoreOutbox;
  pump: ChangePump;
  devices: DevicesFeed;
  connector: ServiceConnector;
  /** Late-bound: the session is made with this lifecycle as its host. */
  session: () => AccountSession;
  emit: EventSink;
  clock: Clock;
  random: (() => number) | undefined;
  logger: Logger;
  /** A change of the picture, for the renderers, the offline copy and the tray. */
  onChange: (change: DataChange) => void;
  onSyncState: (state: SyncState) => void;
  /** The sync state with no engine running, sent after an account is left. */
  idleSyncState: () => SyncState;
  onTrayChange: () => void;
}

export class AccountLifecycle implements AccountHost {
  readonly #d: AccountLifecycleDeps;
  #engine: SyncEngine | null = null;
  #api: ServiceApi | null = null;
  #writes: Writes | null = null;
  #suspended = false;
  #activity = { visible: true, focused: false };
  /** The rest of an account opened by its offline copy's first screen, under way (null when none). */
  #opening: Promise<void> | null = null;

  constructor(deps: AccountLifecycleDeps) {
    this.#d = deps;
  }

  get engine(): SyncEngine | null {
    return this.#engine;
  }

  get api(): ServiceApi | null {
    return this.#api;
  }

  get writes(): Writes | null {
    return this.#writes;
  }

  setSuspended(suspended: boolean): void {
    this.#suspended = suspended;
    this.#engine?.setSuspended(suspended);
  }

  setActivity(activity: WindowActivity): void {
    this.#activity = { visible: activity.visible, focused: activity.focused };
    this.#engine?.setActivity(activity);
  }

  /** Resolves once the account being entered is wholly open (see `open`); at once when it is. */
  opened(): Promise<void> {
    return this.#opening ?? Promise.resolve();
  }

  stop(): void {
    this.#engine?.stop();
  }

  authChanged: AccountHost['authChanged'] = (state) => {
    this.#d.emit('auth:state', state);
    this.#d.onTrayChange();
  };

  async open(
    account: { baseUrl: string; userId: string },
    api: ServiceApi,
    keep: boolean,
  ): Promise<User | null> {
    const d = this.#d;
    this.#engine?.stop();
    this.#engine = this.#newEngine(api);
    if (keep) {
      d.outbox.engineChanged();
      return null;
    }
    this.#opening = null;
    const opened = await d.cache.open(account.baseUrl, account.userId);
    d.pump.clear();
    for (const change of opened.changes) d.pump.push(change);
    const finish = async () => {
      if (opened.rest) for (const change of await opened.rest) d.pump.push(change);
      await d.notifier.open(accountKey(account.baseUrl, account.userId));
      await d.status.open(accountKey(account.baseUrl, account.userId));
      // What the outbox held at the last exit is shown again (over the cached picture) and sent.
      await d.outbox.open(new OfflineCache(d.dataDir, account.baseUrl, account.userId).directory);
    };
    // A copy with a first screen: the account is entered (and its first rows shown) now; its other
    // devices, notices, history and outbox follow, and syncing and writes wait for them.
    if (opened.rest)
      this.#opening = finish().catch((error: unknown) =>
        d.logger.warn('the offline copy was not opened completely', { error }),
      );
    else await finish();
    return opened.cachedUser;
  }

  startSync(): void {
    const user = this.#d.session().user;
    if (user) this.#d.cache.setUser(user, { save: false });
    const engine = this.#engine;
    const go = () => {
      if (this.#engine !== engine || !engine) return;
      engine.start();
      this.#d.outbox.wake();
    };
    if (this.#opening) void this.#opening.then(go);
    else go();
  }

  async close(forget: boolean): Promise<void> {
    const d = this.#d;
    await this.opened();
    this.#engine?.stop();
    this.#engine = null;
    this.#api = null;
    this.#writes = null;
    // Before the cache: a sign-out removes the account's directory, journal included.
    await d.outbox.close();
    await d.notifier.close({ forget });
    await d.status.close({ reason: 'signed-out', forget });
    await d.cache.close({ forget });
    // What was still on its way to the renderer belongs to the account being left.
    d.pump.clear();
    for (const change of d.picture.clear()) d.pump.push(change);
    d.onSyncState(d.idleSyncState());
  }

  async discard({ baseUrl, userId }: { baseUrl: string; userId: string }): Promise<void> {
    await this.#d.cache.discard(baseUrl, userId);
    await this.#d.notifier.discard();
    await this.#d.status.discard(accountKey(baseUrl, userId));
  }

  async openCopy({ baseUrl, userId }: { baseUrl: string; userId: string }): Promise<User | null | false> {
    const opened = await this.#d.cache.open(baseUrl, userId);
    for (const change of opened.changes) this.#d.emit('data:change', change);
    if (opened.rest) for (const change of await opened.rest) this.#d.pump.push(change);
    if (this.#d.cache.status().cacheSavedAt !== null) {
      // Its history, outages and watches are shown too, read-only: nothing is polled to add to them.
      await this.#d.status.open(accountKey(baseUrl, userId), { copy: true });
      return opened.cachedUser;
    }
    await this.#d.cache.close({ forget: false });
    return false;
  }

  #newEngine(api: ServiceApi): SyncEngine {
    const d = this.#d;
    const engine = new SyncEngine({
      api,
      picture: d.picture,
      clock: d.clock,
      random: d.random,
      logger: d.logger,
      cache: d.cache,
      devices: this.#devicesPolling(api),
      onChange: d.onChange,
      sendDevices: (change) => d.pump.push(change),
      onDevicesPolled: (parts) => d.status.devicesPolled(parts),
      onState: d.onSyncState,
      onUnauthorized: (error) => d.session().unauthorized(error),
      onCurrentUser: (user) => {
        if (d.session().updateUser(user)) d.cache.setUser(user, { save: true });
      },
      onFetched: (dataset, changed) => {
        d.cache.fetched(dataset, changed);
        if (dataset === 'sessions') d.notifier.evaluate();
        if (dataset === 'devices') d.status.devicesFetched(changed);
      },
    });
    engine.setActivity(this.#activity);
    if (this.#suspended) engine.setSuspended(true);
    this.#api = api;
    this.#writes = new Writes({
      picture: d.picture,
      engine,
      api,
      emit: d.onChange,
      outbox: d.outbox,
      devices: d.devices,
    });
    return engine;
  }

  /**
   * The devices poll through the feed (off this thread) when the client can sign a request for it to
   * send; a client that cannot (a test double) or an injected fetch (which a worker cannot use) fetches
   * the list in the engine, and the feed diffs it.
   */
  #devicesPolling(api: ServiceApi): SyncEngineOptions['devices'] {
    const feed = this.#d.devices;
    if (!api.getVia || this.#d.connector.customFetch) return { feed, get: null };
    const getVia = api.getVia.bind(api);
    return {
      feed,
      get: (attempt, signal) => getVia('/devices.xml', 'device', attempt, signal ? { signal } : {}),
    };
  }
}
