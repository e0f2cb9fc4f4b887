// The Electron glue's pieces against a stub of 'electron' (no binary can run here): window preferences,
// navigation and window-open denial, the openExternal allow-list, IPC sender and payload checks, the tray
// menu in each state, notifications, and the sandboxed preload as compiled.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundlePreload } from '../../../scripts/build-preload.mjs';
import { describe, expect, it, vi } from 'vitest';
import type { IpcMainInvokeEvent, MenuItemConstructorOptions, WebContents } from 'electron';
import { EVENT_CHANNELS } from '../../../shared/ipc/contract.js';
import { INVOKE_CHANNELS } from '../../../shared/ipc/schemas.js';
import type { TrayState } from '../../../electron/core-port.js';
import type { BrowserWindow } from '../support/electron-stub.js';
import { Notification, ipcMain, session, stubEvent, StubWebContents } from '../support/electron-stub.js';
import { createFakeCore } from '../support/fake-core.js';

vi.mock('electron', () => import('../support/electron-stub.js'));

const { mainWindowOptions, createMainWindow, hardenSession, ALLOWED_PERMISSIONS } =
  await import('../../../electron/glue/window.js');
const { isAllowedExternalUrl } = await import('../../../shared/external-links.js');
const { registerInvokeHandlers, isTrustedSender } = await import('../../../electron/glue/ipc-main.js');
const { buildTrayMenu, trayIconFile, trayIconName, trayTooltip, TRAY_SESSION_LIMIT } =
  await import('../../../electron/glue/tray-menu.js');
const { createNotifier, createStatusNotifier } = await import('../../../electron/glue/notifications.js');
const { accountOrigins } = await import('../../../electron/glue/app.js');
const { applicationMenuTemplate } = await import('../../../electron/glue/app-menu.js');

const RENDERER_URL = 'file:///opt/support-console/resources/app.asar/dist/renderer/index.html';

describe('main window', () => {
  it('runs the renderer sandboxed and isolated, with the preload and nothing else', () => {
    const prefs = mainWindowOptions('/app/preload.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  function makeWindow(opened: string[], quitting = false) {
    return createMainWindow({
      preloadPath: '/app/preload.cjs',
      rendererUrl: RENDERER_URL,
      openAllowed: (url) => {
        if (isAllowedExternalUrl(url, ['https://account.example'])) opened.push(url);
      },
      isQuitting: () => quitting,
      onActivity: () => undefined,
    }) as unknown as BrowserWindow;
  }

  it('denies navigation, redirects, webviews and new windows; allowed links go to the browser', () => {
    const opened: string[] = [];
    const win = makeWindow(opened);
    expect(win.loadedUrl).toBe(RENDERER_URL);
    const contents = win.webContents;
    for (const [name, url] of [
      ['will-navigate', 'https://evil.example/phish'],
      ['will-navigate', 'https://account.example/help'],
      ['will-redirect', 'https://account.example/x'],
      ['will-attach-webview', 'https://evil.example'],
    ] as const) {
      const event = stubEvent();
      contents.fire(name, event, url);
      expect(event.defaultPrevented, `${name} ${url}`).toBe(true);
    }
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'https://account.example/authorize?x=1' })).toEqual({
      action: 'deny',
    });
    expect(opened).toEqual(['https://account.example/help', 'https://account.example/authorize?x=1']);
  });

  it('hides to the tray when closed, and closes only when quitting', () => {
    const win = makeWindow([]);
    win.show();
    expect(win.userClose().defaultPrevented).toBe(true);
    expect(win.isVisible()).toBe(false);
    const quittingWin = makeWindow([], true);
    expect(quittingWin.userClose().defaultPrevented).toBe(false);
  });

  it('grants notifications and sanitized clipboard writes only, and adds the CSP to responses', () => {
    hardenSession(session.defaultSession as never);
    const s = session.defaultSession;
    const answers: Record<string, boolean> = {};
    for (const p of [
      'notifications',
      'clipboard-sanitized-write',
      'media',
      'geolocation',
      'openExternal',
      'clipboard-read',
    ]) {
      s.permissionRequestHandler!(null, p, (ok) => (answers[p] = ok));
    }
    expect(answers).toEqual({
      notifications: true,
      'clipboard-sanitized-write': true,
      media: false,
      geolocation: false,
      openExternal: false,
      'clipboard-read': false,
    });
    expect(s.permissionCheckHandler!(null, 'media')).toBe(false);
    expect([...ALLOWED_PERMISSIONS]).toHaveLength(2);
    let result: { responseHeaders?: Record<string, string[]> } = {};
    s.headersHandler!({ responseHeaders: { 'X-Other': ['1'] } }, (r) => (result = r as typeof result));
    expect(result.responseHeaders!['Content-Security-Policy']![0]).toContain("default-src 'self'");
    expect(result.responseHeaders!['X-Other']).toEqual(['1']);
  });
});

