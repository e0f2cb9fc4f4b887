// The service writes a user's time zone as a fixed GMT offset in parentheses ("(GMT+01:00)"). Intl only
// knows IANA names (and whole-hour Etc/GMT±N), so an instant is shown in that offset by shifting it and
// formatting in UTC, labelled with the offset itself.

import { formatDate, t, type DateStyle } from '../i18n/index.js';

export { offsetLabel, parseGmtOffset, type UtcOffset } from '../../shared/time-offset.js';
import { offsetLabel, type UtcOffset } from '../../shared/time-offset.js';

/** This computer's zone as Intl names it (an IANA name such as "Europe/Berlin"), or its offset now. */
export function computerZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || offsetLabel(localOffsetMinutes(new Date()));
}

/** The machine's offset at that instant, in minutes east of UTC. */
export function localOffsetMinutes(at: Date): number {
  return -at.getTimezoneOffset();
}

/** Formats `at` as a wall clock in a fixed offset, e.g. "Nov 21, 2026, 10:30 AM". */
export function formatInOffset(at: Date, offset: UtcOffset, style: DateStyle = 'date-time'): string {
  return formatDate(new Date(at.getTime() + offset.minutes * 60_000), style, 'UTC');
}

export interface ZonedTime {
  /** In the user's zone (or the machine's when the user's is unknown). */
  primary: string;
  zone: string;
  /** The machine's local time, only when it differs from the user's zone at that instant. */
  local: string | null;
}

/** A time as the technician should read it: in their account's zone, with the machine's alongside. */
export function zonedTime(at: Date, userOffset: UtcOffset | null, style: DateStyle = 'date-time'): ZonedTime {
  const localMinutes = localOffsetMinutes(at);
  if (!userOffset || userOffset.minutes === localMinutes) {
    return { primary: formatDate(at, style), zone: offsetLabel(localMinutes), local: null };
  }
  return {
    primary: formatInOffset(at, userOffset, style),
    zone: userOffset.label,
    local: formatDate(at, style),
  };
}

/**
 * The one clock rule: times are shown on the display clock, this computer's (null) or the account's
 * zone (Settings); a time not on this computer's clock names its zone. Set by the shell before rendering.
 */
let displayOffset: UtcOffset | null = null;
export function setDisplayOffset(offset: UtcOffset | null): void {
  displayOffset = offset;
}
export function getDisplayOffset(): UtcOffset | null {
  return displayOffset;
}

/** The display clock's zone as an export names it: the account's offset, or this computer's zone. */
export function displayZoneName(): string {
  return displayOffset?.label ?? computerZoneName();
}

/** An instant on the display clock: "Nov 21, 10:30 AM", or "Nov 21, 9:30 AM (GMT+01:00)" off this computer's. */
export function displayTime(at: Date, style: DateStyle = 'date-time'): string {
  // This computer's clock (the default): no zone to name, and Intl already keeps "10:30 AM" together
  // (a narrow no-break space). The common case, and an export's 100,000 rows.
  if (!displayOffset) return formatDate(at, style);
  const z = zonedTime(at, displayOffset, style);
  return keepTimeTogether(z.local ? t('time.inZone', { time: z.primary, zone: z.zone }) : z.primary);
}

/** Parses the model's timestamps (UTC "…Z" or a bare date); null when absent or unreadable. */
export function parseTimestamp(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Two ASCII digits of `s` at `i` as a number, or -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * parseTimestamp's instant in ms, read without a Date for the service's own form "YYYY-MM-DDTHH:MM:SS[.sss]Z"
 * (100,000 of them on a first click on a time column); any other form, or a day past the 28th (where
 * Date's own rules for a day beyond the month apply) or a year before 100, goes through parseTimestamp.
 */
export function timestampMs(value: string | null | undefined): number | null {
  if (!value) return null;
  const n = value.length;
  if (
    (n === 20 || (n === 24 && value.charCodeAt(19) === 46)) &&
    value.charCodeAt(n - 1) === 90 && // Z
    value.charCodeAt(4) === 45 &&
    value.charCodeAt(7) === 45 &&
    value.charCodeAt(10) === 84 && // T
    value.charCodeAt(13) === 58 &&
    value.charCodeAt(16) === 58
  ) {
    const century = twoDigits(value, 0);
    const year = twoDigits(value, 2);
    const month = twoDigits(value, 5);
    const day = twoDigits(value, 8);
    const hour = twoDigits(value, 11);
    const minute = twoDigits(value, 14);
    const second = twoDigits(value, 17);
    const msHigh = n === 24 ? twoDigits(value, 20) : 0;
    const msLow = n === 24 ? value.charCodeAt(22) - 48 : 0;
    // Date.UTC reads the years 0–99 as 1900–1999: those go the slow way.
    if (
      century >= 1 &&
      year >= 0 &&
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= 28 &&
      hour >= 0 &&
      hour <= 23 &&
      minute >= 0 &&
      minute <= 59 &&
      second >= 0 &&
      second <= 59 &&
      msHigh >= 0 &&
      msLow >= 0 &&
      msLow <= 9
    )
      return Date.UTC(century * 100 + year, month - 1, day, hour, minute, second, msHigh * 10 + msLow);
  }
  return parseTimestamp(value)?.getTime() ?? null;
}

/** Midnight (as an instant) of the day containing `at`, in the given offset. */
export function startOfDay(at: Date, offsetMinutes: number): Date {
  const shifted = at.getTime() + offsetMinutes * 60_000;
  const dayStart = shifted - (((shifted % 86_400_000) + 86_400_000) % 86_400_000);
  return new Date(dayStart - offsetMinutes * 60_000);
}

/** Turns a <input type="datetime-local"> value (machine local time) into a UTC timestamp "…Z". */
export function localInputToUtc(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The inverse: an instant as a datetime-local value in machine local time. */
export function toLocalInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A <input type="datetime-local"> value read as a wall clock in `offset` (the user's account zone), as a
 * UTC timestamp "…Z". Without an offset: the machine's zone (localInputToUtc). Null when unreadable.
 */
export function zonedInputToUtc(value: string, offset: UtcOffset | null): string | null {
  if (!offset) return localInputToUtc(value);
  const m = INPUT.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const date = new Date(wall - offset.minutes * 60_000);
  if (Number.isNaN(date.getTime()) || new Date(wall).getUTCDate() !== d) return null;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The inverse: an instant as a datetime-local value on the wall clock of `offset` (machine's without). */
export function toZonedInput(at: Date, offset: UtcOffset | null): string {
  if (!offset) return toLocalInput(at);
  const shifted = new Date(at.getTime() + offset.minutes * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * A narrow pane may wrap after the date, never inside the time: "1:15" and "PM" (or the zone) on two lines
 * read as two values. The spaces inside "1:15 PM (GMT+01:00)" become no-break spaces.
 */
export function keepTimeTogether(text: string): string {
  return text
    .replace(/(\d{1,2}:\d{2}(?::\d{2})?)\s+(?=[AP]\.?M\b|\()/gi, '$1\u00a0')
    .replace(/\s+\(/g, '\u00a0(');
}
