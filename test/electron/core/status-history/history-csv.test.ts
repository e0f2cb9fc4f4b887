// The status-history file: formula-looking aliases reach a spreadsheet as text, and its time columns say
// what they hold (one column when the display clock is UTC itself, not "time_utc,time_UTC").
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { historyCsv, type HistoryCsvRow } from '../../../../electron/core/status-history/history-csv.js';
import { sharedTranslator } from '../../../../shared/i18n/catalogues/index.js';
import { isUtcClock } from '../../../../shared/time-offset.js';

const AT = Date.parse('2026-11-21T09:30:00Z');
const row = (device: string, at = AT): HistoryCsvRow => ({
  at,
  deviceId: '7',
  device,
  from: 'online',
  to: 'offline',
});

function parse(csv: string): string[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('history CSV', () => {
  it('escapes every formula-looking alias, as the device export does', () => {
    const names = ['=HYPERLINK("http://x","y")', '+1', '-1', '@x', '\t=cmd', '\r=cmd'];
    const data = parse(
      historyCsv(
        names.map((n) => row(n)),
        'Europe/Rome',
      ),
    );
    expect(data.slice(1).map((r) => r[3])).toEqual(names.map((n) => `'${n}`));
    // Plain names are untouched.
    expect(parse(historyCsv([row('Büro 1')], 'Europe/Rome'))[1]![3]).toBe('Büro 1');
  });

  it('writes UTC and the display clock, in time order, with its zone in the header', () => {
    const data = parse(historyCsv([row('late', AT + 60_000), row('early')], 'Europe/Rome'));
    expect(data[0]).toEqual([
      'Time (UTC, ISO 8601)',
      'Time (Europe/Rome)',
      'Device ID',
      'Device',
      'From',
      'To',
    ]);
    expect(data[1]).toEqual([
      '2026-11-21T09:30:00.000Z',
      '2026-11-21 10:30:00',
      '7',
      'early',
      'Online',
      'Offline',
    ]);
    expect(data[2]![3]).toBe('late');
    const offset = parse(historyCsv([row('a')], 'GMT+05:30'));
    expect(offset[0]![1]).toBe('Time (GMT+05:30)');
    expect(offset[1]![1]).toBe('2026-11-21 15:00:00');
  });

  it('writes one time column when the display clock is UTC itself', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'GMT', 'GMT+00:00']) {
      const data = parse(historyCsv([row('a')], zone));
      expect(data[0], zone).toEqual(['Time (UTC, ISO 8601)', 'Device ID', 'Device', 'From', 'To']);
      expect(data[1]).toEqual(['2026-11-21T09:30:00.000Z', '7', 'a', 'Online', 'Offline']);
    }
  });

  it("is in the technician's language: headers, statuses, a removed device and the console's blind stretches", () => {
    const rows: HistoryCsvRow[] = [
      { at: AT, deviceId: '7', device: 'Büro 1', from: 'online', to: 'busy' },
      { at: AT + 1000, deviceId: '7', device: 'Büro 1', from: 'busy', to: null },
      { at: AT + 2000, gap: 'signed-out', end: AT + 60_000 },
      { at: AT + 3000, gap: 'no-poll', end: null },
    ];
    const data = parse(historyCsv(rows, 'UTC', sharedTranslator('ge').t));
    expect(data).toEqual([
      ['Zeit (UTC, ISO 8601)', 'Geräte-ID', 'Gerät', 'Vorher', 'Nachher'],
      ['2026-11-21T09:30:00.000Z', '7', 'Büro 1', 'Online', 'Beschäftigt'],
      ['2026-11-21T09:30:01.000Z', '7', 'Büro 1', 'Beschäftigt', 'Aus dem Konto entfernt'],
      ['2026-11-21T09:30:02.000Z', '', 'Konsole abgemeldet', '', 'Unbekannt bis 2026-11-21T09:31:00.000Z'],
      ['2026-11-21T09:30:03.000Z', '', 'Konsole fragte nicht ab', '', 'Unbekannt bis jetzt'],
    ]);
  });

  it('refuses a zone it cannot read', () => {
    expect(() => historyCsv([row('a')], 'Mars/Base')).toThrow(/Unknown time zone/);
  });
});

describe('isUtcClock', () => {
  it('knows UTC by its names and offsets, and not a zone with summer time', () => {
    for (const z of ['UTC', 'Etc/UTC', 'etc/utc', 'GMT', 'Etc/GMT', 'GMT+00:00', '(GMT)', 'Zulu'])
      expect(isUtcClock(z), z).toBe(true);
    for (const z of ['Europe/London', 'GMT+01:00', 'GMT-00:30', 'Europe/Berlin', 'Africa/Abidjan x'])
      expect(isUtcClock(z), z).toBe(false);
  });
});
