// A session notice travels as data (kind, sessions, minutes); its words are made here, in the language of
// whoever shows it: main for a native notification, the renderer for an in-page one.

import type { SessionNotice } from '../ipc/contract.js';
import type { SharedMessageKey } from './catalogues/index.js';
import type { MessageValues } from './translator.js';

/** How many sessions the body names; the rest are counted. */
export const NAMES_IN_BODY = 5;

type Translate = (key: SharedMessageKey, values?: MessageValues) => string;

export function noticeText(notice: SessionNotice, t: Translate): { title: string; body: string } {
  const count = notice.sessions.length;
  const title =
    notice.kind === 'started'
      ? t('notice.started', { count })
      : t('notice.reminder', { count, minutes: notice.minutes ?? 1 });
  const names = notice.sessions.slice(0, NAMES_IN_BODY).map((s) => {
    const customer = s.customer ?? t('notice.unnamedCustomer');
    return s.code ? t('notice.who', { customer, code: s.code }) : customer;
  });
  const more = count - NAMES_IN_BODY;
  // Names are joined by the locale's own list punctuation; the count of the rest is a message.
  const joined = names.join(', ');
  const body = more > 0 ? t('notice.more', { names: joined, count: more }) : joined;
  return { title, body };
}
