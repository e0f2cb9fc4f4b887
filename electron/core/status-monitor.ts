// The status history, outage detection and watches of the signed-in account, behind the few calls the
// core makes: a devices change or an unchanged devices poll, the connection lost, sleep, sign-out and
// quit. It records (status-history/), decides what to notify (status-alerts/), persists watches and the
// alert memory per account, and answers the renderer's history questions.

import path from 'node:path';
import type { Settings } from '../../shared/ipc/contract.js';
import type { Id } from '../../shared/model.js';
import type { DeviceFacts } from './device-facts.js';
import type { OutageInfo, QuietHours, StatusNotice, Watch } from '../../shared/status-history.js';
import type { Logger } from './logger.js';
import { silentLogger } from './logger.js';
import type { AlertMemory } from './status-alerts/alert-evaluator.js';
import { evaluateAlerts } from './status-alerts/alert-evaluator.js';
import { AlertsStore, accountDirName } from './status-alerts/alerts-store.js';
import { isQuiet } from './status-alerts/quiet-hours.js';
import { HISTORY_ROOT } from './store/data-dirs.js';
import { WatchScope } from './status-alerts/watch-scope.js';
import type { DevicesRecorded, RecordedPoll } from './status-history/history-store.js';
import { StatusHistory } from './status-history/history-store.js';
import { EndedOutages } from './status-history/ended-outages.js';

/** What the monitor reads of the devices: their facts (device-facts.ts); the status is the history's own. */
export type DeviceFactsReader = Pick<DeviceFacts, 'folderOf' | 'labelOf' | 'folderSizes' | 'idsInFolders'>;

/** What the monitor reads of the account's current data: the devices' facts and the folder tree. */
export interface MonitorData {
  /** The devices' facts as they are now (the picture replaces them whole on a reset or a cache load). */
  devices(): DeviceFactsReader;
  /** Every folder held. */
  folderIds(): Iterable<Id>;
  folderParent(id: Id): Id | null;
  folderName(id: Id): string | null;
}

export interface StatusMonitorOptions {
  dataDir: string;
  account: string;
  data: MonitorData;
  settings(): Pick<Settings, 'notificationsEnabled' | 'notificationsPausedUntil'>;
  notify(notice: StatusNotice): void;
  /** Something the tray shows changed (counts, outages, watched devices down). */
  onTrayChange(): void;
  logger?: Logger;
  retentionDays?: number;
}

export interface StatusTrayInfo {
  counts: { online: number; offline: number; busy: number };
  outages: OutageInfo[];
  /** Watched devices now offline (names), the first few. */
  watchedDown: Array<{ id: Id; label: string | null }>;
  watchedDownTotal: number;
}

const TRAY_LIST = 5;

export class StatusMonitor {
  readonly history: StatusHistory;
  readonly account: string;
  readonly #o: StatusMonitorOptions;
  readonly #store: AlertsStore;
  readonly #log: Logger;
  #watches: Watch[];
  #quietHours: QuietHours | null;
  #memory: AlertMemory;
  #saving: Promise<void> = Promise.resolve();
  /** Outages that ended, newest last (the Overview's "recent outages"), kept with the history. */
  readonly #ended: EndedOutages;

  private constructor(
    o: StatusMonitorOptions,
    history: StatusHistory,
    store: AlertsStore,
    state: { watches: Watch[]; quietHours: QuietHours | null; memory: AlertMemory },
    ended: EndedOutages,
  ) {
    this.#ended = ended;
    this.#o = o;
    this.account = o.account;
    this.history = history;
    this.#store = store;
    this.#log = o.logger ?? silentLogger;
    this.#watches = state.watches;
    this.#quietHours = state.quietHours;
    this.#memory = state.memory;
  }

  static async open(o: StatusMonitorOptions): Promise<StatusMonitor> {
    const dir = path.join(o.dataDir, HISTORY_ROOT, accountDirName(o.account));
    const history = await StatusHistory.open({
      dir,
      ...(o.logger ? { logger: o.logger } : {}),
      ...(o.retentionDays !== undefined ? { retentionDays: o.retentionDays } : {}),
    });
    const store = new AlertsStore(o.dataDir, o.logger);
    const ended = await EndedOutages.open(dir, o.logger);
    return new StatusMonitor(o, history, store, await store.load(o.account), ended);
  }

  // ---- what the core reports ---------------------------------------------------------------------------

  onDevicesChange(change: DevicesRecorded, now: number): void {
    const poll = this.history.recordDevices(change, now);
    if (poll) this.#evaluate(poll, now);
  }

  /** onDevicesChange over several turns of the event loop (a full comparison of a large account). */
  async onDevicesChangeSliced(
    change: DevicesRecorded,
    now: number,
    turn?: () => Promise<void>,
  ): Promise<void> {
    const poll = await this.history.recordDevicesSliced(change, now, turn);
    if (poll) this.#evaluate(poll, now);
  }

