// The signed-in account's status history in the core (issue 11): opens its StatusMonitor on sign-in,
// feeds it the devices deltas and unchanged polls, marks the console's blind stretches (offline, asleep,
// signed out, closed) and closes it on the way out. It reads the devices and folders from the picture.
//
// The first devices poll after opening is recorded as a full comparison (a reset of the whole picture)
// rather than the delta the engine sends: the delta is computed against the offline copy loaded at
// sign-in, while the history compares against what it recorded, which may be older or empty.

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../../shared/ipc/contract.js';
import type { StatusNotice } from '../../shared/status-history.js';
import type { TrayDevices } from '../core-port.js';
import type { Clock } from './clock.js';
import type { DevicesFeed } from './devices-feed.js';
import type { Logger } from './logger.js';
import type { Picture } from './picture.js';
import { accountDirName } from './status-alerts/alerts-store.js';
import { HISTORY_ROOT } from './store/data-dirs.js';
import type { DevicesRecorded, RecordedDevice } from './status-history/history-store.js';
import type { MonitorData } from './status-monitor.js';
import { StatusMonitor } from './status-monitor.js';

export interface StatusKeeperOptions {
  dataDir: string;
  picture: Picture;
  clock: Clock;
  logger: Logger;
  settings(): Pick<Settings, 'notificationsEnabled' | 'notificationsPausedUntil' | 'historyRetentionDays'>;
  notify(notice: StatusNotice): void;
  onTrayChange(): void;
  /**
   * The devices' owner: it lists every device for the first full comparison. Each poll's devices come in
   * its parts (devicesPolled); this thread keeps no list of them.
   */
  devices: Pick<DevicesFeed, 'list'>;
  /** The history's change log moved, or another history opened or closed: its rows go out (since-stream.ts). */
  onSinceMoved(): void;
  /**
   * Open the history at its first use rather than at sign-in (the command line: a read answered from a
   * fresh copy polls nothing and asks nothing of it, and reading its checkpoint and log was ~60 ms of a
   * 100,000-device query). What uses it first (a poll recorded, a history channel: ready()) waits for it.
   */
  onDemand?: boolean;
}

/** A poll's parts as the one change the history records (until it reads the worker's log: issue 21). */
function onePoll(parts: readonly DevicesRecorded[]): DevicesRecorded {
  const [head] = parts;
  return {
    reset: head?.reset ?? false,
    added: parts.flatMap((p) => p.added),
    changed: parts.flatMap((p) => p.changed),
    removed: parts.flatMap((p) => p.removed),
    fetchedAt: head?.fetchedAt ?? null,
  };
}

export class StatusKeeper {
  readonly #o: StatusKeeperOptions;
  readonly data: MonitorData;
  monitor: StatusMonitor | null = null;
  /** The history is the signed-out copy's: shown, never written (no polls, no watches changed). */
  #copy = false;
  #opening: Promise<void> | null = null;
  /** Its opening, deferred to the first use (onDemand), and whose; null once begun or when none is. */
  #deferred: { account: string; open: () => Promise<void> } | null = null;
  /** A deferred history's opening, until it is done. */
  #deferredOpening: Promise<void> | null = null;
  /** What came for a deferred history before it opened, in order. */
  #afterOpen: Promise<void> = Promise.resolve();
  #reconciled = false;
  /** The parts of a poll that was the whole list, come before the first full comparison (its input). */
  #whole: readonly DevicesRecorded[] | null = null;
  /** A sliced comparison under way, and what waits for it; null when nothing does. */
  #queue: Promise<void> | null = null;
  #tray: TrayDevices | null = null;

  constructor(o: StatusKeeperOptions) {
    this.#o = o;
    const picture = o.picture;
    this.data = {
      devices: () => picture.devices,
      folderIds: () => picture.maps.folders.keys(),
      folderParent: (id) => picture.maps.folders.get(id)?.parentId ?? null,
      folderName: (id) => picture.maps.folders.get(id)?.name ?? null,
    };
  }

