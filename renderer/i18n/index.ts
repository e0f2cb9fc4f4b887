// The one layer every user-facing string goes through: ICU messages formatted by FormatJS
// (shared/i18n/translator.ts) in the technician's language, and dates, numbers and sizes through Intl in
// the same locale. The language is set from the signed-in user's service language or the Settings choice
// and applies at once: components read it through useLanguage() (use-language.ts) and re-render. This module
// holds no React: the command line formats its text here too, and loading React cost each of its starts.

import type { AppError } from '../../shared/errors.js';
import type { MessageKey } from '../../shared/i18n/catalogues/index.js';
import { errorDetail, errorMessage } from '../../shared/i18n/error-text.js';
import {
  createTranslator,
  localeOf,
  type MessageValues,
  type Translator,
  type UiLanguage,
} from '../../shared/i18n/translator.js';
import { catalogueOf } from './catalogues.js';
import { isPseudoLocaleOn, pseudoCatalogue } from './pseudo.js';

export type { MessageKey };
export type Params = MessageValues;
export type { UiLanguage };

const english = catalogueOf('en');
/** Development only (pseudo.ts): every message in the pseudo-locale, whatever the language chosen. */
const pseudo = isPseudoLocaleOn();

let shown: UiLanguage = 'en';
// Made on first use, not when this module loads: the browser host and the command line load it with code
// they share and may never format a message (creating the English translator took 15 ms of their start).
let translator: Translator | null = null;
let numberFormat: Intl.NumberFormat | null = null;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const listeners = new Set<() => void>();

function current(): Translator {
  translator ??= pseudo
    ? createTranslator(shown, pseudoCatalogue(english), english)
    : createTranslator(shown, catalogueOf(shown), shown === 'en' ? undefined : english);
  return translator;
}

/** Switches every message, date and number to `next` ('ge' is German). */
export function setLanguage(next: UiLanguage): void {
  if (next === shown) return;
  shown = next;
  translator = null;
  plain = new Map();
  numberFormat = null;
  dateFormats.clear();
  const doc = page();
  if (doc) {
    doc.documentElement.lang = localeOf(shown);
    focusBeforeChange = doc.activeElement?.id || null;
  }
  for (const listener of listeners) listener();
}

/**
 * The page, where there is one. Typed by what is used of it: the main process also runs the view model
 * (a saved view spanning accounts is matched where the other accounts' devices are), without the DOM lib.
 */
function page():
  | {
      documentElement: { lang: string };
      activeElement: { id: string } | null;
      getElementById(id: string): { focus(): void } | null;
    }
  | undefined {
  return (globalThis as { document?: ReturnType<typeof page> }).document;
}

let focusBeforeChange: string | null = null;
/** The console re-renders in the new language; the control that changed it keeps the focus. */
export function restoreFocusAfterLanguageChange(): void {
  if (focusBeforeChange) page()?.getElementById(focusBeforeChange)?.focus();
  focusBeforeChange = null;
}

export function getLanguage(): UiLanguage {
  return shown;
}

/** The BCP 47 locale now in use ('de' for the service's 'ge'). */
export function getLocale(): string {
  return localeOf(shown);
}

/** Calls `listener` after every change of language; returns what stops it. */
export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A message without arguments is the same text every time in one language: formatted once and kept (a
 * 100,000-row export or grid asks for "Unassigned" or a status name once per row).
 */
let plain = new Map<MessageKey, string>();

export function t(key: MessageKey, params?: Params): string {
  if (params) return current().t(key, params);
  let text = plain.get(key);
  if (text === undefined) {
    text = current().t(key);
    plain.set(key, text);
  }
  return text;
}

/**
 * A message in a language other than the console's: what the technician sends a customer is in the
 * customer's (the session's) language. Those translators are made once each, on first use.
 */
const others = new Map<UiLanguage, Translator>();
export function tIn(language: UiLanguage, key: MessageKey, params?: Params): string {
  if (language === shown) return t(key, params);
  let other = others.get(language);
  if (!other) {
    other = createTranslator(language, catalogueOf(language), english);
    others.set(language, other);
  }
  return other.t(key, params);
}

export function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat(getLocale());
  return numberFormat.format(value);
}

function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(getLocale(), options);
    dateFormats.set(key, format);
  }
  return format;
}

export type DateStyle = 'date-time' | 'date' | 'time' | 'seconds' | 'compact' | 'day';

const STYLE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
  /** Month, day and time without the year: fits a table cell ("Nov 21, 9:58 AM"). */
  compact: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  /** A chart's tick when ticks are less than a minute apart (a young history): "9:58:30 AM". */
  seconds: { timeStyle: 'medium' },
  /** A chart's day tick: "Mon 21". */
  day: { weekday: 'short', day: 'numeric' },
};

/**
 * Formats an instant in the chosen locale. `timeZone` is an IANA name or 'UTC'; omitted: the machine's
 * zone. Callers that show a service offset ("(GMT+01:00)") shift the instant and pass 'UTC'
 * (see domain/time-zone.ts, which also names the zone when it is not this computer's).
 */
export function formatDate(date: Date, style: DateStyle = 'date-time', timeZone?: string): string {
  const options = timeZone ? { ...STYLE_OPTIONS[style], timeZone } : STYLE_OPTIONS[style];
  return dateFormat(`${style}|${timeZone ?? ''}`, options).format(date);
}

/** "12 s", "4 min", "3 h", "2 days": ages shown next to statuses and datasets. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return t('age.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('age.hours', { count: hours });
  return t('age.days', { count: Math.floor(hours / 24) });
}

/** Values main sends as timestamps ("since") are shown as times, on the display clock. */
let timeValueFormatter: (iso: string) => string | null = () => null;
export function setTimeValueFormatter(format: (iso: string) => string | null): void {
  timeValueFormatter = format;
}

/**
 * What went wrong and what to do, in the technician's language. The service's code is not in the
 * sentence: errorDetailText() gives it, for support.
 */
export function formatError(error: AppError): string {
  const message = errorMessage(error, current().has);
  let values = message.values;
  if (values) {
    values = { ...values };
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value))
        values[name] = timeValueFormatter(value) ?? value;
    }
  }
  return current().t(message.key, values);
}

/** "Service code 1103" when the service sent a code; null otherwise. */
export function errorDetailText(error: AppError): string | null {
  return errorDetail(error, current());
}

const MB = 1024 ** 2;
const sizeFormats = new Map<string, Intl.NumberFormat>();

/**
 * Bytes in the unit a human reads, in the chosen language ("1.5 GB", "1,5 Go"): sizes on disk and a
 * device's RAM alike (the service sends RAM in megabytes: pass `mb * 1024 ** 2`). Formatters are kept per
 * unit: an export asks once per row.
 */
export function formatBytes(bytes: number): string {
  const [value, unit] =
    bytes >= 1024 * MB
      ? [bytes / (1024 * MB), 'gigabyte']
      : bytes >= MB
        ? [bytes / MB, 'megabyte']
        : [bytes / 1024, 'kilobyte'];
  const digits = value < 10 ? 1 : 0;
  const locale = getLocale();
  const key = `${locale}|${unit}|${digits}`;
  let format = sizeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    });
    sizeFormats.set(key, format);
  }
  return format.format(value);
}
