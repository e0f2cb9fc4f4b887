// Drives the status history and the alert evaluator together, poll by poll, as the core does.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Device, Id, KnownDeviceStatus } from '../../../shared/model.js';
import type { StatusNotice, Watch } from '../../../shared/status-history.js';
import type { AlertMemory, AlertResult } from '../../../electron/core/status-alerts/alert-evaluator.js';
import { emptyAlertMemory, evaluateAlerts } from '../../../electron/core/status-alerts/alert-evaluator.js';
import { WatchScope } from '../../../electron/core/status-alerts/watch-scope.js';
import { StatusHistory } from '../../../electron/core/status-history/history-store.js';
import { deltaChange, device, resetChange } from './history-fixtures.js';

export class AlertsRig {
  history!: StatusHistory;
  dir = '';
  devices = new Map<Id, Device>();
  folderParent = new Map<Id, Id | null>();
  watches: Watch[] = [];
  memory: AlertMemory = emptyAlertMemory();
  notices: StatusNotice[] = [];
  quiet = false;
  last: AlertResult | null = null;

  async start(devices: Device[], at: number): Promise<void> {
    this.dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'alerts-'));
    this.history = await StatusHistory.open({ dir: this.dir });
    for (const d of devices) {
      this.devices.set(d.id, d);
      if (d.folderId !== null && !this.folderParent.has(d.folderId)) this.folderParent.set(d.folderId, null);
    }
    this.#evaluate(this.history.recordDevices(resetChange(devices, at), at), at);
  }

  /** One devices poll at `at` in which the given devices have the given statuses. */
  poll(at: number, statuses: Record<Id, KnownDeviceStatus> = {}): StatusNotice | null {
    const changed: Device[] = [];
    for (const [id, status] of Object.entries(statuses)) {
      const old = this.devices.get(id) as Device;
      const d = device(id, status, old.folderId);
      this.devices.set(id, d);
      changed.push(d);
    }
    const before = this.notices.length;
    if (changed.length === 0) {
      this.history.heartbeat(at);
      this.#evaluate({ at, transitions: [], baseline: false }, at);
    } else {
      this.#evaluate(this.history.recordDevices(deltaChange(changed, at), at), at);
    }
    return this.notices.length > before ? (this.notices[this.notices.length - 1] as StatusNotice) : null;
  }

  #evaluate(poll: ReturnType<StatusHistory['recordDevices']>, now: number): void {
    if (!poll) return;
    const sizes = new Map<Id, number>();
    for (const d of this.devices.values()) {
      if (d.folderId !== null) sizes.set(d.folderId, (sizes.get(d.folderId) ?? 0) + 1);
    }
    const result = evaluateAlerts(
      {
        now,
        transitions: poll.transitions,
        baseline: poll.baseline,
        index: this.history.index,
        scope: new WatchScope(this.watches, (f) => this.folderParent.get(f) ?? null),
        folderSizes: sizes,
        deviceFolder: (id) => this.devices.get(id)?.folderId ?? null,
        deviceLabel: (id) => this.devices.get(id)?.name ?? id,
        folderLabel: () => null, // nameless: the reader's language names them by id
        quiet: this.quiet,
      },
      this.memory,
    );
    this.last = result;
    this.memory = result.memory;
    if (result.notice) this.notices.push(result.notice);
  }

  async stop(): Promise<void> {
    if (!this.dir) return;
    await this.history.close(Date.now());
    await fsp.rm(this.dir, { recursive: true, force: true });
  }
}

export function watchAll(when: Partial<Watch['when']> = {}): Watch {
  return {
    id: 'all',
    target: { kind: 'account' },
    when: { offline: true, online: true, offlineLongerMinutes: null, busyLongerMinutes: null, ...when },
  };
}