  /** A devices poll that found nothing new. */
  onDevicesUnchanged(now: number): void {
    this.history.heartbeat(now);
    this.#evaluate({ at: now, transitions: [], baseline: false }, now);
  }

  /** The console lost the service, or went to sleep: unknown from now until the next poll. */
  onBlind(reason: 'offline' | 'asleep', now: number): void {
    this.history.beginGap(reason, now);
  }

  async close(reason: 'signed-out' | 'closed', now: number): Promise<void> {
    await this.history.close(now, reason);
    await this.#saving;
    await this.#ended.flush();
  }

  /** Closes the files of a history that was only read (the signed-out copy's), writing nothing. */
  async release(): Promise<void> {
    await this.#saving;
    await this.history.release();
  }

  // ---- watches -------------------------------------------------------------------------------------------

  get watches(): readonly Watch[] {
    return this.#watches;
  }

  get quietHours(): QuietHours | null {
    return this.#quietHours;
  }

  async setWatches(watches: Watch[], quietHours: QuietHours | null): Promise<void> {
    this.#watches = watches;
    this.#quietHours = quietHours;
    this.#save();
    this.#o.onTrayChange();
    await this.#saving;
  }

  // ---- the tray ------------------------------------------------------------------------------------------

  trayInfo(): StatusTrayInfo {
    const counts = { online: 0, offline: 0, busy: 0 };
    const data = this.#o.data;
    const devices = data.devices();
    // Watched: by its own watch, its folder's (or an ancestor's), or the account's.
    const scope = new WatchScope(this.#watches, (f) => data.folderParent(f));
    const watchedDown: StatusTrayInfo['watchedDown'] = [];
    let watchedDownTotal = 0;
    this.history.index.entries.forEach((id, status) => {
      if (status === 'online' || status === 'offline' || status === 'busy') counts[status]++;
      if (status !== 'offline' || scope.isEmpty) return;
      if (scope.watchesOf(id, devices.folderOf(id) ?? null).length === 0) return;
      watchedDownTotal++;
      if (watchedDown.length < TRAY_LIST) watchedDown.push({ id, label: devices.labelOf(id) });
    });
    return { counts, outages: this.openOutages(), watchedDown, watchedDownTotal };
  }

  openOutages(): OutageInfo[] {
    return Object.values(this.#memory.outages).map((o) => ({
      folderId: o.folderId,
      folderName: this.#o.data.folderName(o.folderId),
      start: o.start,
      end: null,
      devices: o.devices.length,
      folderSize: o.folderSize,
    }));
  }

  /** Open outages, then those ended recently, newest first. */
  recentOutages(): OutageInfo[] {
    return [...this.openOutages(), ...[...this.#ended.list].reverse()];
  }

  // ---- deciding ------------------------------------------------------------------------------------------

  #evaluate(poll: RecordedPoll, now: number): void {
    const data = this.#o.data;
    const devices = data.devices();
    const before = Object.keys(this.#memory.outages).join();
    const result = evaluateAlerts(
      {
        now,
        transitions: poll.transitions,
        baseline: poll.baseline,
        index: this.history.index,
        scope: new WatchScope(this.#watches, (f) => data.folderParent(f)),
        // Only a poll with transitions can start or end an outage: a heartbeat needs no folder sizes.
        folderSizes: poll.transitions.length > 0 ? devices.folderSizes() : new Map(),
        deviceFolder: (id) => devices.folderOf(id) ?? null,
        deviceLabel: (id) => devices.labelOf(id),
        folderLabel: (id) => data.folderName(id),
        quiet: isQuiet(this.#o.settings(), this.#quietHours, now),
      },
      this.#memory,
    );
    this.#memory = result.memory;
    this.#ended.add(
      result.outages.ended.map((o) => ({
        folderId: o.folderId,
        folderName: data.folderName(o.folderId),
        start: o.start,
        end: o.end,
        devices: o.devices.length,
        folderSize: o.folderSize,
      })),
    );
    if (result.dirty) this.#save();
    if (result.notice) {
      try {
        this.#o.notify(result.notice);
      } catch (error) {
        this.#log.warn('status notice not shown', { error });
      }
    }
    if (poll.transitions.length > 0 || Object.keys(this.#memory.outages).join() !== before)
      this.#o.onTrayChange();
  }

  #save(): void {
    const state = { watches: this.#watches, quietHours: this.#quietHours, memory: this.#memory };
    // Chained and awaited on close: a restart right after a notice must find it remembered.
    this.#saving = this.#saving
      .then(() => this.#store.save(this.#o.account, state))
      .catch((error) => this.#log.warn('status alerts not saved', { error }));
  }
}
