// The display registry (device-columns.ts) is the one place a field's look is written: the detail panel,
// the search, the palette and the saved-view condition editor read it. These tests hold each reader to it,
// and show that a field from its kind alone (a new field: one line in shared/device-fields.ts and its
// `columns.<field>` label in the five catalogues) reaches every one of them.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KEYS } from '../../../shared/device-fields.js';
import type { SinceRow } from '../../../shared/status-history.js';
import {
  columnsForCondition,
  DETAIL_COLUMNS,
  detailText,
  DEVICE_COLUMNS,
  PALETTE_COLUMNS,
  plainColumn,
  type ColumnContext,
} from '../../../renderer/domain/device-columns.js';
import { compileSearch, searchEntry, SEARCH_FIELDS } from '../../../renderer/domain/device-search.js';
import { conditionSchema } from '../../../renderer/domain/view-conditions.js';
import { registerHistoryConditions } from '../../../renderer/domain/history-conditions.js';
import { STATUS_RANK, STATUS_ORDER } from '../../../renderer/domain/device-status.js';
import { makeDevice } from '../../support/make-device.js';

const ctx: ColumnContext = {
  folderName: (id) => (id === 'f1' ? 'Front office' : undefined),
  fetchedAt: null,
  now: 0,
};

beforeAll(() => registerHistoryConditions());

describe('one entry per field and computed column', () => {
  it('labels every entry in the one columns.* family', () => {
    const other = DEVICE_COLUMNS.filter((c) => !c.label.startsWith('columns.')).map((c) => c.key);
    expect(other).toEqual([]);
  });

  it('names only condition kinds the saved views know', () => {
    const named = [...new Set(DEVICE_COLUMNS.flatMap((c) => c.conditions ?? []))];
    expect(named.length).toBeGreaterThan(5);
    for (const kind of named) {
      const parsed = conditionSchema().safeParse({ kind });
      const unknown =
        !parsed.success && parsed.error.issues.some((i) => i.message === 'views.paste.unknownKind');
      expect(unknown, kind).toBe(false);
    }
  });

  it('answers the condition editor: which fields a kind tests', () => {
    expect(columnsForCondition('ramBelow').map((c) => c.key)).toEqual(['ram']);
    expect(columnsForCondition('status').map((c) => c.key)).toEqual(['status']);
    // A search condition can narrow to each field the search reads by its words, by its `key:` prefix.
    const text = columnsForCondition('text').map((c) => c.key.toLowerCase());
    for (const key of text) expect(SEARCH_FIELDS).toContain(key);
  });

  it('ranks statuses in one order, the one the index filters by', () => {
    expect(STATUS_ORDER.map((s) => STATUS_RANK[s])).toEqual([0, 1, 2, 3]);
    const status = DEVICE_COLUMNS.find((c) => c.key === 'status')!;
    expect(status.sortValue(makeDevice({ id: '1', status: 'busy' }), ctx)).toBe(STATUS_RANK.busy);
  });
});

describe('the detail panel', () => {
  it('shows each field once, in the registry order, with the alias left to its editor', () => {
    const keys = DETAIL_COLUMNS.map((c) => c.key);
    expect(keys).not.toContain('alias');
    expect(keys).not.toContain('since');
    expect(keys.slice(0, 3)).toEqual(['name', 'status', 'os']);
    // Every device field but the id and the alias has a row (the folder's under the folder column).
    const shown = new Set<string>([...keys, 'alias', 'id', 'folderId']);
    expect(DEVICE_KEYS.filter((k) => !shown.has(k))).toEqual([]);
  });

  it('says more than the cell where the registry asks: the folder path, the status since when', () => {
    const d = makeDevice({ id: '1', folderId: 'f1', status: 'offline' });
    const folder = DETAIL_COLUMNS.find((c) => c.key === 'folder')!;
    expect(detailText(folder, d, ctx)).toBe('Front office');
    expect(detailText(folder, d, { ...ctx, folderPath: () => 'Customers / Front office' })).toBe(
      'Customers / Front office',
    );
    const status = DETAIL_COLUMNS.find((c) => c.key === 'status')!;
    expect(detailText(status, d, ctx)).toBe('Offline');
    const row: SinceRow = [Date.parse('2026-01-01T10:00:00Z'), 1, 0];
    const since = { ...ctx, now: Date.parse('2026-01-01T12:00:00Z'), since: () => row };
    expect(detailText(status, d, since)).toMatch(/^Offline since/);
  });
});

describe('the palette', () => {
  it('lists the alias, the IP and the MAC after a name', () => {
    expect(PALETTE_COLUMNS.map((c) => c.key)).toEqual(['alias', 'ip', 'mac']);
  });
});

describe('a field from its kind alone', () => {
  // `cpu` has an entry of its own; its plain entry is what a new text field would get.
  const plain = plainColumn('cpu', 'columns.cpu');

  it('has a detail row, search words and a search condition', () => {
    expect(plain.detail).toBeUndefined();
    const d = makeDevice({ id: '1', cpu: 'Intel Xeon' });
    expect(detailText(plain, d, ctx)).toBe('Intel Xeon');
    expect(plain.searchWords?.(d, null)).toBe('Intel Xeon');
    expect(plain.conditions).toEqual(['text']);
    expect(plain.cell).toBe('text');
  });

  it('is searched by its words through the registry (the named fields, prefixes included)', () => {
    const d = makeDevice({ id: '1', name: 'Desk 1', alias: 'reception', os: 'Linux', folderId: 'f1' });
    const entry = searchEntry(d, 'Front office');
    for (const q of ['name:desk', 'alias:recep', 'os:linux', 'folder:front', 'reception', 'office'])
      expect(compileSearch(q)!(entry), q).toBe(true);
    expect(compileSearch('alias:desk')!(entry)).toBe(false);
  });

  it('draws a time with its instant and a number as a number', () => {
    expect(plainColumn('dateInstalled', 'columns.dateInstalled').cell).toBe('time');
    expect(plainColumn('ram', 'columns.ram').cell).toBe('number');
  });
});
