// The one layer every user-facing string goes through. English is the only catalogue today; the shape
// (keys, {params}, plural variants chosen by Intl.PluralRules) is what a translator would fill in.

import type { AppError } from '../../shared/errors.js';
import { en, type Catalogue, type MessageKey, type PluralMessage } from './en.js';

export type { MessageKey } from './en.js';

export type Params = Record<string, string | number>;

// English only today; a second language adds its catalogue and picks it here.
const locale = 'en';
const catalogue: Catalogue = en;
const pluralRules = new Intl.PluralRules(locale);
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormat = new Intl.NumberFormat(locale);

/** The UI's locale (BCP 47), for what formats by locale outside the catalogue (CSV delimiters). */
export function getLocale(): string {
  return locale;
}

function interpolate(template: string, params: Params | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numberFormat.format(value) : value;
  });
}

function isPlural(message: string | PluralMessage): message is PluralMessage {
  return typeof message === 'object';
}

/** Translates `key`. A plural message picks its form from `params.count`. */
export function t(key: MessageKey, params?: Params): string {
  const message = catalogue[key];
  if (isPlural(message)) {
    const count = Number(params?.count ?? 0);
    const form = pluralRules.select(count) as keyof PluralMessage;
    return interpolate(message[form] ?? message.other, params);
  }
  return interpolate(message, params);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

export type DateStyle = 'date-time' | 'date' | 'time' | 'compact';

const STYLE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  'date-time': { dateStyle: 'medium', timeStyle: 'short' },
  /** Month, day and time without the year: fits a table cell ("Nov 21, 9:58 AM"). */
  compact: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
};

/**
 * Formats an instant. `timeZone` is an IANA name or 'UTC'; omitted: the machine's zone. Callers that show
 * a service offset ("(GMT+01:00)") shift the instant and pass 'UTC' (see domain/time-zone.ts).
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

/** The AppError's sentence (written by main) with the service's code when there is one. */
export function formatError(error: AppError): string {
  return error.code !== undefined
    ? t('error.withCode', { message: error.message, code: String(error.code) })
    : error.message;
}

/** Megabytes as the service sends them, in the unit a human reads. */
export function formatMegabytes(mb: number): string {
  if (mb >= 1024) return t('unit.gb', { value: Math.round((mb / 1024) * 10) / 10 });
  return t('unit.mb', { value: Math.round(mb) });
}
