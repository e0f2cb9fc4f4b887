// One tray for several accounts (issue 28): each account's state, counts and watched devices that are
// down, under its name; a click on a device opens it in its own account (the target names the account).
import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import type { TrayState } from '../../../electron/core-port.js';
import type { TrayActions } from '../../../electron/glue/tray-menu.js';
import { buildTrayMenu, trayTooltip } from '../../../electron/glue/tray-menu.js';
import type { StatusTarget } from '../../../shared/status-history.js';

const now = new Date('2026-03-02T09:00:00Z');

function actions() {
  const opened: StatusTarget[] = [];
  const a: TrayActions = {
    openWindow: () => undefined,
    openTarget: (target) => opened.push(target),
    copyCode: () => undefined,
    refresh: () => undefined,
    pauseNotifications: () => undefined,
    quit: () => undefined,
  };
  return { opened, actions: a };
}

const labels = (items: MenuItemConstructorOptions[]) =>
  items.filter((i) => i.type !== 'separator').map((i) => i.label);

const state: TrayState = {
  status: 'offline',
  ongoing: [],
  upcoming: [],
  notificationsPausedUntil: null,
  language: 'en',
  devices: { online: 5, offline: 0, busy: 0, outages: [], watchedDown: [], watchedDownTotal: 0 },
  accounts: [
    {
      id: 'a1',
      name: 'Customer A',
      status: 'online',
      devices: { online: 5, offline: 0, busy: 0, outages: [], watchedDown: [], watchedDownTotal: 0 },
    },
    {
      id: 'b2',
      name: 'Customer B',
      status: 'online',
      devices: {
        online: 7,
        offline: 3,
        busy: 1,
        outages: [{ folderId: 'f9', name: 'Berlin office', devices: 3, size: 4 }],
        watchedDown: [{ id: 'd7', label: 'Front desk' }],
        watchedDownTotal: 1,
      },
    },
    { id: 'c3', name: 'Customer C', status: 'signed-out' },
  ],
};

describe('the tray with several accounts', () => {
  it('lists every account with its counts and watched devices down, opening them in their account', () => {
    const { opened, actions: a } = actions();
    const items = buildTrayMenu(state, a, now);
    expect(labels(items)).toEqual([
      'Open Support Console',
      'Offline — showing saved data',
      'Customer A: online',
      'Devices: 5 online, 0 offline, 0 busy',
      'Customer B: online',
      'Devices: 7 online, 3 offline, 1 busy',
      'Outage: Berlin office (3 of 4 offline)',
      'Watched, offline: Front desk',
      'Customer C: signed out',
      'Refresh now',
      'Pause notifications for an hour',
      'Quit Support Console',
    ]);
    items.find((i) => i.label === 'Watched, offline: Front desk')!.click!(
      null as never,
      null as never,
      null as never,
    );
    items.find((i) => i.label === 'Outage: Berlin office (3 of 4 offline)')!.click!(
      null as never,
      null as never,
      null as never,
    );
    expect(opened).toEqual([
      { kind: 'device', id: 'd7', account: 'b2' },
      { kind: 'folder', id: 'f9', account: 'b2' },
    ]);
  });

  it('says each account in the tooltip', () => {
    expect(trayTooltip(state, now)).toBe(
      'Support Console — offline (showing saved data) — Customer A: online, 5 online, 0 offline, 0 busy — ' +
        'Customer B: online, 7 online, 3 offline, 1 busy, 1 watched down — Customer C: signed out',
    );
  });
});