  get readOnly(): boolean {
    return this.#copy;
  }

  async open(account: string, { copy = false }: { copy?: boolean } = {}): Promise<void> {
    await this.close({ reason: 'signed-out', forget: false });
    this.#reconciled = false;
    this.#whole = null;
    this.#copy = copy;
    const opening = () =>
      StatusMonitor.open({
        dataDir: this.#o.dataDir,
        account,
        data: this.data,
        settings: this.#o.settings,
        retentionDays: this.#o.settings().historyRetentionDays,
        notify: this.#o.notify,
        onTrayChange: () => {
          this.#tray = null;
          this.#o.onTrayChange();
        },
        logger: this.#o.logger,
      }).then(
        (m) => {
          this.monitor = m;
          this.#announce();
        },
        (error: unknown) => this.#o.logger.warn('status history not opened', { error }),
      );
    if (this.#o.onDemand) this.#deferred = { account, open: opening };
    else await (this.#opening = opening());
  }

  /** Resolves once the history is open (begun now if it waited for its first use: onDemand). */
  ready(): Promise<void> {
    const deferred = this.#deferred;
    if (deferred) {
      this.#deferred = null;
      const opening = (this.#opening = deferred.open());
      this.#deferredOpening = opening;
      void opening.then(() => {
        if (this.#deferredOpening === opening) this.#deferredOpening = null;
      });
    }
    return this.#opening ?? Promise.resolve();
  }

  /** True when `work` waits for a deferred history (and opens it): it then runs, in the order it came. */
  #waitsForOpening(work: () => void): boolean {
    if (!this.#deferred && !this.#deferredOpening) return false;
    const opened = this.ready();
    this.#afterOpen = this.#afterOpen.then(() => opened).then(work);
    return true;
  }

  /** A devices poll was applied, in these parts: the history records it as one poll. */
  devicesPolled(parts: readonly DevicesRecorded[]): void {
    if (this.#waitsForOpening(() => this.devicesPolled(parts))) return;
    if (!this.monitor) return;
    // Before the first full comparison a delta is relative to the offline copy: devicesFetched does it.
    // A whole list (a first sync, a lost mirror) is that comparison's input as it stands.
    if (!this.#reconciled) {
      this.#whole = parts[0]?.reset ? parts : null;
      return;
    }
    const now = this.#o.clock.now();
    const change = parts.length === 1 ? parts[0]! : onePoll(parts);
    this.#inOrder((m) => m.onDevicesChange(change, now));
  }

  devicesFetched(changed: boolean): void {
    if (this.#waitsForOpening(() => this.devicesFetched(changed))) return;
    const m = this.monitor;
    if (!m) return;
    const now = this.#o.clock.now();
    if (!this.#reconciled) {
      this.#reconciled = true;
      const whole = this.#whole;
      this.#whole = null;
      const fetchedAt = this.#o.picture.fetchedAt.devices;
      // The whole account compared with what the history holds: at 100,000 devices hundreds of
      // milliseconds of work, so it runs in slices, and what the history is told meanwhile waits for it.
      // A poll that was the whole list is that list; after a delta (on top of the offline copy) the owner
      // lists the devices as every commit before this call left them (a later poll's parts come after the
      // listing's, and its devicesPolled waits in the queue behind this).
      const listed = whole ? Promise.resolve(onePoll(whole).added) : this.#listDevices();
      // Between slices what the comparison recorded so far goes out: at 300,000 devices it runs for a
      // second or more, and the Since column fills while it does rather than all at once after it.
      const turn = () => {
        this.#announce();
        return new Promise<void>((resolve) => setImmediate(resolve));
      };
      this.#queued(
        listed.then((added) =>
          m.onDevicesChangeSliced({ reset: true, added, changed: [], removed: [], fetchedAt }, now, turn),
        ),
      );
    } else if (!changed) {
      this.#inOrder((monitor) => monitor.onDevicesUnchanged(now));
    }
  }

  /** Every device as the history records it (a part's digests), as their owner holds them now. */
  async #listDevices(): Promise<RecordedDevice[]> {
    const devices: RecordedDevice[] = [];
    await this.#o.devices.list((part) => {
      for (const digest of part.digests().added) devices.push(digest);
    });
    return devices;
  }

  /** The settings changed: a new retention applies to the open history at once. */
  settingsChanged(): void {
    const history = this.monitor?.history;
    const days = this.#o.settings().historyRetentionDays;
    if (history && history.retentionDays !== days) void history.setRetentionDays(days, this.#o.clock.now());
  }

  blind(reason: 'offline' | 'asleep'): void {
    // Nothing recorded in this run yet (a deferred history not opened): no watching to interrupt.
    if (this.#deferred) return;
    if (this.#waitsForOpening(() => this.blind(reason))) return;
    const now = this.#o.clock.now();
    this.#inOrder((m) => m.onBlind(reason, now));
  }

  /** Resolves once a sliced comparison under way, and what queued behind it, is recorded. */
  async settled(): Promise<void> {
    await this.#afterOpen;
    while (this.#queue) await this.#queue;
  }

  /** Runs now, or after the sliced comparison under way (the history records in order). */
  #inOrder(work: (m: StatusMonitor) => void): void {
    if (!this.#queue) {
      if (this.monitor) work(this.monitor);
      this.#announce();
      return;
    }
    this.#queued(
      this.#queue.then(() => {
        if (this.monitor) work(this.monitor);
      }),
    );
  }

  #queued(work: Promise<void>): void {
    const tail: Promise<void> = work
      .catch((error: unknown) => this.#o.logger.warn('status history not updated', { error }))
      .then(() => {
        if (this.#queue === tail) this.#queue = null;
        this.#announce();
      });
    this.#queue = tail;
  }

  /** The stream compares positions itself: an idle poll sends nothing. */
  #announce(): void {
    this.#o.onSinceMoved();
  }

  trayDevices(): TrayDevices | null {
    const m = this.monitor;
    if (!m) return null;
    if (this.#tray) return this.#tray;
    const info = m.trayInfo();
    this.#tray = {
      ...info.counts,
      outages: info.outages.map((o) => ({
        folderId: o.folderId,
        name: o.folderName,
        devices: o.devices,
        size: o.folderSize,
      })),
      watchedDown: info.watchedDown,
      watchedDownTotal: info.watchedDownTotal,
    };
    return this.#tray;
  }

  async close({ reason, forget }: { reason: 'signed-out' | 'closed'; forget: boolean }): Promise<void> {
    // Never opened in this run: nothing to mark (the last run's close did); forgotten, its files go.
    const deferred = this.#deferred;
    if (deferred) {
      this.#deferred = null;
      if (forget) await this.discardFiles(deferred.account);
      return;
    }
    await this.#opening;
    await this.settled();
    const m = this.monitor;
    const copy = this.#copy;
    this.monitor = null;
    this.#tray = null;
    this.#copy = false;
    if (!m) return;
    this.#announce();
    // A copy's history was only read: leaving it marks no gap (the last run's close already did).
    if (copy && !forget) return m.release();
    await m
      .close(reason, this.#o.clock.now())
      .catch((error) => this.#o.logger.warn('status history not closed', { error }));
    if (forget) await this.discardFiles(m.account);
  }

  /** Removes an account's history and watches (sign-out with "forget", a discarded account). */
  async discard(account: string): Promise<void> {
    if (this.monitor?.account === account) await this.close({ reason: 'signed-out', forget: true });
    else await this.discardFiles(account);
  }

  async discardFiles(account: string): Promise<void> {
    const dir = accountDirName(account);
    await fsp.rm(path.join(this.#o.dataDir, HISTORY_ROOT, dir), { recursive: true, force: true });
    await fsp.rm(path.join(this.#o.dataDir, `status-alerts-${dir}.json`), { force: true });
  }
}
