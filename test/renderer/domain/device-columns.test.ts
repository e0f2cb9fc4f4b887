// The column table covers every Device field: a new field without a column of its own gets a plain one
// from its kind (and so a header, a sort, a CSV column and a place in the column chooser) instead of
// staying invisible.
import { describe, expect, it } from 'vitest';
import { DEVICE_KEYS } from '../../../shared/device-fields.js';
import {
  columnByKey,
  compareSortValues,
  DEVICE_COLUMNS,
  isColumnKey,
  plainColumn,
  type ColumnContext,
} from '../../../renderer/domain/device-columns.js';
import { makeDevice } from '../../support/make-device.js';
import { parseTimestamp, timestampMs } from '../../../renderer/domain/time-zone.js';

/** Fields whose column has another name: the folder column shows the folder's name, not its id. */
const COLUMN_OF: Record<string, string> = { folderId: 'folder' };
const ctx: ColumnContext = { folderName: () => undefined, fetchedAt: null, now: 0 };

describe('DEVICE_COLUMNS', () => {
  it('has a column for every field of the device table', () => {
    const missing = DEVICE_KEYS.filter((key) => !isColumnKey(COLUMN_OF[key] ?? key));
    expect(missing).toEqual([]);
  });

  it('has no column twice', () => {
    const keys = DEVICE_COLUMNS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a plain column, from the field kind alone', () => {
  const a = makeDevice({ id: '1', cpu: 'intel Xeon', ram: 1536.5, dateInstalled: '2020-02-02T10:00:00Z' });
  const b = makeDevice({ id: '2', cpu: 'AMD Ryzen', ram: 512, dateInstalled: null });

  it('shows and sorts a text field as its own column would, case aside', () => {
    const plain = plainColumn('cpu', 'columns.cpu');
    expect(plain.text(a, ctx)).toBe('intel Xeon');
    expect(plain.sortValue(a, ctx)).toBe('intel xeon');
    expect(plain.sortValue(b, ctx)! < plain.sortValue(a, ctx)!).toBe(true);
    expect(plain.text(makeDevice({ id: '3', cpu: null }), ctx)).toBe('');
    expect(plain.instant).toBeUndefined();
  });

  it('shows a time as the named time columns do and exports its instant', () => {
    const plain = plainColumn('dateInstalled', 'columns.dateInstalled');
    const named = columnByKey('dateInstalled')!;
    expect(plain.text(a, ctx)).toBe(named.text(a, ctx));
    expect(plain.sortValue(a, ctx)).toBe(Date.parse('2020-02-02T10:00:00Z'));
    expect(plain.sortValue(b, ctx)).toBeNull();
    expect(plain.instant?.(a)).toBe('2020-02-02T10:00:00Z');
  });

  it('sorts a decimal by its number and an enumeration by its text, unknown values kept', () => {
    expect(plainColumn('ram', 'columns.ram').sortValue(a, ctx)).toBe(1536.5);
    expect(plainColumn('ram', 'columns.ram').text(a, ctx)).toMatch(/1,?536\.5/);
    const os = plainColumn('os', 'columns.os');
    expect(os.text(makeDevice({ id: '4', os: { unknown: 'Plan 9' } }), ctx)).toBe('Plan 9');
    expect(os.sortValue(makeDevice({ id: '5', os: 'Linux' }), ctx)).toBe('linux');
  });
});

describe('sort keys built for 100,000 devices', () => {
  it('orders IPs by number, every dotted quad before any other address, empty last', () => {
    const ip = columnByKey('ip')!;
    const typed = ['fe80::1', '10.0.0.10', '', '9.255.0.1', '300.1.1.1', '10.0.0.2', '1.2.3.4.', 'a.b.c.d'];
    const sorted = [...typed].sort((a, b) =>
      compareSortValues(
        ip.sortValue(makeDevice({ id: a, ip: a }), ctx),
        ip.sortValue(makeDevice({ id: b, ip: b }), ctx),
      ),
    );
    expect(sorted).toEqual([
      '9.255.0.1',
      '10.0.0.2',
      '10.0.0.10',
      '300.1.1.1',
      '1.2.3.4.',
      'a.b.c.d',
      'fe80::1',
      '',
    ]);
  });

  it('reads timestamps to the same instant as Date does, in every form', () => {
    const forms = [
      '2026-11-21T09:58:00Z',
      '2026-11-21T09:58:00.123Z',
      '2026-02-28T23:59:59Z',
      '2026-02-31T00:00:00Z', // Date rolls it into March
      '2026-01-01T24:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T23:59:60Z',
      '0099-01-01T10:00:00Z',
      '2026-11-21',
      '2026-01-01T10:00:00+01:00',
      '2026-01-01T10:00:00.12aZ',
      'garbage',
      '',
    ];
    for (const form of forms) expect(timestampMs(form), form).toBe(parseTimestamp(form)?.getTime() ?? null);
    expect(timestampMs(null)).toBeNull();
  });
});
