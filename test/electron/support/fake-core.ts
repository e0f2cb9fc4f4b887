// A small stand-in for electron/core, typed by the same port the hosts use: it records what the hosts ask
// of it and lets a test push events and tray states. The hosts' own behaviour is what the tests check.

import { bareDevice } from '../../support/make-device.js';
import { DEFAULT_SETTINGS } from '../../../electron/core/settings-store.js';
import type { StatusTarget } from '../../../shared/status-history.js';
import type {
  AppSnapshot,
  EventChannel,
  EventSink,
  InvokeHandlers,
  MainEvents,
  Settings,
} from '../../../shared/ipc/contract.js';
import { INVOKE_CHANNELS } from '../../../shared/ipc/schemas.js';
import type { HostedCore, TrayState } from '../../../electron/core-port.js';

export const SETTINGS: Settings = DEFAULT_SETTINGS;

export function snapshotFixture(): AppSnapshot {
  const status = { fetchedAt: null, refreshing: false, error: null, nextRefreshAt: null };
  return {
    host: 'browser',
    appVersion: '0.0.0-test',
    auth: {
      status: 'signed-out',
      defaults: { baseUrl: 'http://127.0.0.1:1', consumerKey: 'demo', hasConfiguredSecret: true },
      keychainAvailable: false,
    },
    sync: {
      connection: 'idle',
      offlineSince: null,
      cacheSavedAt: null,
      cacheNotice: null,
      datasets: { folders: status, devices: status, sessions: status, users: status },
      progress: null,
    },
    settings: SETTINGS,
    data: {
      folders: [],
      devices: [bareDevice({ id: '007', name: 'Front desk', status: 'online' })],
      sessions: [],
      users: [],
    },
  };
}

export interface FakeCore extends HostedCore {
  calls: Array<{ channel: string; payload: unknown }>;
  emit<E extends EventChannel>(event: E, payload: MainEvents[E]): void;
  setTray(state: TrayState): void;
  suspended: boolean[];
  /** refreshAll calls (the tray's Refresh now). */
  refreshes: number;
  activity: Array<{ visible: boolean; focused: boolean }>;
  focused: string[];
  opened: StatusTarget[];
  sinks: Set<EventSink>;
}

export const SIGNED_OUT_TRAY: TrayState = {
  status: 'signed-out',
  ongoing: [],
  upcoming: [],
  notificationsPausedUntil: null,
  language: 'en',
};

export function createFakeCore(): FakeCore {
  const calls: FakeCore['calls'] = [];
  const sinks = new Set<EventSink>();
  const trayListeners = new Set<(s: TrayState) => void>();
  let tray: TrayState = SIGNED_OUT_TRAY;
  const handlers = Object.fromEntries(
    INVOKE_CHANNELS.map((channel) => [
      channel,
      async (payload: unknown) => {
        calls.push({ channel, payload });
        if (channel === 'app:snapshot') return snapshotFixture();
        if (channel === 'folders:create') return { id: 'f-1' };
        if (channel === 'folders:delete') throw Object.assign(new Error('boom'), { secret: 'do-not-leak' });
        if (channel === 'auth:begin') return { authorizeUrl: 'http://127.0.0.1:1/authorize', opened: false };
        return undefined;
      },
    ]),
  ) as unknown as InvokeHandlers;

  const core: FakeCore = {
    handlers,
    calls,
    sinks,
    suspended: [],
    refreshes: 0,
    activity: [],
    focused: [],
    opened: [],
    subscribe(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
    snapshot: () => snapshotFixture(),
    rendererSnapshot: () => snapshotFixture(),
    state: () => {
      const { data, ...rest } = snapshotFixture();
      const { devices: _devices, ...held } = data;
      return { ...rest, data: held };
    },
    trayState: () => tray,
    onTrayStateChange(listener) {
      trayListeners.add(listener);
      return () => trayListeners.delete(listener);
    },
    setSuspended(s) {
      core.suspended.push(s);
    },
    async refreshAll() {
      core.refreshes++;
    },
    setWindowActivity(a) {
      core.activity.push(a);
    },
    focusSession(id) {
      core.focused.push(id);
    },
    openTarget(target) {
      core.opened.push(target);
    },
    start() {},
    dispose() {},
    emit(event, payload) {
      for (const sink of sinks) sink(event, payload);
    },
    setTray(state) {
      tray = state;
      for (const l of trayListeners) l(state);
    },
  };
  return core;
}
