// Keeps the offline copy of the signed-in account: opens it into the picture at sign-in, writes it a few
// seconds after changes (debounced, chained so two writes never race), and says what the technician sees
// about it: when the copy shown was saved (until every dataset has been fetched fresh) and why it could not
// be read or written. A failed write is a notice, never a stop: the app goes on with the data in memory.

import path from 'node:path';
import type { DataChange, DatasetName } from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import type { Device, User } from '../../shared/model.js';
import type { Clock, TimerHandle } from './clock.js';
import type { DevicesFeed } from './devices-feed.js';
import type { DevicesPartChange } from './devices-part.js';
import type { FirstScreenFile } from './first-screen.js';
import { isoAt } from './clock.js';
import type { Logger } from './logger.js';
import type { CachedPicture } from './offline-cache.js';
import { OfflineCache, readFirstScreen } from './offline-cache.js';
import { onStoreNotice } from './store/notices.js';
import { storageProblem } from './atomic-file.js';
import type { Picture } from './picture.js';
import { DeviceFacts } from './device-facts.js';

/** What the sync state says about the offline copy. */
export interface CacheStatus {
  cacheSavedAt: string | null;
  cacheNotice: string | null;
}

export interface CacheKeeperOptions {
  dataDir: string;
  picture: Picture;
  clock: Clock;
  logger: Logger;
  /** Reads and writes the devices part (devices.json) off this thread, from its mirror of the picture. */
  devices: DevicesFeed;
  /** Delay before the copy is written after a change (default 3 s). */
  saveDelayMs?: number;
  /** The status changed in a way the sync state must show now (a failed write). */
  onStatusChange: () => void;
  /**
   * Open a large copy by its first screen (default true): a window paints those rows while the rest loads.
   * False where nothing is painted and the whole copy is awaited anyway (the command line): reading and
   * validating the first screen there only delays the answer (~60 ms of a 100,000-device query).
   */
  firstScreen?: boolean;
}

/**
 * A large copy's other devices are read once a window has taken its first screen (its snapshot) and had
 * DRAW_HEAD_START_MS to draw it, or FIRST_SCREEN_ALONE_MS after the copy opened when no window asks (a
 * console started to the tray, an account not on screen). Read at once, their parsing (~0.5 s of a core at
 * 100,000 devices) and their parts took a core from the window while it compiled and drew the rows the
 * technician waits for. Real time, not the account's clock: the point is this machine's cores.
 */
export const DRAW_HEAD_START_MS = 300;
export const FIRST_SCREEN_ALONE_MS = 1_000;

/** Unchanged polls only refresh the copy's timestamps: not worth rewriting a large file more often. */
export const CACHE_TIMESTAMP_REFRESH_MS = 5 * 60_000;

export class CacheKeeper {
  readonly #o: CacheKeeperOptions;
  #cache: OfflineCache | null = null;
  #user: User | null = null;
  #timer: TimerHandle | null = null;
  #saving: Promise<void> = Promise.resolve();
  /** A window took the first screen: the other devices are read after its head start. */
  #firstScreenTaken: (() => void) | null = null;
  /** The devices of a copy opened by its first screen, still loading: a save waits for them. */
  #loading: Promise<void> = Promise.resolve();
  /**
   * While a copy's devices load, the devices shown of it so far (its first screen, or none): what a
   * renderer's snapshot carries then, for their owner answers a listing only once the load is done.
   */
  #shown: Device[] | null = null;
  #lastSaveAt = 0;
  #freshSinceCache = new Set<DatasetName>();
  #status: CacheStatus = { cacheSavedAt: null, cacheNotice: null };
  #disposed = false;
  /** The last of this data directory's own files the store had to keep aside (settings, views, …). */
  #storeNotice: string | null = null;
  readonly #unsubscribe: () => void;