describe('openExternal allow-list', () => {
  it('allows http(s) on the account origin only', () => {
    const allowed = ['https://account.example', 'http://127.0.0.1:8470'];
    expect(isAllowedExternalUrl('https://account.example/oauth/authorize?oauth_token=x', allowed)).toBe(true);
    expect(isAllowedExternalUrl('http://127.0.0.1:8470/authorize', allowed)).toBe(true);
    for (const url of [
      'http://account.example/',
      'https://account.example.evil.example/',
      'https://user@evil.example/',
      'http://127.0.0.1:8471/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://account.example/share',
      'not a url',
    ]) {
      expect(isAllowedExternalUrl(url, allowed), url).toBe(false);
    }
  });

  it('takes the origins from the account state', () => {
    const defaults = { baseUrl: 'https://account.example/api', consumerKey: 'k', hasConfiguredSecret: false };
    expect(accountOrigins({ status: 'signed-out', defaults, keychainAvailable: true })).toEqual([
      'https://account.example',
    ]);
    expect(
      accountOrigins({
        status: 'awaiting-pin',
        defaults,
        baseUrl: 'http://127.0.0.1:8470',
        consumerKey: 'k',
        authorizeUrl: 'http://127.0.0.1:8470/oauth/authorize?oauth_token=t',
        keychainAvailable: true,
      }),
    ).toEqual(['http://127.0.0.1:8470', 'http://127.0.0.1:8470']);
  });
});

describe('IPC', () => {
  function setup() {
    ipcMain.handlers.clear();
    const core = createFakeCore();
    const trusted = new StubWebContents();
    trusted.mainFrame.url = RENDERER_URL;
    const off = registerInvokeHandlers(ipcMain as never, core.handlers, {
      url: RENDERER_URL,
      webContents: () => trusted as unknown as WebContents,
    });
    const call = (channel: string, payload: unknown, event: unknown) =>
      (ipcMain.handlers.get(channel) as (e: unknown, p: unknown) => Promise<unknown>)(event, payload);
    return { core, trusted, off, call };
  }

  it('registers every channel of the contract', () => {
    const { off } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    off();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('serves our window and validates the payload', async () => {
    const { core, trusted, call } = setup();
    const ours = { sender: trusted, senderFrame: trusted.mainFrame };
    expect(await call('folders:create', { name: ' Lab ', parentId: null }, ours)).toEqual({
      ok: true,
      value: { id: 'f-1' },
    });
    expect(await call('folders:create', { name: 'Lab', parentId: null, admin: true }, ours)).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    });
    expect(await call('devices:move', { ids: [], folderId: null }, ours)).toMatchObject({
      ok: false,
      error: { kind: 'validation', field: 'ids' },
    });
    expect(core.calls).toEqual([{ channel: 'folders:create', payload: { name: 'Lab', parentId: null } }]);
  });

  it('refuses other windows, subframes and pages that are not our renderer', async () => {
    const { core, trusted, call } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = new StubWebContents();
    other.mainFrame.url = RENDERER_URL;
    const senders = [
      { sender: other, senderFrame: other.mainFrame },
      { sender: trusted, senderFrame: { url: RENDERER_URL } },
      { sender: trusted, senderFrame: null },
    ];
    for (const event of senders) {
      expect(await call('app:snapshot', {}, event)).toMatchObject({
        ok: false,
        error: { kind: 'not-allowed' },
      });
    }
    for (const url of ['https://evil.example/', 'file:///tmp/evil.html', 'about:blank']) {
      trusted.mainFrame.url = url;
      expect(
        await call('app:snapshot', {}, { sender: trusted, senderFrame: trusted.mainFrame }),
      ).toMatchObject({
        ok: false,
        error: { kind: 'not-allowed' },
      });
    }
    expect(core.calls).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(6);
    warn.mockRestore();
  });

  it('treats a query or hash on our renderer as ours', () => {
    const trusted = new StubWebContents();
    trusted.mainFrame.url = `${RENDERER_URL}#/devices`;
    const event = { sender: trusted, senderFrame: trusted.mainFrame } as unknown as IpcMainInvokeEvent;
    expect(
      isTrustedSender(event, { url: RENDERER_URL, webContents: () => trusted as unknown as WebContents }),
    ).toBe(true);
  });
});

