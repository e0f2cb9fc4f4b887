// A stand-in for the 'electron' module, which cannot run here (no binary). It records what the glue asks
// of Electron so the tests can check it, and lets a test fire the events Electron would fire.

import { EventEmitter } from 'node:events';

type Listener = (...args: unknown[]) => void;

export class StubEmitter extends EventEmitter {
  fire(event: string, ...args: unknown[]): void {
    this.emit(event, ...args);
  }
}

export function stubEvent() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export class StubWebContents extends StubEmitter {
  readonly mainFrame = { url: '' };
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  sent: Array<{ channel: string; payload: unknown }> = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
}

export class BrowserWindow extends StubEmitter {
  static instances: BrowserWindow[] = [];
  readonly webContents = new StubWebContents();
  visible = false;
  focused = false;
  minimized = false;
  destroyed = false;
  loadedUrl: string | null = null;
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.instances.push(this);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  show() {
    this.visible = true;
    this.emit('show');
  }
  hide() {
    this.visible = false;
    this.emit('hide');
  }
  focus() {
    this.focused = true;
    this.emit('focus');
  }
  restore() {
    this.minimized = false;
  }
  isVisible() {
    return this.visible;
  }
  isFocused() {
    return this.focused;
  }
  isMinimized() {
    return this.minimized;
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** What Electron does when the user closes the window: a cancellable 'close', then closing. */
  userClose() {
    const event = stubEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroyed = true;
    return event;
  }
}

class StubApp extends StubEmitter {
  calls: string[] = [];
  appUserModelId: string | null = null;
  gotLock = true;
  readyResolve!: () => void;
  private readonly ready = new Promise<void>((r) => (this.readyResolve = r));
  setAppUserModelId(id: string) {
    this.appUserModelId = id;
  }
  setName(name: string) {
    this.calls.push(`setName:${name}`);
  }
  enableSandbox() {
    this.calls.push('enableSandbox');
  }
  requestSingleInstanceLock() {
    return this.gotLock;
  }
  quit() {
    this.calls.push('quit');
    const event = stubEvent();
    this.emit('before-quit', event);
    this.emit('will-quit', event);
  }
  whenReady() {
    return this.ready;
  }
  /** Electron's immediate exit (no 'before-quit'): what the app's binary run as the command line ends with. */
  exit(code = 0) {
    this.calls.push(`exit:${code}`);
  }
  getAppPath() {
    return '/opt/support-console/resources/app.asar';
  }
  private userData = '/tmp/support-console-user-data';
  setPath(name: string, value: string) {
    if (name === 'userData') this.userData = value;
  }
  getPath(_name: string) {
    return this.userData;
  }
  getVersion() {
    return '9.9.9';
  }
}
export const app = new StubApp();

class StubIpcMain {
  handlers = new Map<string, Listener>();
  handle(channel: string, handler: Listener) {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
}
export const ipcMain = new StubIpcMain();

export const shell = {
  opened: [] as string[],
  openExternal(url: string) {
    shell.opened.push(url);
    return Promise.resolve();
  },
};

export const clipboard = {
  text: '',
  writeText(text: string) {
    clipboard.text = text;
  },
};

export const session = {
  defaultSession: {
    permissionRequestHandler: null as null | ((wc: unknown, p: string, cb: (ok: boolean) => void) => void),
    permissionCheckHandler: null as null | ((wc: unknown, p: string) => boolean),
    headersHandler: null as null | ((details: unknown, cb: (r: unknown) => void) => void),
    setPermissionRequestHandler(h: (wc: unknown, p: string, cb: (ok: boolean) => void) => void) {
      this.permissionRequestHandler = h;
    },
    setPermissionCheckHandler(h: (wc: unknown, p: string) => boolean) {
      this.permissionCheckHandler = h;
    },
    webRequest: {
      onHeadersReceived(h: (details: unknown, cb: (r: unknown) => void) => void) {
        session.defaultSession.headersHandler = h;
      },
    },
  },
};

export class Notification extends StubEmitter {
  static shown: Notification[] = [];
  static isSupported() {
    return true;
  }
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show() {
    Notification.shown.push(this);
  }
}

export const nativeImage = {
  createFromPath: (p: string) => ({ path: p }),
};

export class Tray extends StubEmitter {
  static instances: Tray[] = [];
  image: unknown;
  tooltip = '';
  menu: unknown = null;
  destroyed = false;
  constructor(image: unknown) {
    super();
    this.image = image;
    Tray.instances.push(this);
  }
  setImage(image: unknown) {
    this.image = image;
  }
  setToolTip(t: string) {
    this.tooltip = t;
  }
  setContextMenu(menu: unknown) {
    this.menu = menu;
  }
  destroy() {
    this.destroyed = true;
  }
}

export const Menu = {
  buildFromTemplate: (template: unknown[]) => ({ template }),
  /** undefined: never set, so Electron would install its default menu (Reload, DevTools…). */
  applicationMenu: undefined as unknown,
  setApplicationMenu(menu: unknown) {
    Menu.applicationMenu = menu;
  },
};

export const powerMonitor = new StubEmitter();

export default {
  app,
  BrowserWindow,
  ipcMain,
  shell,
  clipboard,
  session,
  Notification,
  nativeImage,
  Tray,
  Menu,
  powerMonitor,
};
