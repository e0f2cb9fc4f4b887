// What the technician sends a customer for a session: an invitation text in the customer's language
// (the session's language), with the time on the wall clock it was entered in (the account's GMT offset,
// named), and an .ics calendar file (times in UTC, so any calendar places it right).

import { createEvent } from 'ics';
import { localeOf } from '../../shared/i18n/translator.js';
import type { KnownLanguage, SupportSession } from '../../shared/model.js';
import { isUnknownEnum } from '../../shared/model.js';
import { t, tIn } from '../i18n/index.js';
import { parseTimestamp, type UtcOffset } from './time-zone.js';

export function sessionLanguage(session: SupportSession): KnownLanguage {
  const l = session.language;
  return l && !isUnknownEnum(l) ? l : 'en';
}

/** The planned start on the wall clock of `offset`, in the customer's language, the offset named. */
export function invitationTime(at: Date, language: KnownLanguage, offset: UtcOffset): string {
  const shifted = new Date(at.getTime() + offset.minutes * 60_000);
  const text = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(shifted);
  return `${text} (${offset.label})`;
}

export function invitationText(session: SupportSession, offset: UtcOffset): string {
  const language = sessionLanguage(session);
  const start = parseTimestamp(session.plannedInitTime);
  return tIn(language, 'invitation.body', {
    customer: session.customer ?? '',
    code: session.code ?? '',
    when: start
      ? tIn(language, 'invitation.at', { time: invitationTime(start, language, offset) })
      : tIn(language, 'invitation.now'),
  });
}

/** The .ics file's text; an error message when the session has no planned start to put in a calendar. */
export function sessionIcs(
  session: SupportSession,
  offset: UtcOffset,
): { ok: true; ics: string } | { ok: false; error: string } {
  const start = parseTimestamp(session.plannedInitTime);
  if (!start) return { ok: false, error: t('invitation.noStart') };
  // Without a planned end the code lasts 15 minutes (spec §8): the calendar entry does too.
  const end = parseTimestamp(session.plannedEndTime) ?? new Date(start.getTime() + 15 * 60_000);
  const language = sessionLanguage(session);
  const { error, value } = createEvent({
    uid: `support-session-${session.id}@support-console`,
    title: session.code
      ? tIn(language, 'invitation.subjectWithCode', { code: session.code })
      : tIn(language, 'invitation.subject'),
    description: invitationText(session, offset),
    start: start.getTime(),
    end: end.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
  });
  // The ics library's own words are English: the technician gets ours (the library's go to the console).
  if (error || !value) {
    console.warn('calendar file failed', error?.message);
    return { ok: false, error: t('invitation.icsFailed') };
  }
  return { ok: true, ics: value };
}