describe('IPC sender file comparison', () => {
  function trustedBy(rendererUrl: string, senderUrl: string, platform: NodeJS.Platform) {
    const contents = new StubWebContents();
    contents.mainFrame.url = senderUrl;
    const event = { sender: contents, senderFrame: contents.mainFrame } as unknown as IpcMainInvokeEvent;
    return isTrustedSender(
      event,
      { url: rendererUrl, webContents: () => contents as unknown as WebContents },
      platform,
    );
  }

  it('Windows: the same file whatever the drive letter case, encoding or letter case of the path', () => {
    // What pathToFileURL gives for C:\Program Files\Support Console\resources\app.asar\…
    const ours = 'file:///C:/Program%20Files/Support%20Console/resources/app.asar/dist/renderer/index.html';
    for (const sender of [
      ours,
      'file:///c:/Program%20Files/Support%20Console/resources/app.asar/dist/renderer/index.html',
      'file:///C:/Program Files/Support Console/resources/app.asar/dist/renderer/index.html',
      'file:///C:/PROGRAM%20FILES/support%20console/Resources/APP.ASAR/dist/renderer/INDEX.HTML#/devices',
      'file:///C:/Program%20Files/Support%20Console/resources/app.asar/dist/renderer/%69ndex.html',
    ]) {
      expect(trustedBy(ours, sender, 'win32'), sender).toBe(true);
    }
    for (const sender of [
      'file:///D:/Program%20Files/Support%20Console/resources/app.asar/dist/renderer/index.html',
      'file:///C:/Users/Public/Downloads/index.html',
      'file://evil-server/share/dist/renderer/index.html',
      'https://evil.example/dist/renderer/index.html',
    ]) {
      expect(trustedBy(ours, sender, 'win32'), sender).toBe(false);
    }
  });

  it('macOS and Linux: encoding does not matter, letter case does (another file)', () => {
    const ours =
      'file:///Applications/Support%20Console.app/Contents/Resources/app.asar/dist/renderer/index.html';
    expect(
      trustedBy(
        ours,
        'file:///Applications/Support Console.app/Contents/Resources/app.asar/dist/renderer/%69ndex.html',
        'darwin',
      ),
    ).toBe(true);
    expect(
      trustedBy(
        ours,
        'file:///Applications/Support%20Console.app/Contents/Resources/app.asar/dist/renderer/INDEX.html',
        'linux',
      ),
    ).toBe(false);
    expect(trustedBy(ours, 'file://evil-server/Applications/x/index.html', 'linux')).toBe(false);
  });
});

