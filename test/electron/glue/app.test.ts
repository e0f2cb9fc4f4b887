// The whole Electron app as wired by runElectronApp, against the 'electron' stub and a fake core: what
// happens at start, on a second instance, on events, notifications, sleep and quit.

import { beforeAll, expect, it, vi } from 'vitest';
import config from '../../../build/electron-builder.config.js';
import type { CoreContext } from '../../../electron/glue/app.js';
import {
  BrowserWindow,
  Menu,
  Notification,
  Tray,
  app,
  ipcMain,
  powerMonitor,
  shell,
} from '../support/electron-stub.js';
import { userKnownById } from '../../../shared/model.js';
import { carryPart, DevicesPart } from '../../../electron/core/devices-part.js';
import { device } from '../support/fake-service.js';
import type { FakeCore } from '../support/fake-core.js';
import { createFakeCore } from '../support/fake-core.js';

vi.mock('electron', () => import('../support/electron-stub.js'));
const { runElectronApp } = await import('../../../electron/glue/app.js');

let core: FakeCore;
let context: CoreContext;
let win: BrowserWindow;

beforeAll(async () => {
  core = createFakeCore();
  runElectronApp((c) => {
    context = c;
    return core;
  });
  app.readyResolve();
  await vi.waitFor(() => expect(Tray.instances).toHaveLength(1));
  win = BrowserWindow.instances[0]!;
});

it('gives Windows the same AppUserModelID as the installer, and sandboxes every renderer', () => {
  expect(app.appUserModelId).toBe(config.appId);
  expect(app.calls).toContain('enableSandbox');
});

it("replaces Electron's default menu (Reload, DevTools) with none on Windows and Linux", () => {
  expect(process.platform).not.toBe('darwin');
  expect(Menu.applicationMenu).toBeNull();
});

it('loads the built renderer with the compiled preload, from the app folder', () => {
  expect(win.loadedUrl).toBe('file:///opt/support-console/resources/app.asar/dist/renderer/index.html');
  expect((win.options.webPreferences as { preload: string }).preload).toBe(
    '/opt/support-console/resources/app.asar/dist/electron/electron/glue/preload.cjs',
  );
  expect(context.dataDir).toBe('/tmp/support-console-user-data');
  expect(context.appVersion).toBe('9.9.9');
});

it('answers our window over IPC and forwards core events to it', async () => {
  const contents = win.webContents;
  const handler = ipcMain.handlers.get('app:snapshot')!;
  expect(await handler({ sender: contents, senderFrame: contents.mainFrame }, {})).toMatchObject({
    ok: true,
  });
  core.emit('ui:focus-session', { sessionId: 's-1' });
  expect(contents.sent).toContainEqual({ channel: 'ui:focus-session', payload: { sessionId: 's-1' } });
  // A part of the devices goes as the JSON their owner made, in UTF-8 (the preload parses it), not as a
  // clone of objects.
  const part = new DevicesPart(
    1,
    true,
    carryPart({ added: [device('d-1', null)], changed: [], removed: [] }, true),
  );
  core.emit('data:change', part.change(true, null));
  const sent = contents.sent.at(-1)!;
  expect(sent.channel).toBe('data:change');
  expect(sent.payload).toBeInstanceOf(Uint8Array);
  expect(JSON.parse(new TextDecoder().decode(sent.payload as Uint8Array))).toEqual({
    dataset: 'devices',
    reset: true,
    fetchedAt: null,
    ...part.devices(),
  });
});

it("opens only the account's own origin in the system browser", async () => {
  // The fake core's snapshot is signed out with defaults.baseUrl http://127.0.0.1:1.
  expect(await context.openExternal('http://127.0.0.1:1/oauth/authorize?oauth_token=t')).toBe(true);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  expect(await context.openExternal('https://evil.example/')).toBe(false);
  expect(shell.opened).toEqual(['http://127.0.0.1:1/oauth/authorize?oauth_token=t']);
  // After sign-in the account's origin is what counts.
  core.emit('auth:state', {
    status: 'signed-in',
    credentialStore: 'memory',
    account: {
      baseUrl: 'https://account.example',
      consumerKey: 'k',
      user: userKnownById('1'),
    },
  });
  expect(await context.openExternal('http://127.0.0.1:1/')).toBe(false);
  expect(await context.openExternal('https://account.example/help')).toBe(true);
});

