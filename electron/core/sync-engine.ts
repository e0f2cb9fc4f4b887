// Over 400 lines on purpose: the datasets' slots, their timers and backoff, and the connection state they
// share change together in one poll's outcome; split, each half would reach into the other's fields.
//
// Keeps the Picture in step with the service: the first sync builds everything with a handful of requests
// (folder tree level by level, all devices in one GET, sessions, users + current user), then each dataset
// polls on its own rhythm. Faster while the window is in front, slower in the tray, paused while the
// machine sleeps; a failed poll backs off exponentially with jitter; `refresh` runs at once.
// A 401 stops everything and hands over to the sign-in (the data stays); a network failure marks the
// connection offline (the data stays, with its age).

import type { ServiceApi } from '../../shared/client/api.js';
import type { AppError } from '../../shared/errors.js';
import type {
  DataChange,
  DatasetName,
  DatasetRecordMap,
  DatasetStatus,
  SyncState,
} from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import { toAppError } from '../../shared/errors.js';
import type { Id, User } from '../../shared/model.js';
import { DeviceWriteFence } from './device-write-fence.js';
import { commitPoll } from './devices-commit.js';
import { fetchDataset } from './dataset-fetch.js';
import { Backoff } from './backoff.js';
import type { Clock, TimerHandle } from './clock.js';
import { isoAt } from './clock.js';
import type { Logger } from './logger.js';
import { silentLogger } from './logger.js';
import type { DevicesFeed, DevicesGet, DevicesPoll } from './devices-feed.js';
import type { Picture } from './picture.js';
import type { DevicesRecorded } from './status-history/history-store.js';
import { isUnauthorized, isUnreachable } from './sync-state.js';

export type Activity = 'foreground' | 'background' | 'hidden';

/**
 * Poll intervals in ms. Sessions every 15 s in front (the "sessions often, ~15 s") and stay as
 * quick in the tray: "session started" notices depend on them. Devices ~60 s, faster while watched.
 */
export const POLL_INTERVALS: Record<Activity, Record<DatasetName, number>> = {
  foreground: { sessions: 15_000, devices: 30_000, folders: 120_000, users: 300_000 },
  background: { sessions: 15_000, devices: 60_000, folders: 300_000, users: 300_000 },
  hidden: { sessions: 30_000, devices: 300_000, folders: 900_000, users: 900_000 },
};

/** A poll that raced a local write is dropped and retried this much later, so it cannot undo the write. */
const RACED_WRITE_RETRY_MS = 2_000;

export interface SyncEngineOptions {
  api: ServiceApi;
  picture: Picture;
  clock: Clock;
  random?: () => number;
  concurrency?: number;
  logger?: Logger;
  /**
   * The devices poll off the main thread (devices-poller.ts): only a delta comes back. Without `get` (a
   * client that cannot sign for the worker: tests with a fake service) the list is fetched here through
   * `api` and diffed by the feed all the same: the feed's mirror is the only place the list is diffed.
   */
  devices: { feed: DevicesFeed; get: DevicesGet | null };
  /** A change of the picture (a dataset other than the devices, fetched and compared here). */
  onChange(change: DataChange): void;
  /** A part of a devices poll the owner took, as its parts come (devices-commit.ts). */
  sendDevices(change: DataChange<'devices'>): void;
  /**
   * A devices poll was applied: its parts (as sent, in order), for whoever needs the poll as one (the
   * status history records one entry per poll).
   */
  onDevicesPolled?(parts: readonly DevicesRecorded[]): void;
  onState(state: SyncState): void;
  onUnauthorized(error: AppError): void;
  onCurrentUser(user: User): void;
  /** A dataset was fetched; `changed` tells whether the picture changed. */
  onFetched?(dataset: DatasetName, changed: boolean): void;
  /** What the state says about the offline copy (the cache keeper's business, not the engine's). */
  cache?: { status(): { cacheSavedAt: string | null; cacheNotice: string | null } };
}

