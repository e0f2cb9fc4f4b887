// The Electron app: one instance, one hardened window that hides to the tray, the contract's IPC with
// sender checks, native notifications, and sleep/wake passed on to the core. Everything the app DOES is
// the core's; this file only connects it to Electron.

import type { StatusNotice } from '../../shared/status-history.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserWindow } from 'electron';
import { Menu, app, clipboard, ipcMain, powerMonitor, session, shell } from 'electron';
import type { AuthState, SessionNotice, UpdateStatus } from '../../shared/ipc/contract.js';
import { EVENT_CHANNELS } from '../../shared/ipc/contract.js';
import { APP_ID, PRODUCT_NAME } from '../app-identity.js';
import type { HostedCore } from '../core-port.js';
import { DevicesPartChange } from '../core-port.js';
import type { UiLanguage } from '../../shared/i18n/translator.js';
import { applicationMenuTemplate } from './app-menu.js';
import { isAllowedExternalUrl, originOf } from '../../shared/external-links.js';
import { registerInvokeHandlers } from './ipc-main.js';
import { createNotifier, createStatusNotifier } from './notifications.js';
import { createTray } from './tray.js';
import { createUpdates } from './updater.js';
import { createMainWindow, hardenSession, showWindow } from './window.js';

export interface CoreContext {
  dataDir: string;
  appVersion: string;
  notify: (notice: SessionNotice) => void;
  /** Status alerts of one poll (issue 11). */
  notifyStatus: (notice: StatusNotice) => void;
  /** Opens an allow-listed URL in the system browser; false when refused or it failed. */
  openExternal: (url: string) => Promise<boolean>;
  /** The update feed and the last check, for Settings (glue/updater.ts). */
  updateStatus: () => Promise<UpdateStatus>;
}

export type CoreFactory = (context: CoreContext) => HostedCore | Promise<HostedCore>;

/** Where the built app lives: the folder (or app.asar) holding package.json. */
export interface AppLayout {
  preloadPath: string;
  rendererUrl: string;
  iconDir: string;
  windowIcon: string;
}

export function appLayout(appRoot: string): AppLayout {
  return {
    preloadPath: path.join(appRoot, 'dist/electron/electron/glue/preload.cjs'),
    rendererUrl: pathToFileURL(path.join(appRoot, 'dist/renderer/index.html')).href,
    iconDir: path.join(appRoot, 'build/tray'),
    windowIcon: path.join(appRoot, 'build/tray/app.png'),
  };
}

/** Origins of the account the technician works with: the only ones links may open in the browser. */
export function accountOrigins(auth: AuthState): string[] {
  const urls =
    auth.status === 'signed-out'
      ? [auth.defaults.baseUrl]
      : auth.status === 'awaiting-pin'
        ? [auth.baseUrl, auth.authorizeUrl]
        : [auth.account.baseUrl];
  return urls.map(originOf).filter((o): o is string => o !== null);
}

export function runElectronApp(createCore: CoreFactory): void {
  // Windows delivers notifications only for an AppUserModelID equal to the installer's appId.
  app.setAppUserModelId(APP_ID);
  app.setName(PRODUCT_NAME);
  app.enableSandbox();
  // A separate profile (settings, cache, single-instance lock) for tests and side-by-side runs.
  const profile = process.env.SUPPORT_CONSOLE_DATA_DIR;
  if (profile) app.setPath('userData', profile);

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  let win: BrowserWindow | null = null;
  let quitting = false;
  let disposed = false;
  let core: HostedCore | null = null;
  let allowedOrigins: string[] = [];
  // Held for the app's life: a Tray that is garbage-collected disappears from the panel.
  let tray: { destroy(): void } | null = null;
  const layout = appLayout(app.getAppPath());

  const openExternal = async (url: string): Promise<boolean> => {
    if (!isAllowedExternalUrl(url, allowedOrigins)) {
      console.warn('Refused to open a link outside the account in the browser.');
      return false;
    }
    try {
      await shell.openExternal(url);
      return true;
    } catch {
      return false;
    }
  };
  const reveal = () => {
    if (win && !win.isDestroyed()) showWindow(win);
  };

  app.on('second-instance', reveal);
  app.on('activate', reveal);
  app.on('before-quit', () => {
    quitting = true;
    tray?.destroy();
    tray = null;
  });
  app.on('will-quit', (event) => {
    if (disposed || !core) return;
    event.preventDefault();
    void Promise.resolve(core.dispose())
      .catch((error: unknown) => console.error('Shutting down the core failed', error))
      .finally(() => {
        disposed = true;
        app.quit();
      });
  });

  void app.whenReady().then(async () => {
    let menuLanguage: UiLanguage | null = null;
    const setMenu = (language: UiLanguage) => {
      if (language === menuLanguage) return;
      menuLanguage = language;
      const menu = applicationMenuTemplate(process.platform, PRODUCT_NAME, language);
      Menu.setApplicationMenu(menu ? Menu.buildFromTemplate(menu) : null);
    };
    setMenu('en');
    hardenSession(session.defaultSession);
    const updates = createUpdates({
      dataDir: app.getPath('userData'),
      window: () => win,
      language: () => core?.trayState().language ?? 'en',
    });
    app.on('will-quit', () => updates.stop());
    const c = await createCore({
      dataDir: app.getPath('userData'),
      appVersion: app.getVersion(),
      notify: createNotifier({
        showWindow: reveal,
        focusSession: (id, account) => core?.focusSession(id, account),
        language: () => core?.trayState().language ?? 'en',
      }),
      notifyStatus: createStatusNotifier({
        showWindow: reveal,
        openTarget: (target) => core?.openTarget(target),
        language: () => core?.trayState().language ?? 'en',
      }),
      openExternal,
      updateStatus: () => updates.status(),
    });
    core = c;
    // The tray state carries the language (Settings, or the signed-in user's): the menu follows it.
    setMenu(c.trayState().language);
    c.onTrayStateChange((state) => setMenu(state.language));
    allowedOrigins = accountOrigins(c.state().auth);

    win = createMainWindow({
      preloadPath: layout.preloadPath,
      rendererUrl: layout.rendererUrl,
      iconPath: layout.windowIcon,
      openAllowed: (url) => void openExternal(url),
      isQuitting: () => quitting,
      onActivity: (activity) => c.setWindowActivity(activity),
    });
    registerInvokeHandlers(ipcMain, c.handlers, {
      url: layout.rendererUrl,
      webContents: () => win?.webContents ?? null,
    });
    c.subscribe((event, payload) => {
      if (event === 'auth:state') allowedOrigins = accountOrigins(payload as AuthState);
      if (!EVENT_CHANNELS.includes(event) || !win || win.isDestroyed()) return;
      // A part of the devices goes as the JSON their owner made, in UTF-8 (devices-part.ts), parsed by the
      // preload.
      win.webContents.send(event, payload instanceof DevicesPartChange ? payload.jsonBytes() : payload);
    });

    tray = createTray(c, layout.iconDir, {
      openWindow: reveal,
      openTarget: (target) => {
        reveal();
        c.openTarget(target);
      },
      copyCode: (code) => clipboard.writeText(code),
      refresh: () => void c.refreshAll(),
      pauseNotifications: (minutes) => void c.handlers['notifications:pause']({ minutes }),
      quit: () => app.quit(),
    });

    powerMonitor.on('suspend', () => c.setSuspended(true));
    powerMonitor.on('resume', () => {
      c.setSuspended(false);
      updates.resumed();
    });
    await c.start();
    updates.start();
  });
}