  constructor(options: CacheKeeperOptions) {
    this.#o = options;
    // The sync state's notice is the one sentence about our files the renderer shows (a banner): a
    // damaged settings or views file is said there too, not only in the log.
    const own = path.resolve(options.dataDir) + path.sep;
    this.#unsubscribe = onStoreNotice((notice) => {
      if (this.#disposed || !path.resolve(notice.file).startsWith(own)) return;
      this.#storeNotice = notice.message;
      this.#o.onStatusChange();
    });
  }

  /**
   * The devices a window's snapshot carries of a copy whose devices are still loading (see #shown); null
   * when none is. A window has the first screen then: the rest is read after its head start.
   */
  shownToWindow(): Device[] | null {
    if (this.#shown) this.#firstScreenTaken?.();
    return this.#shown;
  }

  /** Calls `begin` after the first screen's head start (see DRAW_HEAD_START_MS). */
  #headStart(begin: () => void): void {
    const go = () => {
      clearTimeout(timer);
      this.#firstScreenTaken = null;
      begin();
    };
    let timer = setTimeout(go, FIRST_SCREEN_ALONE_MS);
    this.#firstScreenTaken = () => {
      this.#firstScreenTaken = null;
      clearTimeout(timer);
      timer = setTimeout(go, DRAW_HEAD_START_MS);
    };
  }

  /** The open copy's devices file: what a replaced devices owner reloads (devices-poller.ts `reseed`). */
  devicesFile(): string | null {
    return this.#cache?.devicesFile ?? null;
  }

  status(): CacheStatus {
    return { ...this.#status, cacheNotice: this.#status.cacheNotice ?? this.#storeNotice };
  }

  /**
   * Keeps the copy of this account from now on and puts what was read into the picture (or clears the
   * picture). Returns the changes to send, and the user the copy remembers. When the copy has a first
   * screen (first-screen.ts), the devices in `changes` are only those rows and `rest` brings the others:
   * the picture holds all devices only once it resolved, and nothing may poll, write or save before.
   */
  async open(
    baseUrl: string,
    userId: string,
  ): Promise<{ changes: DataChange[]; cachedUser: User | null; rest: Promise<DataChange[]> | null }> {
    const cache = new OfflineCache(this.#o.dataDir, baseUrl, userId, this.#o.logger);
    const loaded = await cache.load();
    this.#cache = cache;
    this.#user = null;
    this.#freshSinceCache.clear();
    const picture = this.#o.picture;
    // The worker starts reading the whole devices file while this thread reads the small first screen. Its
    // parts are kept as they come, each as the change that says it (no join, no second split for the
    // renderer), and indexed for the picture, which takes them once the load is whole.
    const fetchedAt = loaded.status === 'loaded' ? loaded.picture.datasets.devices.fetchedAt : null;
    const facts = new DeviceFacts();
    const parts: DevicesPartChange[] = [];
    // Asked now, so that what the owner is asked meanwhile waits for the load; read now or, when the copy
    // opens by its first screen, after that screen's head start.
    let begin = (): void => undefined;
    const after = this.#o.firstScreen !== false ? new Promise<void>((go) => (begin = go)) : undefined;
    const devices =
      loaded.status === 'loaded'
        ? this.#o.devices.loadCache(
            cache.devicesFile,
            (part) => {
              for (const digest of part.digests().added) facts.put(digest);
              parts.push(part.change(false, fetchedAt));
            },
            after,
          )
        : null;
    devices?.catch(() => undefined); // handled below, once awaited
    this.#shown = devices ? [] : null;
    let first: FirstScreenFile | null = null;
    try {
      const screen =
        loaded.status === 'loaded' && this.#o.firstScreen !== false
          ? await readFirstScreen(cache.devicesFile, this.#o.logger)
          : null;
      // Worth it only when there is more than the first screen: a small copy opens whole, as before.
      first = screen && screen.total > screen.records.length ? screen : null;
    } finally {
      if (first) this.#headStart(begin);
      else begin();
    }
    if (loaded.status === 'loaded' && first) {
      this.#shown = first.records;
      const changes = DATASET_NAMES.map((dataset) =>
        dataset === 'devices'
          ? // The worker's mirror gets all devices from the load under way.
            picture.reset('devices', first.records, fetchedAt, true)
          : picture.reset(
              dataset,
              loaded.picture.datasets[dataset].records as never,
              loaded.picture.datasets[dataset].fetchedAt,
            ),
      );
      this.#status = { cacheSavedAt: loaded.picture.savedAt, cacheNotice: null };
      const rest = (devices as NonNullable<typeof devices>).then(
        (result): DataChange[] => {
          this.#shown = null;
          if (result.status !== 'loaded') return this.#unreadable(result);
          picture.adoptDevices(facts, fetchedAt);
          // Added on top of the first screen (its rows come again, unchanged: the stamps matched).
          return parts;
        },
        (error: unknown) => {
          this.#shown = null;
          return this.#unreadable({ status: 'discarded', notice: storageProblem(error, 'the offline copy') });
        },
      );
      this.#loading = rest.then(() => undefined);
      return { changes, cachedUser: loaded.picture.currentUser, rest };
    }
    const all = devices ? await devices.finally(() => (this.#shown = null)) : null;
    if (loaded.status === 'loaded' && all?.status === 'loaded') {
      const changes = DATASET_NAMES.flatMap((dataset): DataChange[] => {
        const entry = loaded.picture.datasets[dataset];
        if (dataset !== 'devices') return [picture.reset(dataset, entry.records as never, entry.fetchedAt)];
        // The devices came through the feed's mirror, which already holds them; its first part resets.
        picture.adoptDevices(facts, fetchedAt);
        const [head, ...tail] = parts;
        return [
          head
            ? head.withReset(true)
            : { dataset, reset: true, added: [], changed: [], removed: [], fetchedAt },
          ...tail,
        ];
      });
      this.#status = { cacheSavedAt: loaded.picture.savedAt, cacheNotice: null };
      return { changes, cachedUser: loaded.picture.currentUser, rest: null };
    }
    this.#status = {
      cacheSavedAt: null,
      cacheNotice:
        loaded.status === 'discarded' ? loaded.notice : all?.status === 'discarded' ? all.notice : null,
    };
    return { changes: picture.clear(), cachedUser: null, rest: null };
  }

  /** The devices of a copy shown by its first screen could not be read: the copy is not shown after all. */
  #unreadable(result: { status: 'none' } | { status: 'discarded'; notice: string }): DataChange[] {
    this.#status = { cacheSavedAt: null, cacheNotice: result.status === 'discarded' ? result.notice : null };
    this.#o.onStatusChange();
    return this.#o.picture.clear();
  }

  /** The signed-in user as the copy carries it; `save` when it changed (names, time zone). */
  setUser(user: User, { save }: { save: boolean }): void {
    this.#user = user;
    if (save) this.scheduleSave();
  }

  /** The picture changed: write the copy after the delay (one write for a burst of changes). */
  scheduleSave(): void {
    if (!this.#cache || this.#timer !== null || this.#disposed) return;
    this.#timer = this.#o.clock.setTimeout(() => {
      this.#timer = null;
      void this.#save();
    }, this.#o.saveDelayMs ?? 3_000);
  }

  /**
   * A dataset was fetched: once all are fresh the copy's age is no longer what is shown. A change is written
   * (a devices poll's parts went to the renderers without the core's change handler: devices-commit.ts).
   */
  fetched(dataset: DatasetName, changed: boolean): void {
    if (this.#status.cacheSavedAt) {
      this.#freshSinceCache.add(dataset);
      if (this.#freshSinceCache.size === DATASET_NAMES.length) this.#status.cacheSavedAt = null;
    }
    if (changed || this.#o.clock.now() - this.#lastSaveAt > CACHE_TIMESTAMP_REFRESH_MS) this.scheduleSave();
  }

  /**
   * Stops keeping the copy. A pending write is dropped (the account is being left); `forget` also removes
   * the file.
   */
  async close({ forget }: { forget: boolean }): Promise<void> {
    this.#clearTimer();
    await this.#saving;
    const cache = this.#cache;
    this.#cache = null;
    this.#user = null;
    this.#status = { cacheSavedAt: null, cacheNotice: null };
    if (forget && cache) await removeCopy(cache, this.#o.logger);
  }

  /** Removes the copy of an account that is not open (its sign-in is gone). */
  async discard(baseUrl: string, userId: string): Promise<void> {
    await removeCopy(new OfflineCache(this.#o.dataDir, baseUrl, userId), this.#o.logger);
  }

  /** The app quits: a pending write is done now, so the latest changes are on disk. */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#unsubscribe();
    if (this.#timer !== null) {
      this.#clearTimer();
      await this.#save();
    }
    await this.#saving;
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#o.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #save(): Promise<void> {
    const cache = this.#cache;
    if (!cache) return this.#saving;
    const now = this.#o.clock.now();
    this.#lastSaveAt = now;
    const picture = this.#o.picture;
    const snapshot: CachedPicture = {
      savedAt: isoAt(now),
      currentUser: this.#user,
      datasets: {
        folders: { fetchedAt: picture.fetchedAt.folders, records: picture.list('folders') },
        // The devices are written by the poll worker from its mirror, which equals the picture's.
        devices: { fetchedAt: picture.fetchedAt.devices, records: [] },
        sessions: { fetchedAt: picture.fetchedAt.sessions, records: picture.list('sessions') },
        users: { fetchedAt: picture.fetchedAt.users, records: picture.list('users') },
      },
    };
    // cache.save never rejects: a failure comes back as the notice to show. Not before the devices of a
    // copy opened by its first screen are in the worker's mirror: it would write a partial list.
    const devicesSaved = this.#loading
      .then(() => this.#o.devices.saveCache(cache.devicesFile, picture.fetchedAt.devices))
      .catch((error: unknown) => storageProblem(error, 'the offline copy'));
    this.#saving = this.#saving.then(async () => {
      // The devices first: picture.json, written last, is what says a copy is complete.
      const notice = (await devicesSaved) ?? (await cache.save(snapshot));
      if (notice && this.#cache === cache) {
        this.#status.cacheNotice = notice;
        this.#o.onStatusChange();
      }
    });
    return this.#saving;
  }
}

async function removeCopy(cache: OfflineCache, log: Logger): Promise<void> {
  try {
    await cache.clear();
  } catch (error) {
    // Nothing of value is lost (the copy is being forgotten); a leftover file is logged so it can be found.
    log.warn('offline copy not removed', { error });
  }
}
