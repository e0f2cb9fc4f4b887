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
  HostLink,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
  IpcResult,
  MainEvents,
  SessionNotice,
  Settings,
  SyncState,
} from '../../shared/ipc/contract.js';
import { snapshotToChanges } from '../../shared/ipc/snapshot.js';
import type { Id } from '../../shared/model.js';
import type { OutboxState } from '../../shared/outbox.js';
import type { StatusTarget } from '../../shared/status-history.js';
import type { WriteBlock } from '../../shared/write-guard.js';
import { writeBlock, writeBlockError } from '../../shared/write-guard.js';
import type { MessageKey } from '../i18n/index.js';
import { noticeText } from '../../shared/i18n/notice-text.js';
import { statusNoticeText } from '../../shared/i18n/status-notice-text.js';
import { formatError, t } from '../i18n/index.js';
import { applyDataChange, createDataStore } from './data-store.js';
import { createUiStore, uiActions } from './ui-store.js';
import { createViews } from './views.js';
import { createSavedViews } from './saved-views.js';
import { createSinceSync } from './since-sync.js';
import { accountLabel, createAccounts } from './accounts.js';

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
  /**
   * Refreshes this renderer asked for and that have not answered yet. The host does not announce a poll's
   * start (an idle poll then costs one small event), so "Refreshing…" for a refresh the technician asked
   * for comes from here.
   */
  refreshesPending: number;
  settings: Settings | null;
  /** Writes waiting for the service, conflicts, bulk runs (the main process's outbox). */
  outbox: OutboxState | null;
  /** Whether the host this page belongs to is still there (the browser host's tab can outlive it). */
  hostLink: HostLink;
}

export interface AppStoreOptions {
  /** Shows a system notification (the browser host's Notifications API); absent: in-page toasts only. */
  systemNotify?: (notice: SessionNotice, onClick: () => void) => void;
  now?: () => number;
}

export type AppStores = ReturnType<typeof createAppStores>;

/** How long after the snapshot the since rows are first asked for (see where it is used). */
export const SINCE_FIRST_PULL_DELAY_MS = 1_000;

