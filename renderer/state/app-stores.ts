// createAppStores(bridge): everything the UI holds, built around the one Bridge so tests inject a fake one
// typed by the same contract. Three vanilla zustand stores (shell: auth/sync/settings; data; ui), the
// client that calls the main process (client.ts: the bridge stays in here), the actions that combine a
// call with what the stores show, and the memoised views (folder tree, device list).

import type { AppError } from '../../shared/errors.js';
import type {
  Bridge,
  DatasetName,
  InvokeRequest,
  IpcResult,
  MainEvents,
  SessionNotice,
} from '../../shared/ipc/contract.js';
import { snapshotToChanges } from '../../shared/ipc/snapshot.js';
import type { Id } from '../../shared/model.js';
import type { StatusTarget } from '../../shared/status-history.js';
import { formatError, t } from '../i18n/index.js';
import { createClient } from './client.js';
import { applyDataChange, createDataStore } from './data-store.js';
import { createUiStore, uiActions } from './ui-store.js';
import { createViews } from './views.js';
import { createSavedViews } from './saved-views.js';
import { createAccounts } from './accounts.js';
import { createSpanningViews } from './spanning-views.js';
import { mainEventHandlers } from './main-events.js';
import { createShellStore, setAuth, writeBlockedReason } from './shell-store.js';
import type { WriteKind } from '../../shared/write-guard.js';

export type { ShellState } from './shell-store.js';

export interface AppStoreOptions {
  /** Shows a system notification (the browser host's Notifications API); absent: in-page toasts only. */
  systemNotify?: (notice: SessionNotice, onClick: () => void) => void;
  now?: () => number;
}

export type AppStores = ReturnType<typeof createAppStores>;

export function createAppStores(bridge: Bridge, options: AppStoreOptions = {}) {
  const now = options.now ?? Date.now;
  const shell = createShellStore();
  const data = createDataStore();
  const ui = createUiStore();
  const uiAct = uiActions(ui);
  const views = createViews(data, ui, now);
  const unsubscribers: Array<() => void> = [];

  const { client } = createClient(bridge);

  const savedViews = createSavedViews({ data, ui, views, service: client.views, now });
  const accounts = createAccounts(client.accounts);
  const spanning = createSpanningViews({ savedViews, accounts, service: client.accounts });
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
    () => spanning.dispose(),
    bridge.onHostLink?.((hostLink) => shell.setState({ hostLink })) ?? (() => undefined),
  ];

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

  const handlers = mainEventHandlers({
    shell,
    data,
    ui,
    uiAct,
    savedViews,
    accounts,
    openTarget,
    ...(options.systemNotify ? { systemNotify: options.systemNotify } : {}),
  });

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
    const result = await client.app.snapshot();
    if (!result.ok) {
      const pending = buffer;
      buffer = null;
      for (const run of pending) run();
      shell.setState({ phase: 'failed', startError: result.error });
      return;
    }
    const snap = result.value;
    setAuth(shell, snap.auth);
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
    // What waited in the outbox before this window opened (the event only says what changes).
    void accounts.load();
    const outbox = await client.outbox.state();
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
    /** Why a write of this kind would be refused now (the main side's answer, in words), or null. */
    writeBlockedReason: (kind: WriteKind = 'queued') => writeBlockedReason(shell.getState(), kind),
    reportFailure,
    refresh(datasets?: DatasetName[]) {
      const pending = (step: number) =>
        shell.setState({ refreshesPending: shell.getState().refreshesPending + step });
      pending(1);
      return client.sync
        .refresh(datasets ? { datasets } : {})
        .finally(() => pending(-1))
        .then(reportFailure);
    },
    async moveDevices(ids: Id[], folderId: Id | null) {
      const result = await client.devices.move({ ids, folderId });
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
      const result = await client.sessions.create(payload);
      if (result.ok) {
        uiAct.rememberCreatedSession(result.value.id, now());
        uiAct.selectSession(result.value.id);
      }
      return result;
    },
    signOut() {
      return client.auth.signOut().then(reportFailure);
    },
    async updateSettings(patch: InvokeRequest<'settings:update'>) {
      const result = reportFailure(await client.settings.update(patch));
      if (result.ok) shell.setState({ settings: result.value });
      return result;
    },
    async pauseNotifications(minutes: number) {
      const result = reportFailure(await client.settings.notificationsPause({ minutes }));
      if (result.ok) shell.setState({ settings: result.value });
      return result;
    },
  };

  return {
    /** The main process's services, one typed proxy each (client.ts). */
    client,
    shell,
    data,
    ui,
    uiActions: uiAct,
    views,
    savedViews,
    spanning,
    accounts,
    actions,
    start,
    dispose,
    now,
    openTarget,
  };
}

function isHostLinkError(error: AppError): boolean {
  return error.key === 'host.goneBanner' || error.key === 'host.replacedBanner';
}
