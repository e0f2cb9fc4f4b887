// Outages that ended and the retention setting, across a restart: a new StatusMonitor on the same data
// directory is what the core opens after a restart.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Device, Id } from '../../../../shared/model.js';
import { accountDirName } from '../../../../electron/core/status-alerts/alerts-store.js';
import { StatusHistory } from '../../../../electron/core/status-history/history-store.js';
import { segmentName } from '../../../../electron/core/status-history/segments.js';
import type { MonitorData } from '../../../../electron/core/status-monitor.js';
import { StatusMonitor } from '../../../../electron/core/status-monitor.js';
import { DeviceFacts } from '../../../../electron/core/device-facts.js';
import { ENDED_OUTAGES_KEPT } from '../../../../electron/core/store/files.js';
import { deltaChange, device, resetChange } from '../../support/history-fixtures.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sc-outages-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function monitorOf(devices: Map<Id, Device>): Promise<StatusMonitor> {
  const data: MonitorData = {
    // Read at each call: a test changes the devices between polls.
    devices: () => {
      const facts = new DeviceFacts();
      for (const d of devices.values()) facts.put(d);
      return facts;
    },
    folderIds: () => [],
    folderParent: () => null,
    folderName: (id) => `Site ${id}`,
  };
  return StatusMonitor.open({
    dataDir,
    account: 'acc',
    data,
    settings: () => ({ notificationsEnabled: true, notificationsPausedUntil: null }),
    notify: () => undefined,
    onTrayChange: () => undefined,
  });
}

/** Folder `f`'s four devices go offline at `down` and come back at `up`: one outage. */
function outage(m: StatusMonitor, devices: Map<Id, Device>, f: string, down: number, up: number): void {
  const set = (status: 'online' | 'offline', at: number) => {
    const changed = [0, 1, 2, 3].map((i) => device(`${f}-${i}`, status, f));
    for (const d of changed) devices.set(d.id, d);
    m.onDevicesChange(deltaChange(changed, at), at);
  };
  set('offline', down);
  set('online', up);
}

describe('ended outages', () => {
  it('are there after a restart, newest first, and only the last ones kept', async () => {
    const folders = Array.from({ length: ENDED_OUTAGES_KEPT + 2 }, (_, i) => `f${i}`);
    const devices = new Map<Id, Device>();
    for (const f of folders)
      for (let i = 0; i < 4; i++) devices.set(`${f}-${i}`, device(`${f}-${i}`, 'online', f));
    const first = await monitorOf(devices);
    first.onDevicesChange(resetChange([...devices.values()], T0), T0);
    folders.forEach((f, i) => outage(first, devices, f, T0 + (2 * i + 1) * MIN, T0 + (2 * i + 2) * MIN));
    const before = first.recentOutages();
    expect(before).toHaveLength(ENDED_OUTAGES_KEPT);
    await first.close('closed', T0 + DAY / 2);

    const again = await monitorOf(devices);
    try {
      const after = again.recentOutages();
      expect(after).toEqual(before);
      expect(after[0]).toMatchObject({
        folderId: `f${folders.length - 1}`,
        folderName: `Site f${folders.length - 1}`,
        devices: 4,
        folderSize: 4,
      });
      expect(after[0]!.end).toBe(T0 + 2 * folders.length * MIN);
    } finally {
      await again.close('closed', T0 + DAY);
    }
  });

  it('a damaged list is kept aside and the Overview starts with none', async () => {
    const dir = path.join(dataDir, 'status-history', accountDirName('acc'));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'outages.json'), '{"version":1,"ended":[{"folderId"');
    const m = await monitorOf(new Map());
    try {
      expect(m.recentOutages()).toEqual([]);
      expect((await readdir(dir)).some((n) => n.startsWith('outages.json.corrupt-'))).toBe(true);
    } finally {
      await m.close('closed', T0);
    }
  });
});

describe('retention', () => {
  async function historyWithDays(
    days: number[],
    retentionDays: number,
  ): Promise<{ dir: string; h: StatusHistory }> {
    const dir = path.join(dataDir, 'h');
    const h = await StatusHistory.open({ dir, retentionDays: 3650 });
    let n = 0;
    for (const d of days) {
      const at = T0 + d * DAY;
      h.recordDevices(resetChange([device('a', n++ % 2 === 0 ? 'online' : 'offline')], at), at);
    }
    await h.flush();
    await h.close(T0 + days[days.length - 1]! * DAY + MIN);
    return { dir, h: await StatusHistory.open({ dir, retentionDays }) };
  }

  it('a shorter retention deletes the days past it at once; the size and days on disk follow', async () => {
    const { dir, h } = await historyWithDays([0, 10, 20, 30, 40], 3650);
    try {
      expect(h.daysOnDisk).toBe(5);
      const bytes = h.sizeOnDisk;
      await h.setRetentionDays(15, T0 + 40 * DAY);
      expect((await readdir(dir)).filter((n) => n.endsWith('.seg')).sort()).toEqual([
        segmentName(T0 + 30 * DAY),
        segmentName(T0 + 40 * DAY),
      ]);
      expect(h.daysOnDisk).toBe(2);
      expect(h.sizeOnDisk).toBeLessThan(bytes);
      expect(h.retentionDays).toBe(15);
    } finally {
      await h.close(T0 + 41 * DAY);
    }
  });

  it('the history opened with a retention prunes by it at its next write', async () => {
    const { dir, h } = await historyWithDays([0, 10, 20], 5);
    try {
      h.heartbeat(T0 + 20 * DAY + 2 * MIN);
      await h.flush();
      expect((await readdir(dir)).filter((n) => n.endsWith('.seg'))).toEqual([segmentName(T0 + 20 * DAY)]);
    } finally {
      await h.close(T0 + 21 * DAY);
    }
  });
});