const BRIDGE_FAILED: AppError = {
  kind: 'internal',
  message: 'The console lost contact with its main process. Restart the app if this persists.',
  key: 'error.app.mainLost',
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
    refreshesPending: 0,
    settings: null,
    outbox: null,
    hostLink: 'up',
  }));
  const data = createDataStore();
  const ui = createUiStore();
  const uiAct = uiActions(ui);
  const views = createViews(data, ui, now);
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

  const savedViews = createSavedViews({ data, ui, views, call });
  const accounts = createAccounts(call);
  const sinceSync = createSinceSync(data, call, () => savedViews.onHistoryChange());
  views.setExtraFilter({ activeView: () => savedViews.activePredicate() });
  // Saved views are the account's: (re)loaded whenever a different account is signed in, and once more
  // when its copy shown signed out (read from disk) becomes the signed-in account, so what the copy could
  // not show (or an edit refused meanwhile) is the file's again.
  let viewsAccount = '';
  let viewsFromCopy = false;
  // Not in `unsubscribers`: start() subscribes to the bridge only while that list is empty.
  const savedViewsOff = [
    shell.subscribe((s) => {
      const a = s.account?.account;
      const key = a ? `${a.baseUrl}\n${a.user.id}` : '';
      const signedIn = s.auth?.status === 'signed-in';
      if (s.auth?.status === 'reauth-required' && s.auth.reason.kind === 'keychain') viewsFromCopy = true;
      if (key === viewsAccount && !(viewsFromCopy && signedIn)) return;
      if (signedIn || !key) viewsFromCopy = false;
      viewsAccount = key;
      void savedViews.load();
    }),
    () => savedViews.dispose(),
    bridge.onHostLink?.((hostLink) => shell.setState({ hostLink })) ?? (() => undefined),
  ];

  /**
   * What forbids a write now, or null. Offline, edits go to the main process's outbox and wait there;
   * only what is never queued ('direct': creating or deleting a support session) is refused.
   */
  function currentWriteBlock(
    kind: 'queued' | 'direct' = 'queued',
  ): { block: WriteBlock; offlineSince: string | null } | null {
    const state = shell.getState();
    const block = writeBlock(state.auth?.status, state.sync?.connection, isRenewing(state));
    if (!block || (block === 'offline' && kind === 'queued')) return null;
    return { block, offlineSince: state.sync?.offlineSince ?? null };
  }

  /** Why writes are refused right now, or null: the main process's answer (shared/write-guard), in words. */
  function writeBlockedReason(kind: 'queued' | 'direct' = 'queued'): string | null {
    const current = currentWriteBlock(kind);
    return current ? t(writeBlockKey(current.block)) : null;
  }

  async function write<C extends InvokeChannel>(
    channel: C,
    payload: InvokeRequest<C>,
  ): Promise<IpcResult<InvokeResponse<C>>> {
    const kind = channel === 'sessions:create' || channel === 'sessions:delete' ? 'direct' : 'queued';
    const current = currentWriteBlock(kind);
    if (current) {
      // `message` stays the main side's English (for logs); the technician reads the key's sentence.
      const error = writeBlockError(current.block, current.offlineSince);
      return { ok: false, error: { ...error, key: writeBlockKey(current.block) } };
    }
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

  /** Shows the device or folder an alert is about (a notification, the tray, a toast's action). */
  function openTarget(target: StatusTarget): void {
    // Another account's device (a notice of an account not on screen): that account is shown first.
    const other = accounts.otherAccount(target);
    if (other) {
      void accounts.switchTo(other, target).then(reportFailure);
      return;
    }
    const folders = data.getState().folders;
    const path: Id[] = [];
    const seen = new Set<Id>();
    for (let f: Id | null = target.kind === 'folder' ? target.id : null; f !== null && !seen.has(f);) {
      seen.add(f);
      path.unshift(f);
      f = folders.get(f)?.parentId ?? null;
    }
    uiAct.openTarget(target, path);
  }

  const handlers: { [E in keyof MainEvents]: (payload: MainEvents[E]) => void } = {
    'auth:state': (auth) => {
      setAuth(auth);
      // The re-auth dialog stays through its PIN step (awaiting-pin with a known account), so the table and
      // its scroll stay mounted behind it; it closes once signed in (or out).
      const keep = auth.status === 'reauth-required' || isRenewing(shell.getState());
      if (!keep && ui.getState().reauthDialogOpen) uiAct.setReauthDialog(false);
      void sinceSync.pull();
    },
    'sync:state': (sync) => shell.setState({ sync }),
    'sync:dataset': ({ dataset, status }) => {
      const sync = shell.getState().sync;
      if (sync) shell.setState({ sync: { ...sync, datasets: { ...sync.datasets, [dataset]: status } } });
    },
    'settings:state': (settings) => shell.setState({ settings }),
    'data:change': (change) => {
      const removed = applyDataChange(data, change);
      if (change.dataset !== 'users') uiAct.pruneRemoved(change.dataset, removed);
      savedViews.onDataChange(change);
    },
    // The history recorded what a poll or a change did to some device's since (the main side says so
    // only when it did): ask for those rows, unless this renderer already holds them.
    'history:moved': (at) => void sinceSync.moved(at),
    'notify:sessions': (notice) => {
      const first = notice.sessions[0]?.id;
      const { title, body } = noticeText(notice, t);
      uiAct.toast('notice', fromAccount(notice.account, body ? `${title} — ${body}` : title), first);
      if (options.systemNotify)
        options.systemNotify(notice, () => first !== undefined && uiAct.focusSession(first));
    },
    'ui:focus-session': ({ sessionId }) => uiAct.focusSession(sessionId),
    'ui:open-target': (target) => openTarget(target),
    'outbox:state': (outbox) => shell.setState({ outbox }),
    'notify:status': (notice) => {
      const { title, body } = statusNoticeText(notice.items, t);
      const text = fromAccount(notice.account, body ? `${title} — ${body}` : title);
      uiAct.toast('notice', text, undefined, notice.open ?? undefined);
    },
    'accounts:state': (state) => accounts.set(state),
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
    for (const change of snapshotToChanges(snap)) {
      const removed = applyDataChange(data, change);
      if (change.dataset !== 'users') uiAct.pruneRemoved(change.dataset, removed);
      savedViews.onDataChange(change);
    }
    const pending = buffer;
    buffer = null;
    for (const run of pending) run();
    shell.setState({ phase: 'ready' });
    // The since rows (a whole map of 100,000, 20 answers) are not on the first screen: asked once it has
    // been drawn, so they do not compete with it for either main thread.
    setTimeout(() => void sinceSync.pull(), SINCE_FIRST_PULL_DELAY_MS);
    // What waited in the outbox before this window opened (the event only says what changes).
    void accounts.load();
    const outbox = await call('outbox:state', {});
    if (outbox.ok && shell.getState().outbox === null) shell.setState({ outbox: outbox.value });
  }

  function dispose(): void {
    for (const off of unsubscribers.splice(0)) off();
    for (const off of savedViewsOff.splice(0)) off();
  }

  /** Shows a failure as a toast; returns the result for the caller's own handling. */
  function reportFailure<T>(result: IpcResult<T>): IpcResult<T> {
    // A tab whose host is gone says so once, in its banner: not again in a toast for every click.
    if (!result.ok && !(shell.getState().hostLink !== 'up' && isHostLinkError(result.error)))
      uiAct.toast('error', formatError(result.error));
    return result;
  }

  const actions = {
    call,
    write,
    /** `service[channel](payload)`: any request, typed by the contract (after VS Code's ProxyChannel). */
    service: channelProxy(call),
    /** The same for changes: refused here first when the main process would refuse them (write-guard). */
    writes: channelProxy(write),
    writeBlockedReason,
    reportFailure,
    refresh(datasets?: DatasetName[]) {
      const pending = (step: number) =>
        shell.setState({ refreshesPending: shell.getState().refreshesPending + step });
      pending(1);
      return call('sync:refresh', datasets ? { datasets } : {})
        .finally(() => pending(-1))
        .then(reportFailure);
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
    async createSession(payload: InvokeRequest<'sessions:create'>) {
      const result = await write('sessions:create', payload);
      if (result.ok) {
        uiAct.rememberCreatedSession(result.value.id, now());
        uiAct.selectSession(result.value.id);
      }
      return result;
    },
    signOut() {
      return call('auth:sign-out', {}).then(reportFailure);
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

  return {
    bridge,
    shell,
    data,
    ui,
    uiActions: uiAct,
    views,
    savedViews,
    accounts,
    actions,
    start,
    dispose,
    now,
    openTarget,
  };
}

/** Signing in again to an account whose sign-in expired: its PIN step, with its data still shown. */
/** Each channel of the contract as a method; the channel is the property name, checked by the compiler. */
export type ChannelProxy = {
  readonly [C in InvokeChannel]: (payload: InvokeRequest<C>) => Promise<IpcResult<InvokeResponse<C>>>;
};

function channelProxy(
  send: <C extends InvokeChannel>(
    channel: C,
    payload: InvokeRequest<C>,
  ) => Promise<IpcResult<InvokeResponse<C>>>,
): ChannelProxy {
  return new Proxy({} as ChannelProxy, {
    get: (_target, channel) => (payload: never) => send(channel as InvokeChannel, payload),
  });
}

/** A notice of one of several accounts says whose it is. */
function fromAccount(account: { name: string } | undefined, text: string): string {
  return account ? t('accounts.noticeFrom', { account: accountLabel(account.name), text }) : text;
}

function isHostLinkError(error: AppError): boolean {
  return error.key === 'host.goneBanner' || error.key === 'host.replacedBanner';
}

/** What the renderer says of a refused write (offline, only what is never queued is refused). */
function writeBlockKey(block: WriteBlock): MessageKey {
  return WRITE_BLOCK_MESSAGES[block];
}

const WRITE_BLOCK_MESSAGES: Record<WriteBlock, MessageKey> = {
  'signed-out': 'error.signInWrite',
  reauth: 'error.reauthWrite',
  offline: 'outbox.sessionOffline',
};

export function isRenewing(s: Pick<ShellState, 'auth' | 'account'>): boolean {
  return s.auth?.status === 'awaiting-pin' && s.account !== null;
}

/** The account whose data is shown: signed in, expired, or being signed in again. */
export function shownAccount(s: Pick<ShellState, 'auth' | 'account'>): ShellState['account'] {
  const a = s.auth;
  if (a?.status === 'signed-in' || a?.status === 'reauth-required') return s.account;
  return isRenewing(s) ? s.account : null;
}
