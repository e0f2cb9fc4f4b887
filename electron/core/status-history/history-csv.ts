// The status history as a CSV file: each change with its time in UTC and on the technician's display
// clock, quoted by papaparse with formula escaping (a device's alias is the customer's text: "=HYPERLINK(…)"
// must reach a spreadsheet as text, not run as a formula), UTF-8 with a BOM for spreadsheet programs.

import Papa from 'papaparse';
import { fail } from '../../../shared/errors.js';
import { isUtcClock, parseGmtOffset } from '../../../shared/time-offset.js';

export interface HistoryCsvRow {
  at: number;
  deviceId: string;
  device: string;
  from: string;
  to: string;
}

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
export function historyCsv(rows: readonly HistoryCsvRow[], zone: string): string {
  const local = zoneClock(zone);
  const both = !isUtcClock(zone);
  const sorted = [...rows].sort((a, b) => a.at - b.at);
  const csv = Papa.unparse(
    {
      fields: ['time_utc', ...(both ? [`time_${zone}`] : []), 'device_id', 'device', 'from', 'to'],
      data: sorted.map((r) => [
        new Date(r.at).toISOString(),
        ...(both ? [local(r.at)] : []),
        r.deviceId,
        r.device,
        r.from,
        r.to,
      ]),
    },
    { newline: '\r\n', escapeFormulae: true },
  );
  return `\uFEFF${csv}\r\n`;
}
