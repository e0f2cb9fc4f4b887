// How a device value of each kind is shown: the cell kinds the grid draws (DeviceCells.tsx holds one
// renderer per kind), and the text, sort value and instant a field gets from its kind alone when the
// display registry (device-columns.ts) says nothing better. DOM-free: the command line reads it too.

import type { DeviceFieldKind } from '../../shared/device-fields.js';
import { enumValue } from '../../shared/model.js';
import { formatNumber } from '../i18n/index.js';
import { displayTime, parseTimestamp, timestampMs } from './time-zone.js';
import { textSortKey, type SortValue } from './sort-values.js';

/**
 * What a grid cell draws: plain text; the device's name (a placeholder when it has none); a status with
 * its dot, age and stale warning; a time with its instant; a number with its unit.
 */
export type CellKind = 'text' | 'name' | 'status' | 'time' | 'number';

/** Wide enough for a date and time with the year ("Nov 23, 2026, 10:27 PM"): at 160 px the time was cut. */
export const TIME_WIDTH = 190;

/** Case-folded: the sort value of text whose digits are no number (a MAC address). */
export function lower(s: string | null): string | null {
  return s ? s.toLowerCase() : null;
}

/** The sort value of a name or words: textSortKey ("Desk 9" before "Desk 10"). */
export function textKey(s: string | null): string | null {
  return s ? textSortKey(s) : null;
}

const keyCache = new Map<string, string>();

/**
 * `textKey` for a column of few distinct values (OS, CPU, folder name, an enum): one key per value rather
 * than one per device. A first click on such a column at 100,000 devices made 100,000 equal strings, and
 * grouping them (orderByValue) hashed each one again; the same string object is hashed once.
 */
export function textKeyFew(s: string | null): string | null {
  if (!s) return null;
  let key = keyCache.get(s);
  if (key === undefined) {
    key = textSortKey(s);
    if (keyCache.size > 50_000) keyCache.clear();
    keyCache.set(s, key);
  }
  return key;
}

/** A time as a grid cell and a file show it (date and time). */
export function timeText(ts: string | null): string {
  const at = parseTimestamp(ts);
  return at ? displayTime(at, 'date-time') : '';
}

/** A time as the detail panel shows it (the display's default style). */
export function timeDetail(ts: string | null): string {
  const at = parseTimestamp(ts);
  return at ? displayTime(at) : '';
}

const percentCache = new Map<string, number | null>();

/**
 * The percentage in the service's free-space wording ("42% of 500 GB" → 42, "9,5 %" → 9.5): what the
 * free-space column sorts by and a saved view's "free space below" compares. Cached by text: 100,000
 * devices share few distinct wordings per poll.
 */
export function freeSpacePercent(freeSpace: string | null): number | null {
  if (!freeSpace) return null;
  let p = percentCache.get(freeSpace);
  if (p === undefined) {
    const m = /(\d+(?:[.,]\d+)?)\s*%/.exec(freeSpace);
    p = m ? Number(m[1]!.replace(',', '.')) : null;
    if (percentCache.size > 50_000) percentCache.clear();
    percentCache.set(freeSpace, p);
  }
  return p;
}

/** How a field of each kind is shown and sorted when the registry says nothing better. */
export interface PlainColumn {
  width: number;
  minWidth: number;
  cell: CellKind;
  text(value: unknown): string;
  sortValue(value: unknown): SortValue;
  /** A time: exported as the instant too. */
  instant?: true;
}

const enumPlain: PlainColumn = {
  width: 120,
  minWidth: 60,
  cell: 'text',
  text: (v) => (v ? enumValue(v as string) : ''),
  sortValue: (v) => (v ? textKeyFew(enumValue(v as string)) : null),
};

export const PLAIN_BY_KIND: Record<DeviceFieldKind, PlainColumn> = {
  id: {
    width: 90,
    minWidth: 40,
    cell: 'text',
    text: (v) => String(v ?? ''),
    sortValue: (v) => String(v ?? ''),
  },
  text: {
    width: 160,
    minWidth: 60,
    cell: 'text',
    text: (v) => String(v ?? ''),
    sortValue: (v) => textKey(v as string | null),
  },
  status: enumPlain,
  os: enumPlain,
  timestamp: {
    width: TIME_WIDTH,
    minWidth: 80,
    cell: 'time',
    text: (v) => timeText(v as string | null),
    sortValue: (v) => timestampMs(v as string | null),
    instant: true,
  },
  decimal: {
    width: 100,
    minWidth: 50,
    cell: 'number',
    text: (v) => (v === null ? '' : formatNumber(v as number)),
    sortValue: (v) => v as number | null,
  },
};