describe('application menu', () => {
  const roles = (items: MenuItemConstructorOptions[]): string[] =>
    items.flatMap((i) => [
      ...(i.role ? [i.role] : []),
      ...(Array.isArray(i.submenu) ? roles(i.submenu) : []),
    ]);

  it('macOS: the app menu and Edit (so copy and paste work), no reload and no developer tools', () => {
    const menu = applicationMenuTemplate('darwin', 'Support Console')!;
    expect(menu.map((m) => m.label)).toEqual(['Support Console', 'Edit']);
    expect(roles(menu)).toEqual([
      'about',
      'hide',
      'hideOthers',
      'unhide',
      'quit',
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
    ]);
    const text = JSON.stringify(menu).toLowerCase();
    for (const unwanted of ['reload', 'devtools', 'viewmenu', 'togglefullscreen']) {
      expect(text).not.toContain(unwanted);
    }
  });

  it('Windows and Linux: no menu at all', () => {
    expect(applicationMenuTemplate('win32', 'Support Console')).toBeNull();
    expect(applicationMenuTemplate('darwin', 'Support Console', 'fr')![1]!.label).toBe('Édition');
    expect(applicationMenuTemplate('linux', 'Support Console')).toBeNull();
  });
});

describe('tray menu', () => {
  const session = (id: string, code: string | null, customer: string | null = `Customer ${id}`) => ({
    id,
    code,
    customer,
    plannedInitTime: '2026-11-21T09:30:00Z',
    initTime: null,
  });
  const now = new Date('2026-11-21T09:00:00Z');
  function actions() {
    const log: string[] = [];
    return {
      log,
      actions: {
        openWindow: () => log.push('open'),
        openTarget: (target: { kind: string; id: string }) => log.push(`open ${target.kind} ${target.id}`),
        copyCode: (code: string) => log.push(`copy ${code}`),
        refresh: () => log.push('refresh'),
        pauseNotifications: (m: number) => log.push(`pause ${m}`),
        quit: () => log.push('quit'),
      },
    };
  }
  const labels = (items: MenuItemConstructorOptions[]) => items.filter((i) => i.label).map((i) => i.label);
  const click = (items: MenuItemConstructorOptions[], label: string) =>
    (items.find((i) => i.label === label)!.click as () => void)();

  it('signed out: open and quit only', () => {
    const { log, actions: a } = actions();
    const state: TrayState = {
      status: 'signed-out',
      ongoing: [],
      upcoming: [],
      notificationsPausedUntil: null,
      language: 'en',
    };
    const items = buildTrayMenu(state, a, now);
    expect(labels(items)).toEqual(['Open Support Console', 'Signed out', 'Quit Support Console']);
    click(items, 'Open Support Console');
    click(items, 'Quit Support Console');
    expect(log).toEqual(['open', 'quit']);
    expect(trayIconName(state)).toBe('signed-out');
    expect(trayTooltip(state, now)).toBe('Support Console — signed out');
  });

  it('online with sessions: codes to copy, refresh, pause', () => {
    const { log, actions: a } = actions();
    const state: TrayState = {
      status: 'online',
      ongoing: [session('1', '123-456', 'ACME')],
      upcoming: [session('2', '654-321', null), session('3', null)],
      notificationsPausedUntil: null,
      language: 'en',
    };
    const items = buildTrayMenu(state, a, now);
    expect(labels(items)).toEqual([
      'Open Support Console',
      'Online',
      'Ongoing',
      'ACME — code 123-456 (click to copy)',
      'Upcoming',
      'Unnamed customer — code 654-321 (click to copy)',
      'Customer 3 — no code yet',
      'Refresh now',
      'Pause notifications for an hour',
      'Quit Support Console',
    ]);
    click(items, 'ACME — code 123-456 (click to copy)');
    click(items, 'Refresh now');
    click(items, 'Pause notifications for an hour');
    expect(log).toEqual(['copy 123-456', 'refresh', 'pause 60']);
    expect(items.find((i) => i.label === 'Customer 3 — no code yet')!.enabled).toBe(false);
    expect(trayIconName(state)).toBe('ongoing');
    expect(trayTooltip(state, now)).toBe(
      'Support Console — online — 1 session ongoing — 2 sessions upcoming',
    );
  });

  it('offline and paused: says so, offers resume', () => {
    const { log, actions: a } = actions();
    const state: TrayState = {
      status: 'offline',
      ongoing: [],
      upcoming: [],
      notificationsPausedUntil: '2026-11-21T09:45:00Z',
      language: 'en',
    };
    const items = buildTrayMenu(state, a, now);
    expect(labels(items)).toContain('Offline — showing saved data');
    click(items, 'Resume notifications');
    expect(log).toEqual(['pause 0']);
    expect(trayIconName(state)).toBe('offline');
    expect(trayTooltip(state, now)).toContain('notifications paused');
    // A pause that has run out is not shown as a pause.
    expect(labels(buildTrayMenu(state, a, new Date('2026-11-21T10:00:00Z')))).toContain(
      'Pause notifications for an hour',
    );
  });

  it('speaks the technician’s language: German tray, tooltip and application menu', () => {
    const { actions: a } = actions();
    const state: TrayState = {
      status: 'online',
      ongoing: [session('1', '123-456', 'ACME')],
      upcoming: [],
      notificationsPausedUntil: null,
      language: 'ge',
    };
    expect(labels(buildTrayMenu(state, a, now))).toEqual([
      'Support Console öffnen',
      'Online',
      'Laufend',
      'ACME – Code 123-456 (zum Kopieren klicken)',
      'Jetzt aktualisieren',
      'Benachrichtigungen für eine Stunde pausieren',
      'Support Console beenden',
    ]);
    expect(trayTooltip(state, now)).toBe('Support Console — online — 1 Sitzung läuft');
    expect(trayTooltip({ ...state, status: 'signed-out', ongoing: [] }, now)).toBe(
      'Support Console — abgemeldet',
    );
  });

  it('an outage opens its folder, a watched device that is down opens the device, the rest the window', () => {
    const { log, actions: a } = actions();
    const state: TrayState = {
      status: 'online',
      ongoing: [],
      upcoming: [],
      notificationsPausedUntil: null,
      language: 'en',
      devices: {
        online: 5,
        offline: 9,
        busy: 0,
        outages: [{ folderId: 'f-7', name: 'Lisbon', devices: 4, size: 6 }],
        watchedDown: [{ id: 'd-3', label: 'Front desk' }],
        watchedDownTotal: 3,
      },
    };
    const items = buildTrayMenu(state, a, now);
    click(items, 'Outage: Lisbon (4 of 6 offline)');
    click(items, 'Watched, offline: Front desk');
    click(items, '2 more watched offline…');
    expect(log).toEqual(['open folder f-7', 'open device d-3', 'open']);
  });

  it('lists a bounded number of sessions and summarises the rest', () => {
    const { log, actions: a } = actions();
    const many = Array.from({ length: TRAY_SESSION_LIMIT + 3 }, (_, i) => session(String(i), `c${i}`));
    const items = buildTrayMenu(
      { status: 'online', ongoing: many, upcoming: [], notificationsPausedUntil: null, language: 'en' },
      a,
      now,
    );
    expect(items.filter((i) => String(i.label).includes('click to copy'))).toHaveLength(TRAY_SESSION_LIMIT);
    click(items, '3 more…');
    expect(log).toEqual(['open']);
    expect(
      trayIconName({
        status: 'online',
        ongoing: [],
        upcoming: many,
        notificationsPausedUntil: null,
        language: 'en',
      }),
    ).toBe('online');
  });
});

