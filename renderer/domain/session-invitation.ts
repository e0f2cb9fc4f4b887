// What the technician sends a customer for a session: an invitation text in the customer's language
// (the session's language), with the time on the wall clock it was entered in (the account's GMT offset,
// named), and an .ics calendar file (times in UTC, so any calendar places it right).

import { createEvent } from 'ics';
import type { KnownLanguage, SupportSession } from '../../shared/model.js';
import { isUnknownEnum } from '../../shared/model.js';
import { parseTimestamp, type UtcOffset } from './time-zone.js';

/** BCP 47 tags for the service's language codes (`ge` is German). */
const LOCALE: Record<KnownLanguage, string> = { en: 'en', es: 'es', it: 'it', ge: 'de', fr: 'fr' };

const TEXT: Record<KnownLanguage, { at: string; now: string; body: string; subject: string }> = {
  en: {
    subject: 'Remote support session',
    at: 'on {time}',
    now: 'now',
    body: 'Hello {customer},\n\nyour remote support session is planned {when}.\nYour session code: {code}\n\nPlease keep this code ready; the technician will guide you.',
  },
  es: {
    subject: 'Sesión de soporte remoto',
    at: 'el {time}',
    now: 'ahora',
    body: 'Hola {customer}:\n\nsu sesión de soporte remoto está prevista {when}.\nSu código de sesión: {code}\n\nTenga este código a mano; el técnico le guiará.',
  },
  it: {
    subject: 'Sessione di assistenza remota',
    at: 'il {time}',
    now: 'ora',
    body: 'Gentile {customer},\n\nla sua sessione di assistenza remota è prevista {when}.\nIl suo codice di sessione: {code}\n\nTenga pronto questo codice; il tecnico la guiderà.',
  },
  ge: {
    subject: 'Fernwartungssitzung',
    at: 'am {time}',
    now: 'jetzt',
    body: 'Hallo {customer},\n\nIhre Fernwartungssitzung ist {when} geplant.\nIhr Sitzungscode: {code}\n\nBitte halten Sie diesen Code bereit; der Techniker führt Sie durch alles Weitere.',
  },
  fr: {
    subject: 'Session d’assistance à distance',
    at: 'le {time}',
    now: 'maintenant',
    body: 'Bonjour {customer},\n\nvotre session d’assistance à distance est prévue {when}.\nVotre code de session : {code}\n\nGardez ce code à portée de main ; le technicien vous guidera.',
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, k: string) => values[k] ?? whole);
}

export function sessionLanguage(session: SupportSession): KnownLanguage {
  const l = session.language;
  return l && !isUnknownEnum(l) ? l : 'en';
}

/** The planned start on the wall clock of `offset`, in the customer's language, the offset named. */
export function invitationTime(at: Date, language: KnownLanguage, offset: UtcOffset): string {
  const shifted = new Date(at.getTime() + offset.minutes * 60_000);
  const text = new Intl.DateTimeFormat(LOCALE[language], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(shifted);
  return `${text} (${offset.label})`;
}

export function invitationText(session: SupportSession, offset: UtcOffset): string {
  const language = sessionLanguage(session);
  const words = TEXT[language];
  const start = parseTimestamp(session.plannedInitTime);
  return fill(words.body, {
    customer: session.customer ?? '',
    code: session.code ?? '',
    when: start ? fill(words.at, { time: invitationTime(start, language, offset) }) : words.now,
  });
}

/** The .ics file's text; an error message when the session has no planned start to put in a calendar. */
export function sessionIcs(
  session: SupportSession,
  offset: UtcOffset,
): { ok: true; ics: string } | { ok: false; error: string } {
  const start = parseTimestamp(session.plannedInitTime);
  if (!start) return { ok: false, error: 'The session has no planned start.' };
  // Without a planned end the code lasts 15 minutes (spec §8): the calendar entry does too.
  const end = parseTimestamp(session.plannedEndTime) ?? new Date(start.getTime() + 15 * 60_000);
  const language = sessionLanguage(session);
  const { error, value } = createEvent({
    uid: `support-session-${session.id}@support-console`,
    title: `${TEXT[language].subject} ${session.code ?? ''}`.trim(),
    description: invitationText(session, offset),
    start: start.getTime(),
    end: end.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
  });
  if (error || !value) return { ok: false, error: error?.message ?? 'The calendar file could not be made.' };
  return { ok: true, ics: value };
}
