// The status history as a CSV file: each change with its time in UTC and on the technician's display
// clock, quoted by papaparse with formula escaping (a device's alias is the customer's text: "=HYPERLINK(…)"
// must reach a spreadsheet as text, not run as a formula), UTF-8 with a BOM for spreadsheet programs.
// Headers, statuses and the console's own blind stretches are in the technician's language.

import Papa from 'papaparse';
import { fail } from '../../../shared/errors.js';
import { sharedTranslator } from '../../../shared/i18n/catalogues/index.js';
import type { Translator } from '../../../shared/i18n/translator.js';
import { isUtcClock, parseGmtOffset } from '../../../shared/time-offset.js';
import type { GapReason } from './records.js';

/** A device's change (`to` null: it left the account), or a stretch the console itself could not see. */
export type HistoryCsvRow =
  | { at: number; deviceId: string; device: string; from: string | null; to: string | null }
  | { at: number; gap: GapReason; end: number | null };

/** ICU select keys are words: the records' reasons as the catalogue's select names them. */
const GAP_KEY: Record<GapReason, string> = {
  offline: 'offline',
  'signed-out': 'signedOut',
  asleep: 'asleep',
  closed: 'closed',
  'no-poll': 'noPoll',
};

/**
 * The wall clock of the zone the technician reads times in: an IANA name ("Europe/Rome", this computer's)
 * or the account's fixed offset as the service writes it ("GMT+05:30"), which Intl cannot name, so the
 * instant is shifted and read in UTC. Either way "2026-11-21 10:30:00", which spreadsheets read as a time.
 */
export function zoneClock(zone: string): (ms: number) => string {
  const offset = /^(?:GMT|UTC)/i.test(zone) ? parseGmtOffset(zone) : null;
  try {
    const f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: offset ? 'UTC' : zone,
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const shift = (offset?.minutes ?? 0) * 60_000;
    return (ms) => f.format(ms + shift);
  } catch {
    fail({ kind: 'validation', message: `Unknown time zone "${zone}".`, field: 'zone' });
  }
}

/**
 * The file's text, rows in time order. The display clock's column is left out when that clock is UTC
 * itself: "time_utc,time_UTC" said the same thing twice.
 */
export function historyCsv(
  rows: readonly HistoryCsvRow[],
  zone: string,
  t: Translator['t'] = sharedTranslator('en').t,
): string {
  const local = zoneClock(zone);
  const both = !isUtcClock(zone);
  const sorted = [...rows].sort((a, b) => a.at - b.at);
  const status = (s: string | null) => (s ? t('historyCsv.status', { status: s }) : '');
  const csv = Papa.unparse(
    {
      fields: [
        t('historyCsv.timeUtc'),
        ...(both ? [t('historyCsv.timeIn', { zone })] : []),
        t('historyCsv.deviceId'),
        t('historyCsv.device'),
        t('historyCsv.from'),
        t('historyCsv.to'),
      ],
      data: sorted.map((r) => [
        new Date(r.at).toISOString(),
        ...(both ? [local(r.at)] : []),
        ...('gap' in r
          ? [
              '',
              t('historyCsv.gap', { reason: GAP_KEY[r.gap] }),
              '',
              r.end === null
                ? t('historyCsv.unknownNow')
                : t('historyCsv.unknownUntil', { end: new Date(r.end).toISOString() }),
            ]
          : [r.deviceId, r.device, status(r.from), r.to === null ? t('historyCsv.removed') : status(r.to)]),
      ]),
    },
    { newline: '\r\n', escapeFormulae: true },
  );
  return `\uFEFF${csv}\r\n`;
}
