// The main window and the rules its web contents live by: Electron's secure defaults spelled out (so a
// test can see them), no navigation away from the renderer, no new windows (allowed links go to the
// system browser instead), no permissions but notifications and writing to the clipboard, the CSP on
// every response, and closing hides to the tray rather than quitting.

import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron';
import { BrowserWindow } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../content-security-policy.js';
import { PRODUCT_NAME } from '../app-identity.js';

export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set([
  'notifications',
  'clipboard-sanitized-write',
]);

export function mainWindowOptions(preloadPath: string, iconPath?: string): BrowserWindowConstructorOptions {
  return {
    title: PRODUCT_NAME,
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 500,
    show: false,
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/**
 * Keeps the contents on our renderer. `openAllowed` opens a URL in the system browser when the
 * allow-list permits it and reports whether it did.
 */
export function hardenWebContents(contents: WebContents, openAllowed: (url: string) => void): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    openAllowed(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openAllowed(url);
    return { action: 'deny' };
  });
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission)),
  );
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
  // The renderer's index.html carries the same policy in a meta tag; this adds it to any response that
  // passes the web request layer, so content from elsewhere could not run without it either.
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
}

export interface MainWindowOptions {
  preloadPath: string;
  rendererUrl: string;
  iconPath?: string;
  openAllowed: (url: string) => void;
  /** True once the app is quitting for real: then closing closes. */
  isQuitting: () => boolean;
  onActivity: (activity: { visible: boolean; focused: boolean }) => void;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(options.preloadPath, options.iconPath));
  hardenWebContents(win.webContents, options.openAllowed);
  win.on('close', (event) => {
    if (options.isQuitting()) return;
    event.preventDefault();
    win.hide();
  });
  const report = () =>
    options.onActivity({ visible: win.isVisible() && !win.isMinimized(), focused: win.isFocused() });
  for (const e of ['show', 'hide', 'focus', 'blur', 'minimize', 'restore'] as const)
    win.on(e as 'show', report);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(options.rendererUrl);
  return win;
}

export function showWindow(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