describe('tray icon files', () => {
  const iconDir = path.join(import.meta.dirname, '../../../build/tray');
  const states: TrayState[] = [
    { status: 'signed-out', ongoing: [], upcoming: [], notificationsPausedUntil: null, language: 'en' },
    { status: 'online', ongoing: [], upcoming: [], notificationsPausedUntil: null, language: 'en' },
    { status: 'offline', ongoing: [], upcoming: [], notificationsPausedUntil: null, language: 'en' },
    {
      status: 'online',
      ongoing: [{ id: '1', code: '1', customer: null, plannedInitTime: null, initTime: null }],
      upcoming: [],
      notificationsPausedUntil: null,
      language: 'en',
    },
  ];

  /** Width, height and whether every pixel is black (any alpha), from the PNG itself. */
  async function inspect(file: string) {
    const data = await readFile(file);
    const width = data.readUInt32BE(16);
    const height = data.readUInt32BE(20);
    expect(data[25], `${file} is RGBA`).toBe(6);
    const { inflateSync } = await import('node:zlib');
    let idat = Buffer.alloc(0);
    for (let at = 8; at < data.length;) {
      const length = data.readUInt32BE(at);
      const type = data.toString('latin1', at + 4, at + 8);
      if (type === 'IDAT') idat = Buffer.concat([idat, data.subarray(at + 8, at + 8 + length)]);
      at += 12 + length;
    }
    const raw = inflateSync(idat);
    let allBlack = true;
    let opaque = 0;
    for (let y = 0; y < height; y++) {
      expect(raw[y * (width * 4 + 1)], 'filter none').toBe(0);
      for (let x = 0; x < width; x++) {
        const o = y * (width * 4 + 1) + 1 + x * 4;
        if (raw[o + 3]! > 0) {
          opaque++;
          if (raw[o]! !== 0 || raw[o + 1]! !== 0 || raw[o + 2]! !== 0) allBlack = false;
        }
      }
    }
    return { width, height, allBlack, opaque };
  }

  it('macOS: a black-and-alpha template per state, 16 px with a 32 px @2x; elsewhere the colour icon', async () => {
    const seen = new Set<string>();
    for (const state of states) {
      const mac = trayIconFile(state, 'darwin');
      expect(mac).toMatch(/^tray-[a-z-]+Template\.png$/);
      seen.add(mac);
      const one = await inspect(path.join(iconDir, mac));
      const two = await inspect(path.join(iconDir, mac.replace('.png', '@2x.png')));
      expect([one.width, one.height, two.width, two.height]).toEqual([16, 16, 32, 32]);
      expect(one.allBlack && two.allBlack).toBe(true);
      expect(one.opaque).toBeGreaterThan(0);
      for (const platform of ['win32', 'linux'] as const) {
        expect(trayIconFile(state, platform)).toBe(`tray-${trayIconName(state)}.png`);
        expect((await inspect(path.join(iconDir, trayIconFile(state, platform)))).allBlack).toBe(false);
      }
    }
    expect(seen.size).toBe(4); // each state looks different
  });
});