it('a second instance shows the first window', () => {
  win.hide();
  app.fire('second-instance');
  expect(win.isVisible()).toBe(true);
});

it('a notification click shows the window on that session', () => {
  win.hide();
  context.notify({
    kind: 'reminder',
    sessions: [
      { id: 's-42', code: '999', customer: 'ACME', plannedInitTime: '2026-11-21T10:00:00Z', initTime: null },
    ],
    minutes: 10,
  });
  Notification.shown.at(-1)!.fire('click');
  expect(win.isVisible()).toBe(true);
  expect(core.focused).toEqual(['s-42']);
});

it('the tray follows the core: icon, tooltip, menu', () => {
  const tray = Tray.instances[0]!;
  expect(tray.image).toEqual({
    path: '/opt/support-console/resources/app.asar/build/tray/tray-signed-out.png',
  });
  core.setTray({
    status: 'online',
    ongoing: [{ id: '1', code: '123', customer: 'ACME', plannedInitTime: null, initTime: null }],
    upcoming: [],
    notificationsPausedUntil: null,
    language: 'en',
  });
  expect(tray.image).toEqual({ path: '/opt/support-console/resources/app.asar/build/tray/tray-ongoing.png' });
  expect(tray.tooltip).toContain('1 session ongoing');
  const labels = (tray.menu as { template: Array<{ label?: string }> }).template.map((i) => i.label);
  expect(labels).toContain('ACME — code 123 (click to copy)');
  // Refresh now: every account the tray lists, not only the one on screen (nor a sync:refresh of it).
  const refresh = (tray.menu as { template: Array<{ label?: string; click?: () => void }> }).template.find(
    (i) => i.label === 'Refresh now',
  )!;
  refresh.click!();
  expect(core.refreshes).toBe(1);
  expect(core.calls.map((c) => c.channel)).not.toContain('sync:refresh');
});

it('a status notification or a tray outage or watched-device item shows the window on what it names', () => {
  win.hide();
  context.notifyStatus({
    title: 't',
    body: 'b',
    items: [{ kind: 'offline', deviceId: 'd-7', folderId: null, label: 'Front desk', flapping: false }],
    open: { kind: 'device', id: 'd-7' },
  });
  Notification.shown.at(-1)!.fire('click');
  expect(win.isVisible()).toBe(true);
  expect(core.opened).toEqual([{ kind: 'device', id: 'd-7' }]);

  win.hide();
  core.setTray({
    status: 'online',
    ongoing: [],
    upcoming: [],
    notificationsPausedUntil: null,
    language: 'en',
    devices: {
      online: 1,
      offline: 4,
      busy: 0,
      outages: [{ folderId: 'f-2', name: 'Lisbon', devices: 3, size: 4 }],
      watchedDown: [{ id: 'd-7', label: 'Front desk' }],
      watchedDownTotal: 1,
    },
  });
  const menu = (Tray.instances[0]!.menu as { template: Array<{ label?: string; click?: () => void }> })
    .template;
  menu.find((i) => i.label === 'Outage: Lisbon (3 of 4 offline)')!.click!();
  expect(win.isVisible()).toBe(true);
  menu.find((i) => i.label === 'Watched, offline: Front desk')!.click!();
  expect(core.opened.slice(1)).toEqual([
    { kind: 'folder', id: 'f-2' },
    { kind: 'device', id: 'd-7' },
  ]);
});

it('passes sleep and wake to the core', () => {
  powerMonitor.fire('suspend');
  powerMonitor.fire('resume');
  expect(core.suspended).toEqual([true, false]);
});

it('closing hides; quitting disposes the core and then closes', async () => {
  win.show();
  expect(win.userClose().defaultPrevented).toBe(true);
  const dispose = vi.spyOn(core, 'dispose');
  app.quit();
  await vi.waitFor(() => expect(dispose).toHaveBeenCalledTimes(1));
  await vi.waitFor(() => expect(app.calls.filter((c) => c === 'quit')).toHaveLength(2));
  expect(Tray.instances[0]!.destroyed).toBe(true);
  expect(win.userClose().defaultPrevented).toBe(false);
});