interface Slot {
  timer: TimerHandle | null;
  backoff: Backoff;
  inflight: Promise<void> | null;
  /** A refresh asked for while a poll was in flight: one more poll after it (shared by later asks). */
  rerun: Promise<void> | null;
  error: AppError | null;
  nextRefreshAt: number | null;
  lastSuccessAt: number | null;
  attempted: boolean;
  /** Bumped at the start and end of each local write to the dataset. */
  epoch: number;
  writes: number;
}

export class SyncEngine {
  readonly #o: SyncEngineOptions;
  readonly #slots: Record<DatasetName, Slot>;
  readonly #log: Logger;
  #running = false;
  #suspended = false;
  #activity: Activity = 'background';
  #connection: SyncState['connection'] = 'idle';
  #offlineSince: number | null = null;
  #abort = new AbortController();
  #progress: { others: number; folders: { done: number; total: number } } | null = null;
  readonly #fence = new DeviceWriteFence();

  constructor(options: SyncEngineOptions) {
    this.#o = options;
    this.#log = options.logger ?? silentLogger;
    const slot = (): Slot => ({
      timer: null,
      backoff: new Backoff({ random: options.random }),
      inflight: null,
      rerun: null,
      error: null,
      nextRefreshAt: null,
      lastSuccessAt: null,
      attempted: false,
      epoch: 0,
      writes: 0,
    });
    this.#slots = { folders: slot(), devices: slot(), sessions: slot(), users: slot() };
  }

  get connection(): SyncState['connection'] {
    return this.#connection;
  }
  get offlineSince(): number | null {
    return this.#offlineSince;
  }
  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#abort = new AbortController();
    this.#connection = 'connecting';
    this.#progress = { others: 0, folders: { done: 0, total: 1 } };
    for (const dataset of DATASET_NAMES) this.#slots[dataset].attempted = false;
    this.#emitState();
    if (!this.#suspended) void this.refresh();
  }