describe('notifications', () => {
  it('shows a native notification whose click shows the window on the session', () => {
    const log: string[] = [];
    const notify = createNotifier({
      showWindow: () => log.push('show'),
      focusSession: (id) => log.push(`focus ${id}`),
      language: () => language,
    });
    let language: 'en' | 'ge' = 'en';
    notify({
      kind: 'started',
      sessions: [
        { id: 's-9', code: '111', customer: 'ACME', plannedInitTime: null, initTime: '2026-11-21T09:00:00Z' },
      ],
    });
    const shown = Notification.shown.at(-1)!;
    expect(shown.options).toEqual({ title: 'Support session started', body: 'ACME (code 111)' });
    expect(log).toEqual([]);
    shown.fire('click');
    expect(log).toEqual(['show', 'focus s-9']);
    // The technician's language is read when the notice is shown, so a change applies at once.
    language = 'ge';
    notify({
      kind: 'reminder',
      sessions: [{ id: 's-9', code: null, customer: null, plannedInitTime: null, initTime: null }],
      minutes: 1,
    });
    expect(Notification.shown.at(-1)!.options).toEqual({
      title: 'Support-Sitzung beginnt in 1 Minute',
      body: 'Kunde ohne Namen',
    });
  });
});

describe('status notifications', () => {
  it('a click shows the window on what the notice names first: the device, or the outage’s folder', () => {
    const log: string[] = [];
    const notify = createStatusNotifier({
      showWindow: () => log.push('show'),
      openTarget: (target) => log.push(`open ${target.kind} ${target.id}`),
    });
    const item = {
      kind: 'offline' as const,
      deviceId: 'd-3',
      folderId: 'f-1',
      label: 'Front desk',
      flapping: false,
    };
    notify({ title: 't', body: 'b', items: [item], open: { kind: 'device', id: 'd-3' } });
    Notification.shown.at(-1)!.fire('click');
    notify({ title: 't', body: 'b', items: [item], open: null });
    Notification.shown.at(-1)!.fire('click');
    expect(log).toEqual(['show', 'open device d-3', 'show']);
  });
});

