// createAppStores(bridge): everything the UI holds, built around the one Bridge so tests inject a fake one
// typed by the same contract. Three vanilla zustand stores (shell: auth/sync/settings; data; ui) plus the
// actions that talk to the main process and the memoised views (folder tree, device list).

import { createStore } from 'zustand/vanilla';
import type { AppError } from '../../shared/errors.js';
import type {
  AccountInfo,
  AuthState,
  CredentialStore,
  Bridge,
  DatasetName,
  HostKind,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
  IpcResult,
  MainEvents,
  SessionNotice,
  Settings,
  SyncState,
} from '../../shared/ipc/contract.js';
import { DATASET_NAMES } from '../../shared/ipc/contract.js';
import type { Id } from '../../shared/model.js';
import { noticeText } from '../../shared/i18n/notice-text.js';
import { formatError, t } from '../i18n/index.js';
import { applyDataChange, createDataStore } from './data-store.js';
import { createUiStore, uiActions } from './ui-store.js';
import { createViews } from './views.js';

export interface ShellState {
  phase: 'loading' | 'ready' | 'failed';
  startError: AppError | null;
  host: HostKind | null;
  appVersion: string;
  auth: AuthState | null;
  /**
   * The account last signed in, kept while its sign-in is renewed (reauth-required, then awaiting-pin):
   * the PIN step has no account of its own, and the data, role and time zone behind it are still this
   * account's. Cleared when signed out.
   */
  account: { account: AccountInfo; credentialStore: CredentialStore } | null;
  sync: SyncState | null;
  settings: Settings | null;
}

export interface AppStoreOptions {
  /** Shows a system notification (the browser host's Notifications API); absent: in-page toasts only. */
  systemNotify?: (notice: SessionNotice, onClick: () => void) => void;
  now?: () => number;
}

export type AppStores = ReturnType<typeof createAppStores>;

const BRIDGE_FAILED: AppError = {
  kind: 'internal',
  message: 'The console lost contact with its main process. Restart the app if this persists.',
};

