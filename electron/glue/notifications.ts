// Native notifications for sessions that started or are about to. Clicking one shows the window on that
// session. Electron drops a notification's click handler when the object is garbage-collected, so each
// shown notification is kept until it is closed or clicked.

import { Notification } from 'electron';
import { sharedTranslator } from '../../shared/i18n/catalogues/index.js';
import { noticeText } from '../../shared/i18n/notice-text.js';
import { statusNoticeText } from '../../shared/i18n/status-notice-text.js';
import type { UiLanguage } from '../../shared/i18n/translator.js';
import type { SessionNotice } from '../../shared/ipc/contract.js';
import type { StatusNotice, StatusTarget } from '../../shared/status-history.js';

export interface NoticeActions {
  showWindow(): void;
  /** `account`: the session's account, when the console holds several (shown first). */
  focusSession(id: string, account?: string): void;
  /** Shows the device or folder a status notice is about. */
  openTarget(target: StatusTarget): void;
  /** The technician's language now (it may change while the app runs). */
  language?(): UiLanguage;
}

export function createNotifier(
  actions: Pick<NoticeActions, 'showWindow' | 'focusSession' | 'language'>,
): (notice: SessionNotice) => void {
  const live = new Set<Notification>();
  return (notice) => {
    if (!Notification.isSupported()) return;
    const { t } = sharedTranslator(actions.language?.() ?? 'en');
    const { title, body } = noticeText(notice, t);
    const n = new Notification({ title: fromAccount(notice.account, title, t), body });
    live.add(n);
    n.on('click', () => {
      live.delete(n);
      actions.showWindow();
      const first = notice.sessions[0];
      if (first) actions.focusSession(first.id, notice.account?.id);
    });
    n.on('close', () => live.delete(n));
    n.show();
  };
}

/**
 * Status alerts of one poll (issue 11): one native notification; a click shows the window on what it names
 * first (the notice's `open`: the outage's folder, or the device).
 */
export function createStatusNotifier(
  actions: Pick<NoticeActions, 'showWindow' | 'openTarget' | 'language'>,
): (notice: StatusNotice) => void {
  const live = new Set<Notification>();
  return (notice) => {
    if (!Notification.isSupported()) return;
    const { t } = sharedTranslator(actions.language?.() ?? 'en');
    const { title, body } = statusNoticeText(notice.items, t);
    const n = new Notification({ title: fromAccount(notice.account, title, t), body });
    live.add(n);
    n.on('click', () => {
      live.delete(n);
      actions.showWindow();
      if (notice.open) actions.openTarget(notice.open);
    });
    n.on('close', () => live.delete(n));
    n.show();
  };
}

/** With several accounts a notification says whose it is (issue 28). */
function fromAccount(
  account: { name: string } | undefined,
  title: string,
  t: ReturnType<typeof sharedTranslator>['t'],
): string {
  return account ? t('notice.fromAccount', { account: account.name, title }) : title;
}
