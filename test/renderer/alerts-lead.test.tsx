// Alerts lead somewhere: a status notice's toast opens the device (selected, details open) or the folder
// (selected in the tree), as a click on a notification or a tray item does (ui:open-target); a device's
// panel offers "offline / busy for more than N" as Settings does for folders.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceWatchOf, NO_WATCH, withDeviceWatch } from '../../shared/device-watch.js';
import type { StatusNotice, Watch } from '../../shared/status-history.js';
import { renderApp as renderWith } from './support/render.js';
import { ADMIN, device } from './support/fake-bridge.js';

/** The app, with each device's history answered (online since an hour, nothing else recorded). */
async function renderApp(...args: Parameters<typeof renderWith>) {
  const rendered = await renderWith(...args);
  rendered.bridge.handle('history:device', ({ deviceId }) => {
    const to = Date.now();
    return {
      deviceId,
      status: 'online',
      since: to - 3_600_000,
      sinceExact: true,
      flapping: false,
      from: to - 86_400_000,
      to,
      bars: [],
      uptimePercent: null,
      transitions: [],
    };
  });
  return rendered;
}

const folders = [
  { id: 'f1', name: 'Customers', parentId: null, dateCreation: null },
  { id: 'f2', name: 'Lisbon', parentId: 'f1', dateCreation: null },
];
const data = {
  folders,
  devices: [device('1', { name: 'alpha', folderId: 'f2' }), device('2', { name: 'beta', folderId: 'f2' })],
  sessions: [],
  users: [ADMIN],
};

function notice(open: StatusNotice['open'], label: string): StatusNotice {
  return {
    title: 't',
    body: 'b',
    items: [{ kind: 'offline', deviceId: '2', folderId: 'f2', label, flapping: false }],
    open,
  };
}

describe('a status notice leads to what it names', () => {
  it('the toast’s “Open device” shows the device selected with its details', async () => {
    const { bridge, stores } = await renderApp({ data });
    stores.uiActions.setScreen('settings');
    await act(async () => bridge.emit('notify:status', notice({ kind: 'device', id: '2' }, 'beta')));
    const toast = screen.getByRole('region', { name: 'Notifications' });
    expect(toast.textContent).toContain('beta went offline');
    await act(async () => fireEvent.click(within(toast).getByRole('button', { name: 'Open device' })));
    expect(stores.ui.getState()).toMatchObject({ screen: 'devices', activeDeviceId: '2' });
    expect([...stores.ui.getState().selectedDeviceIds]).toEqual(['2']);
    expect(screen.getByRole('heading', { name: 'Status history' })).toBeTruthy();
    expect(within(toast).queryByRole('button', { name: 'Open device' })).toBeNull();
  });

  it('an outage’s toast opens its folder, selected in the tree with its parents expanded', async () => {
    const { bridge, stores } = await renderApp({ data });
    await act(async () => bridge.emit('notify:status', notice({ kind: 'folder', id: 'f2' }, 'Lisbon')));
    const toast = screen.getByRole('region', { name: 'Notifications' });
    await act(async () => fireEvent.click(within(toast).getByRole('button', { name: 'Open folder' })));
    expect(stores.ui.getState().deviceFilter.folder).toEqual({ kind: 'folder', id: 'f2' });
    expect(stores.ui.getState().expandedFolders.has('f1')).toBe(true);
    expect(screen.getByRole('treeitem', { name: /Lisbon/, selected: true })).toBeTruthy();
  });

  it('ui:open-target (a notification or tray click in the host) opens the device', async () => {
    const { bridge, stores } = await renderApp({ data });
    stores.uiActions.setScreen('overview');
    await act(async () => bridge.emit('ui:open-target', { kind: 'device', id: '1' }));
    expect(stores.ui.getState()).toMatchObject({ screen: 'devices', activeDeviceId: '1' });
  });
});

describe('a device’s own watch', () => {
  it('offers “offline for more than N” and “busy for more than N” from its panel, saved at once', async () => {
    const { bridge, stores } = await renderApp({ data });
    let saved: Watch[] = [];
    // The main side's rule (status-handlers.ts applies the same function to the list it holds).
    bridge.handle('watch:device', (p) => {
      if (!p.change) return deviceWatchOf(saved, p.deviceId);
      const next = withDeviceWatch(saved, p.deviceId, p.change);
      saved = next.watches;
      return next.when;
    });
    await act(async () => stores.uiActions.selectDevice('1'));
    const group = await screen.findByRole('group', { name: 'Alerts for this device' });
    const offlineLonger = within(group).getByRole('group', { name: 'Offline for more than' });
    await act(async () => fireEvent.click(within(offlineLonger).getByRole('checkbox')));
    expect(saved).toEqual([
      {
        id: 'device-1',
        target: { kind: 'device', id: '1' },
        when: { offline: false, online: false, offlineLongerMinutes: 60, busyLongerMinutes: null },
      },
    ]);
    const busyLonger = within(group).getByRole('group', { name: 'Busy for more than' });
    await act(async () => fireEvent.click(within(busyLonger).getByRole('checkbox')));
    await act(async () =>
      fireEvent.change(within(busyLonger).getByRole('combobox'), { target: { value: 'minutes' } }),
    );
    expect(saved[0]?.when).toEqual({
      offline: false,
      online: false,
      offlineLongerMinutes: 60,
      busyLongerMinutes: 2,
    });
    // Unticking every condition removes the device's watch.
    await act(async () => fireEvent.click(within(offlineLonger).getByRole('checkbox')));
    await act(async () => fireEvent.click(within(busyLonger).getByRole('checkbox')));
    expect(saved).toEqual([]);
  });

  it('says why a change was refused (the signed-out copy is read-only)', async () => {
    const { bridge, stores } = await renderApp({ data });
    const refused = {
      kind: 'not-allowed' as const,
      key: 'error.app.signInToChangeWatches',
      message: 'Sign in to change alerts.',
    };
    bridge.handle('watch:device', (p) => (p.change ? { ok: false as const, error: refused } : NO_WATCH));
    await act(async () => stores.uiActions.selectDevice('1'));
    const group = await screen.findByRole('group', { name: 'Alerts for this device' });
    await act(async () =>
      fireEvent.click(
        within(group).getByRole('checkbox', { name: 'Alert me when this device goes offline or comes back' }),
      ),
    );
    expect(within(group).getByRole('alert').textContent).toBe('Sign in to change alerts.');
    expect(
      within(group).getByRole('checkbox', { name: 'Alert me when this device goes offline or comes back' }),
    ).toHaveProperty('checked', false);
  });
});