describe('preload (bundled as the sandbox loads it)', () => {
  async function loadPreload() {
    // Bundled exactly as `npm run build` bundles it, then run with the sandbox's require.
    const js = (await bundlePreload({ write: false })) as string;
    const exposed: Record<string, unknown> = {};
    const invoked: Array<[string, unknown]> = [];
    const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
    const electron = {
      contextBridge: { exposeInMainWorld: (name: string, api: unknown) => (exposed[name] = api) },
      ipcRenderer: {
        invoke: (c: string, p: unknown) => {
          invoked.push([c, p]);
          return Promise.resolve({ ok: true });
        },
        on: (c: string, l: (...a: unknown[]) => void) => {
          if (!listeners.has(c)) listeners.set(c, new Set());
          listeners.get(c)!.add(l);
        },
        removeListener: (c: string, l: (...a: unknown[]) => void) => listeners.get(c)?.delete(l),
      },
    };
    // A sandboxed preload can require 'electron' and a few built-ins, never our own files.
    const sandboxRequire = (id: string) => {
      if (id === 'electron') return electron;
      throw new Error(`module not found: ${id}`);
    };
    const module = { exports: {} };
    new Function('require', 'module', 'exports', js)(sandboxRequire, module, module.exports);
    return { exposed, invoked, listeners };
  }

  it('exposes only invoke and on, under the contract global', async () => {
    const { exposed } = await loadPreload();
    expect(Object.keys(exposed)).toEqual(['supportConsole']);
    expect(Object.keys(exposed.supportConsole as object).sort()).toEqual(['invoke', 'on']);
  });

  it('passes known channels and refuses the rest', async () => {
    const { exposed, invoked, listeners } = await loadPreload();
    const api = exposed.supportConsole as {
      invoke(c: string, p: unknown): Promise<unknown>;
      on(e: string, l: (p: unknown) => void): () => void;
    };
    for (const channel of INVOKE_CHANNELS) await api.invoke(channel, {});
    expect(invoked.map(([c]) => c)).toEqual(INVOKE_CHANNELS);
    expect(await api.invoke('shell:exec', {})).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(invoked).toHaveLength(INVOKE_CHANNELS.length);

    const seen: unknown[] = [];
    const offs = EVENT_CHANNELS.map((e) => api.on(e, (p) => seen.push(p)));
    expect([...listeners.keys()]).toEqual([...EVENT_CHANNELS]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.on('ipc:internal', () => undefined);
    expect(listeners.has('ipc:internal')).toBe(false);
    // The page receives the payload, not the IPC event (which carries the sender).
    const [listener] = listeners.get('auth:state')!;
    listener!({ sender: 'secret-object' }, { status: 'signed-out' });
    expect(seen).toEqual([{ status: 'signed-out' }]);
    // A part of the devices comes as its JSON in UTF-8 (devices-part.ts): the page gets the change.
    const [onChange] = listeners.get('data:change')!;
    onChange!(
      {},
      new TextEncoder().encode(
        '{"dataset":"devices","reset":false,"added":[],"changed":[],"removed":["d-1"],"fetchedAt":null}',
      ),
    );
    expect(seen.at(-1)).toEqual({
      dataset: 'devices',
      reset: false,
      added: [],
      changed: [],
      removed: ['d-1'],
      fetchedAt: null,
    });
    for (const off of offs) off();
    expect([...listeners.values()].every((s) => s.size === 0)).toBe(true);
  });
});
