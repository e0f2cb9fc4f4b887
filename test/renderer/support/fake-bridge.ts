// A Bridge typed by the contract, for renderer tests: handlers per channel answer invokes (recorded in
// `calls`), and `emit` pushes events as the main process would.

import { makeDevice } from '../../support/make-device.js';
import type {
  AppSnapshot,
  AuthState,
  Bridge,
  EventChannel,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
  IpcResult,
  MainEvents,
  SyncState,
} from '../../../shared/ipc/contract.js';
import type { AppError } from '../../../shared/errors.js';
import type { Device, SupportSession, User } from '../../../shared/model.js';

type Handler<C extends InvokeChannel> = (
  payload: InvokeRequest<C>,
) => InvokeResponse<C> | IpcResult<InvokeResponse<C>> | Promise<IpcResult<InvokeResponse<C>>>;

export interface FakeBridge extends Bridge {
  calls: Array<{ channel: InvokeChannel; payload: unknown }>;
  handle<C extends InvokeChannel>(channel: C, handler: Handler<C>): void;
  fail<C extends InvokeChannel>(channel: C, error: AppError): void;
  emit<E extends EventChannel>(event: E, payload: MainEvents[E]): void;
  callsTo<C extends InvokeChannel>(channel: C): InvokeRequest<C>[];
}

export function createFakeBridge(snapshot: AppSnapshot = makeSnapshot()): FakeBridge {
  const handlers = new Map<InvokeChannel, Handler<InvokeChannel>>();
  const listeners = new Map<EventChannel, Set<(p: unknown) => void>>();
  const calls: FakeBridge['calls'] = [];
  const bridge: FakeBridge = {
    calls,
    async invoke(channel, payload) {
      calls.push({ channel, payload });
      const handler = handlers.get(channel);
      if (channel === 'app:snapshot' && !handler) return { ok: true, value: snapshot } as never;
      // The Settings screen asks for the account's watches whenever it opens: none, unless a test says.
      if (channel === 'watch:get' && !handler)
        return { ok: true, value: { watches: [], quietHours: null } } as never;
      if (!handler) return { ok: true, value: undefined } as never;
      const out = await handler(payload as never);
      if (out && typeof out === 'object' && 'ok' in out && typeof out.ok === 'boolean') return out as never;
      return { ok: true, value: out } as never;
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (p: unknown) => void);
      return () => set.delete(listener as (p: unknown) => void);
    },
    handle(channel, handler) {
      handlers.set(channel, handler as unknown as Handler<InvokeChannel>);
    },
    fail(channel, error) {
      handlers.set(channel, () => ({ ok: false, error }));
    },
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    callsTo<C extends InvokeChannel>(channel: C) {
      return calls.filter((c) => c.channel === channel).map((c) => c.payload as InvokeRequest<C>);
    },
  };
  return bridge;
}

export const ADMIN: User = {
  id: 'u1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  role: 'administrator',
  language: 'en',
  timeZone: '(GMT+01:00)',
  lastLogin: '2026-11-20T08:00:00Z',
  registerDate: '2020-01-01T00:00:00Z',
};

export function signedIn(user: User = ADMIN): AuthState {
  return {
    status: 'signed-in',
    account: { baseUrl: 'http://127.0.0.1:9', consumerKey: 'key', user },
    credentialStore: 'keychain',
  };
}

export function makeSync(patch: Partial<SyncState> = {}): SyncState {
  const ds = { fetchedAt: '2026-11-21T10:00:00Z', refreshing: false, error: null, nextRefreshAt: null };
  return {
    connection: 'online',
    offlineSince: null,
    cacheSavedAt: null,
    cacheNotice: null,
    datasets: { folders: ds, devices: ds, sessions: ds, users: ds },
    progress: null,
    ...patch,
  };
}

export function makeSnapshot(patch: Partial<AppSnapshot> = {}): AppSnapshot {
  return {
    host: 'browser',
    appVersion: '0.1.0',
    auth: signedIn(),
    sync: makeSync(),
    settings: {
      reminderLeadMinutes: 5,
      notificationsEnabled: true,
      notificationsPausedUntil: null,
      theme: 'system',
      language: 'account',
      displayZone: 'computer',
      historyRetentionDays: 90,
    },
    data: { folders: [], devices: [], sessions: [], users: [ADMIN] },
    ...patch,
  };
}

export function device(id: string, patch: Partial<Device> = {}): Device {
  return makeDevice({ id, lastRefresh: '2026-11-21T09:58:00Z', ram: 8192, ...patch });
}

export function session(id: string, patch: Partial<SupportSession> = {}): SupportSession {
  return {
    id,
    code: `C${id}`,
    state: 'planned',
    customer: `Customer ${id}`,
    customerMail: null,
    language: 'en',
    plannedInitTime: '2026-11-21T12:00:00Z',
    plannedEndTime: null,
    initTime: null,
    endTime: null,
    note: null,
    userId: 'u1',
    ...patch,
  };
}
