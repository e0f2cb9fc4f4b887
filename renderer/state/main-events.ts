// What the renderer does with each event the main process pushes (contract.ts eventTable): one handler
// per event, the compiler asking for each.

import type { MainEvents, SessionNotice } from '../../shared/ipc/contract.js';
import type { StatusTarget } from '../../shared/status-history.js';
import { noticeText } from '../../shared/i18n/notice-text.js';
import { statusNoticeText } from '../../shared/i18n/status-notice-text.js';
import { t } from '../i18n/index.js';
import type { AccountsStore } from './accounts.js';
import { accountLabel } from './accounts.js';
import type { DataStore } from './data-store.js';
import { applyDataChange } from './data-store.js';
import type { SavedViews } from './saved-views.js';
import type { ShellStore } from './shell-store.js';
import { isRenewing, setAuth } from './shell-store.js';
import { applySinceRows, sinceAlone } from './since-rows.js';
import type { UiActions, UiStore } from './ui-store.js';

export type MainEventHandlers = { [E in keyof MainEvents]: (payload: MainEvents[E]) => void };

export interface MainEventDeps {
  shell: ShellStore;
  data: DataStore;
  ui: UiStore;
  uiAct: UiActions;
  savedViews: SavedViews;
  accounts: AccountsStore;
  openTarget: (target: StatusTarget) => void;
  systemNotify?: (notice: SessionNotice, onClick: () => void) => void;
}

export function mainEventHandlers(d: MainEventDeps): MainEventHandlers {
  const { shell, data, ui, uiAct, savedViews } = d;
  return {
    'auth:state': (auth) => {
      setAuth(shell, auth);
      // The re-auth dialog stays through its PIN step (awaiting-pin with a known account), so the table and
      // its scroll stay mounted behind it; it closes once signed in (or out).
      const keep = auth.status === 'reauth-required' || isRenewing(shell.getState());
      if (!keep && ui.getState().reauthDialogOpen) uiAct.setReauthDialog(false);
    },
    'sync:state': (sync) => shell.setState({ sync }),
    'sync:dataset': ({ dataset, status }) => {
      const sync = shell.getState().sync;
      if (sync) shell.setState({ sync: { ...sync, datasets: { ...sync.datasets, [dataset]: status } } });
    },
    'settings:state': (settings) => shell.setState({ settings }),
    'data:change': (change) => {
      if (!sinceAlone(change)) {
        const removed = applyDataChange(data, change);
        if (change.dataset !== 'users') uiAct.pruneRemoved(change.dataset, removed);
        savedViews.onDataChange(change);
      }
      // The status history's rows the change carries (since-rows.ts): views with history conditions are
      // re-tested once a whole batch of them is in.
      if (change.since && applySinceRows(data, change.since)) savedViews.onHistoryChange();
    },
    'notify:sessions': (notice) => {
      const first = notice.sessions[0]?.id;
      const { title, body } = noticeText(notice, t);
      uiAct.toast('notice', fromAccount(notice.account, body ? `${title} — ${body}` : title), first);
      if (d.systemNotify) d.systemNotify(notice, () => first !== undefined && uiAct.focusSession(first));
    },
    'ui:focus-session': ({ sessionId }) => uiAct.focusSession(sessionId),
    'ui:open-target': (target) => d.openTarget(target),
    'outbox:state': (outbox) => shell.setState({ outbox }),
    'notify:status': (notice) => {
      const { title, body } = statusNoticeText(notice.items, t);
      const text = fromAccount(notice.account, body ? `${title} — ${body}` : title);
      uiAct.toast('notice', text, undefined, notice.open ?? undefined);
    },
    'accounts:state': (state) => d.accounts.set(state),
  };
}

/** A notice of one of several accounts says whose it is. */
function fromAccount(account: { name: string } | undefined, text: string): string {
  return account ? t('accounts.noticeFrom', { account: accountLabel(account.name), text }) : text;
}
