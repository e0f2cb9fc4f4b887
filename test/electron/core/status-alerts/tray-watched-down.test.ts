// The tray's "watched and down": every offline device some watch covers, by its own watch, its folder's
// (or an ancestor folder's) or the account's; a click on one leads to it (tray-menu in glue.test.ts).
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Device, Id } from '../../../../shared/model.js';
import type { Watch } from '../../../../shared/status-history.js';
import { DeviceFacts } from '../../../../electron/core/device-facts.js';
import { StatusMonitor } from '../../../../electron/core/status-monitor.js';
import { device, resetChange } from '../../support/history-fixtures.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const WHEN: Watch['when'] = {
  offline: true,
  online: true,
  offlineLongerMinutes: null,
  busyLongerMinutes: null,
};

let dir: string;
beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tray-watched-'));
});
afterEach(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

async function monitorOf(devices: Device[], parents: Record<Id, Id | null>): Promise<StatusMonitor> {
  const facts = new DeviceFacts();
  for (const d of devices) facts.put(d);
  const m = await StatusMonitor.open({
    dataDir: dir,
    account: 'acct',
    data: {
      devices: () => facts,
      folderIds: () => Object.keys(parents),
      folderParent: (id) => parents[id] ?? null,
      folderName: (id) => `Folder ${id}`,
    },
    settings: () => ({ notificationsEnabled: true, notificationsPausedUntil: null }),
    notify: () => {},
    onTrayChange: () => {},
  });
  m.onDevicesChange(resetChange(devices, T0), T0);
  return m;
}

it('counts devices down under a folder watch (sub-folders too) and an account watch, not only device watches', async () => {
  const devices = [
    device('d1', 'offline', 'site'),
    device('d2', 'offline', 'room'), // room is inside site
    device('d3', 'online', 'site'),
    device('d4', 'offline', 'other'),
    device('d5', 'offline', null),
  ];
  const m = await monitorOf(devices, { room: 'site', site: null, other: null });
  expect(m.trayInfo().watchedDownTotal).toBe(0);

  await m.setWatches([{ id: 'f', target: { kind: 'folder', id: 'site' }, when: WHEN }], null);
  let info = m.trayInfo();
  expect(info.watchedDown.map((w) => w.id).sort()).toEqual(['d1', 'd2']);
  expect(info.watchedDownTotal).toBe(2);

  await m.setWatches(
    [
      { id: 'f', target: { kind: 'folder', id: 'site' }, when: WHEN },
      { id: 'd', target: { kind: 'device', id: 'd4' }, when: WHEN },
    ],
    null,
  );
  info = m.trayInfo();
  expect(info.watchedDown.map((w) => w.id).sort()).toEqual(['d1', 'd2', 'd4']);
  expect(info.watchedDown.find((w) => w.id === 'd4')?.label).toBe('PC-d4');

  await m.setWatches([{ id: 'a', target: { kind: 'account' }, when: WHEN }], null);
  info = m.trayInfo();
  expect(info.watchedDownTotal).toBe(4);
  expect(info.counts).toEqual({ online: 1, offline: 4, busy: 0 });
  await m.close('closed', T0 + 60_000);
});

it('lists the first few by name and counts the rest', async () => {
  const devices = Array.from({ length: 9 }, (_, i) => device(`d${i}`, 'offline', 'site'));
  const m = await monitorOf(devices, { site: null });
  await m.setWatches([{ id: 'a', target: { kind: 'account' }, when: WHEN }], null);
  const info = m.trayInfo();
  expect(info.watchedDownTotal).toBe(9);
  expect(info.watchedDown).toHaveLength(5);
  await m.close('closed', T0 + 60_000);
});