export function createAppStores(bridge: Bridge, options: AppStoreOptions = {}) {
  const now = options.now ?? Date.now;
  const shell = createStore<ShellState>()(() => ({
    phase: 'loading',
    startError: null,
    host: null,
    appVersion: '',
    auth: null,
    account: null,
    sync: null,
    settings: null,
  }));
  const data = createDataStore();
  const ui = createUiStore();
  const uiAct = uiActions(ui);
  const views = createViews(data, ui);
  const unsubscribers: Array<() => void> = [];

  /** Every call to main goes through here: a rejected bridge promise becomes an AppError too. */
  async function call<C extends InvokeChannel>(
    channel: C,
    payload: InvokeRequest<C>,
  ): Promise<IpcResult<InvokeResponse<C>>> {
    try {
      return await bridge.invoke(channel, payload);
    } catch {
      return { ok: false, error: BRIDGE_FAILED };
    }
  }

  /** Why writes are refused right now, or null. Offline writes are refused rather than queued. */
  function writeBlockedReason(): string | null {
    const state = shell.getState();
    const { sync, auth } = state;
    if (auth?.status === 'reauth-required' || isRenewing(state)) return t('error.reauthWrite');
    if (sync?.connection === 'offline') return t('error.kind.offline');
    return null;
  }

  async function write<C extends InvokeChannel>(
    channel: C,
    payload: InvokeRequest<C>,
  ): Promise<IpcResult<InvokeResponse<C>>> {
    const blocked = writeBlockedReason();
    if (blocked) return { ok: false, error: { kind: 'offline', message: blocked } };
    return call(channel, payload);
  }

  function setAuth(auth: AuthState): void {
    const account =
      auth.status === 'signed-in' || auth.status === 'reauth-required'
        ? { account: auth.account, credentialStore: auth.credentialStore }
        : auth.status === 'awaiting-pin'
          ? shell.getState().account
          : null;
    shell.setState({ auth, account });
  }

  const handlers: { [E in keyof MainEvents]: (payload: MainEvents[E]) => void } = {
    'auth:state': (auth) => {
      setAuth(auth);
      // The re-auth dialog stays through its PIN step (awaiting-pin with a known account), so the table and
      // its scroll stay mounted behind it; it closes once signed in (or out).
      const keep = auth.status === 'reauth-required' || isRenewing(shell.getState());
      if (!keep && ui.getState().reauthDialogOpen) uiAct.setReauthDialog(false);
    },
    'sync:state': (sync) => shell.setState({ sync }),
    'settings:state': (settings) => shell.setState({ settings }),
    'data:change': (change) => {
      const removed = applyDataChange(data, change);
      if (change.dataset !== 'users') uiAct.pruneRemoved(change.dataset, removed);
    },
    'notify:sessions': (notice) => {
      const first = notice.sessions[0]?.id;
      const { title, body } = noticeText(notice, t);
      uiAct.toast('notice', body ? `${title} — ${body}` : title, first);
      if (options.systemNotify)
        options.systemNotify(notice, () => first !== undefined && uiAct.focusSession(first));
    },
    'ui:focus-session': ({ sessionId }) => uiAct.focusSession(sessionId),
  };

  async function start(): Promise<void> {
    // Subscribe before asking for the snapshot and hold events until it lands: a delta sent while the
    // snapshot travels is then replayed on top of it instead of being lost or overwritten.
    let buffer: Array<() => void> | null = [];
    if (!unsubscribers.length) {
      for (const event of Object.keys(handlers) as Array<keyof MainEvents>) {
        unsubscribers.push(
          bridge.on(event, (payload) => {
            const run = () => (handlers[event] as (p: typeof payload) => void)(payload);
            if (buffer) buffer.push(run);
            else run();
          }),
        );
      }
    }
    shell.setState({ phase: 'loading', startError: null });
    const result = await call('app:snapshot', {});
    if (!result.ok) {
      const pending = buffer;
      buffer = null;
      for (const run of pending) run();
      shell.setState({ phase: 'failed', startError: result.error });
      return;
    }
    const snap = result.value;
    setAuth(snap.auth);
    shell.setState({
      host: snap.host,
      appVersion: snap.appVersion,
      sync: snap.sync,
      settings: snap.settings,
    });
    for (const dataset of DATASET_NAMES) {
      const removed = applyDataChange(data, {
        dataset,
        reset: true,
        added: snap.data[dataset],
        changed: [],
        removed: [],
        fetchedAt: snap.sync.datasets[dataset]?.fetchedAt ?? null,
      } as MainEvents['data:change']);
      if (dataset !== 'users') uiAct.pruneRemoved(dataset, removed);
    }
    const pending = buffer;
    buffer = null;
    for (const run of pending) run();
    shell.setState({ phase: 'ready' });
  }

  function dispose(): void {
    for (const off of unsubscribers.splice(0)) off();
  }

  /** Shows a failure as a toast; returns the result for the caller's own handling. */
  function reportFailure<T>(result: IpcResult<T>): IpcResult<T> {
    if (!result.ok) uiAct.toast('error', formatError(result.error));
    return result;
  }

  const actions = {
    call,
    write,
    writeBlockedReason,
    reportFailure,
    refresh(datasets?: DatasetName[]) {
      return call('sync:refresh', datasets ? { datasets } : {}).then(reportFailure);
    },
    reportWindowActivity(visible: boolean, focused: boolean) {
      return call('window:activity', { visible, focused });
    },
    setAlias(id: Id, alias: string) {
      return write('devices:set-alias', { id, alias });
    },
    async moveDevices(ids: Id[], folderId: Id | null) {
      const result = await write('devices:move', { ids, folderId });
      if (result.ok) {
        const { moved, failed } = result.value;
        // Unassigning is not a move to somewhere: it says what happened.
        if (!failed.length)
          uiAct.toast(
            'info',
            t(folderId === null ? 'devices.unassignDone' : 'devices.moveDone', { count: moved.length }),
          );
        else
          uiAct.toast(
            'error',
            `${t('devices.moveResult', { moved: moved.length, total: ids.length })} ${t(
              'devices.moveFailed',
              {
                count: failed.length,
              },
            )} ${[...new Set(failed.map((f) => formatError(f.error)))].join(' ')}`,
          );
      }
      return result;
    },
    createFolder(name: string, parentId: Id | null) {
      return write('folders:create', { name, parentId });
    },
    renameFolder(id: Id, name: string) {
      return write('folders:rename', { id, name });
    },
    moveFolder(id: Id, parentId: Id | null) {
      return write('folders:move', { id, parentId });
    },
    deleteFolder(id: Id) {
      return write('folders:delete', { id });
    },
    async createSession(payload: InvokeRequest<'sessions:create'>) {
      const result = await write('sessions:create', payload);
      if (result.ok) {
        uiAct.rememberCreatedSession(result.value.id, now());
        uiAct.selectSession(result.value.id);
      }
      return result;
    },
    updateSession(payload: InvokeRequest<'sessions:update'>) {
      return write('sessions:update', payload);
    },
    deleteSession(id: Id) {
      return write('sessions:delete', { id });
    },
    beginSignIn(payload: InvokeRequest<'auth:begin'>) {
      return call('auth:begin', payload);
    },
    completeSignIn(pin: string) {
      return call('auth:complete', { pin });
    },
    cancelSignIn() {
      return call('auth:cancel', {});
    },
    signOut() {
      return call('auth:sign-out', {}).then(reportFailure);
    },
    openExternal(url: string) {
      return call('shell:open-external', { url });
    },
    async updateSettings(patch: InvokeRequest<'settings:update'>) {
      const result = reportFailure(await call('settings:update', patch));
      if (result.ok) shell.setState({ settings: result.value });
      return result;
    },
    async pauseNotifications(minutes: number) {
      const result = reportFailure(await call('notifications:pause', { minutes }));
      if (result.ok) shell.setState({ settings: result.value });
      return result;
    },
  };

  return { bridge, shell, data, ui, uiActions: uiAct, views, actions, start, dispose, now };
}

/** Signing in again to an account whose sign-in expired: its PIN step, with its data still shown. */
export function isRenewing(s: Pick<ShellState, 'auth' | 'account'>): boolean {
  return s.auth?.status === 'awaiting-pin' && s.account !== null;
}

/** The account whose data is shown: signed in, expired, or being signed in again. */
export function shownAccount(s: Pick<ShellState, 'auth' | 'account'>): ShellState['account'] {
  const a = s.auth;
  if (a?.status === 'signed-in' || a?.status === 'reauth-required') return s.account;
  return isRenewing(s) ? s.account : null;
}