  stop(): void {
    if (!this.#running) return;
    this.#running = false;
    this.#abort.abort();
    for (const dataset of DATASET_NAMES) this.#clearTimer(dataset);
    this.#progress = null;
    if (this.#connection === 'connecting') this.#connection = 'idle';
    this.#emitState();
  }

  /**
   * Refreshes the given datasets (all by default) now; resolves when they have answered. A poll already
   * in flight may have been asked before the change the user refreshes for (a colleague's edit, a device
   * that just went offline), so joining it could answer with the old state: one more poll follows it,
   * shared by every refresh asked for meanwhile.
   */
  async refresh(datasets: readonly DatasetName[] = DATASET_NAMES): Promise<void> {
    await Promise.all(datasets.map((d) => this.#runAfresh(d)));
  }

  setSuspended(suspended: boolean): void {
    if (this.#suspended === suspended) return;
    this.#suspended = suspended;
    if (suspended) {
      for (const dataset of DATASET_NAMES) this.#clearTimer(dataset);
      this.#emitState();
    } else if (this.#running) {
      // After sleep everything is stale: look at once.
      void this.refresh();
    }
  }

  setActivity(activity: { visible: boolean; focused: boolean }): void {
    const next: Activity = !activity.visible ? 'hidden' : activity.focused ? 'foreground' : 'background';
    if (next === this.#activity) return;
    this.#activity = next;
    if (!this.#running || this.#suspended) return;
    const now = this.#o.clock.now();
    for (const dataset of DATASET_NAMES) {
      const slot = this.#slots[dataset];
      if (slot.inflight || slot.backoff.failures > 0 || slot.lastSuccessAt === null) continue;
      this.#schedule(dataset, Math.max(0, slot.lastSuccessAt + this.#interval(dataset) - now));
    }
  }

  /**
   * Wraps a local write so a poll that started before it ended cannot overwrite its optimistic result.
   * A devices write that names its devices fences only those (device-write-fence.ts); any other write
   * drops the dataset's polls that raced it whole.
   */
  beginWrite(dataset: DatasetName, ids?: readonly Id[]): () => void {
    if (dataset === 'devices' && ids) return this.#fence.begin(ids);
    const slot = this.#slots[dataset];
    slot.epoch += 1;
    slot.writes += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      slot.epoch += 1;
      slot.writes -= 1;
    };
  }

  /** A write's failure tells about the connection too (offline, revoked). */
  observeError(error: AppError): void {
    if (isUnauthorized(error)) this.#unauthorized(error);
    else if (isUnreachable(error)) this.#goOffline();
  }

  state(): SyncState {
    const datasets = {} as Record<DatasetName, DatasetStatus>;
    for (const dataset of DATASET_NAMES) {
      const slot = this.#slots[dataset];
      datasets[dataset] = {
        fetchedAt: this.#o.picture.fetchedAt[dataset],
        refreshing: slot.inflight !== null,
        error: slot.error,
        nextRefreshAt: slot.nextRefreshAt === null ? null : isoAt(slot.nextRefreshAt),
      };
    }
    return {
      connection: this.#connection,
      offlineSince: this.#offlineSince === null ? null : isoAt(this.#offlineSince),
      ...(this.#o.cache?.status() ?? { cacheSavedAt: null, cacheNotice: null }),
      datasets,
      progress: this.#progress
        ? {
            label: 'Loading the account',
            // devices, sessions, users and the current user: four requests beside the folder tree's
            done: this.#progress.others + this.#progress.folders.done,
            total: 4 + this.#progress.folders.total,
          }
        : null,
    };
  }

  // ---- internals -----------------------------------------------------------------------------------

  /**
   * A poll says nothing when it starts, only when it ends: an idle poll then costs the renderer one small
   * sync:dataset event. (A renderer that asked for a refresh shows it as under way until its call answers.)
   */
  #run(dataset: DatasetName): Promise<void> {
    const slot = this.#slots[dataset];
    if (!this.#running) return Promise.resolve();
    if (slot.inflight) return slot.inflight;
    this.#clearTimer(dataset);
    slot.inflight = this.#poll(dataset).finally(() => {
      slot.inflight = null;
      this.#emitState();
    });
    return slot.inflight;
  }

  #runAfresh(dataset: DatasetName): Promise<void> {
    const slot = this.#slots[dataset];
    if (!slot.inflight) return this.#run(dataset);
    const again = () => {
      slot.rerun = null;
      return this.#run(dataset);
    };
    slot.rerun ??= slot.inflight.then(again, again);
    return slot.rerun;
  }

  async #poll(dataset: DatasetName): Promise<void> {
    const slot = this.#slots[dataset];
    const epoch = slot.epoch;
    const signal = this.#abort.signal;
    let polled: DevicesPoll | null = null;
    try {
      // The datasets diffed here: the devices are diffed by the feed (its delta comes as `polled`).
      const other = dataset as Exclude<DatasetName, 'devices'>;
      let records: DatasetRecordMap[typeof other][] = [];
      if (dataset === 'devices') {
        this.#fence.pollStarted();
        const { feed, get } = this.#o.devices;
        if (get) {
          polled = await feed.poll(get, signal);
          if (this.#progress) this.#progress.others += 1;
        } else polled = await feed.diff(await this.#fetch('devices', signal));
      } else records = await this.#fetch(other, signal);
      if (signal.aborted || !this.#running) {
        polled?.discard();
        return;
      }
      this.#comeOnline();
      slot.backoff.reset();
      slot.error = null;
      slot.lastSuccessAt = this.#o.clock.now();
      this.#markAttempted(dataset);
      const picture = this.#o.picture;
      const held = dataset === 'devices' ? picture.devices.size : picture.maps[dataset].size;
      const first = picture.fetchedAt[dataset] === null && held === 0;
      const fenced = dataset === 'devices' ? this.#fence.fenced() : new Set<Id>();
      // A write that named no devices, or a first load (the whole list) with a fenced device: try later.
      if (slot.epoch !== epoch || slot.writes > 0 || ((polled?.complete || first) && fenced.size > 0)) {
        polled?.discard();
        this.#schedule(dataset, RACED_WRITE_RETRY_MS);
        return;
      }
      const fetchedAt = isoAt(slot.lastSuccessAt);
      let changed: boolean;
      if (polled) changed = await commitPoll(polled, { fenced, fetchedAt, fence: this.#fence, ...this.#o });
      else {
        const change = first
          ? picture.reset(other, records, fetchedAt)
          : picture.replace(other, records, fetchedAt);
        if (change) this.#o.onChange(change);
        changed = change !== null;
      }
      this.#o.onFetched?.(dataset, changed);
      this.#schedule(dataset, this.#interval(dataset));
    } catch (caught) {
      polled?.discard();
      if (signal.aborted || !this.#running) return;
      const error = toAppError(caught);
      this.#markAttempted(dataset);
      if (isUnauthorized(error)) {
        this.#unauthorized(error);
        return;
      }
      if (isUnreachable(error)) this.#goOffline();
      else this.#comeOnline(); // the service answered, just not with what we asked
      slot.error = error;
      const delay = slot.backoff.fail();
      this.#log.warn(
        `refresh of ${dataset} failed (${error.kind}); next try in ${Math.round(delay / 1000)} s`,
      );
      this.#schedule(dataset, delay);
    }
  }

  #fetch<D extends DatasetName>(dataset: D, signal: AbortSignal): Promise<DatasetRecordMap[D][]> {
    return fetchDataset(this.#o.api, dataset, {
      signal,
      concurrency: this.#o.concurrency ?? 4,
      onRequest: () => {
        if (this.#progress) this.#progress.others += 1;
      },
      onFolders: (done, total) => {
        if (!this.#progress) return;
        // The tree's size is learnt as it is walked: the total grows with it.
        this.#progress.folders = { done, total };
        this.#emitState();
      },
      onCurrentUser: (user) => this.#o.onCurrentUser(user),
    });
  }

  #markAttempted(dataset: DatasetName): void {
    this.#slots[dataset].attempted = true;
    if (this.#progress && DATASET_NAMES.every((d) => this.#slots[d].attempted)) this.#progress = null;
  }

  #interval(dataset: DatasetName): number {
    return POLL_INTERVALS[this.#activity][dataset];
  }

  #schedule(dataset: DatasetName, delay: number): void {
    this.#clearTimer(dataset);
    const slot = this.#slots[dataset];
    slot.nextRefreshAt = this.#o.clock.now() + delay;
    if (!this.#running || this.#suspended) return;
    slot.timer = this.#o.clock.setTimeout(() => {
      slot.timer = null;
      void this.#run(dataset);
    }, delay);
  }

  #clearTimer(dataset: DatasetName): void {
    const slot = this.#slots[dataset];
    if (slot.timer !== null) this.#o.clock.clearTimeout(slot.timer);
    slot.timer = null;
  }

  #goOffline(): void {
    if (this.#connection !== 'offline') {
      this.#connection = 'offline';
      this.#offlineSince = this.#o.clock.now();
      this.#log.warn('service unreachable: offline');
      this.#emitState();
    }
  }

  #comeOnline(): void {
    const wasOffline = this.#connection === 'offline';
    this.#connection = 'online';
    this.#offlineSince = null;
    if (!wasOffline) return;
    this.#log.info('service reachable again');
    // The other datasets are waiting out their backoff: now is a better time.
    for (const dataset of DATASET_NAMES) {
      const slot = this.#slots[dataset];
      if (slot.backoff.failures > 0 && !slot.inflight) this.#schedule(dataset, 0);
    }
  }

  #unauthorized(error: AppError): void {
    this.stop();
    this.#o.onUnauthorized(error);
  }

  #emitState(): void {
    this.#o.onState(this.state());
  }
}
