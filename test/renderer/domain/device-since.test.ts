// The Since column and the history filters, from the per-device rows [since, exact, flapUntil] the main
// process sends: text (with the display zone named when it is not this computer's), sort order, the
// filters (also as saved-view conditions) and how they combine with the toolbar's filters.
import type { Device } from '../../../shared/model.js';
import type { SinceRow } from '../../../shared/status-history.js';
import { sinceColumns } from '../../support/since-rows.js';
import { setLanguage } from '../../../renderer/i18n/index.js';
import { columnByKey, sortIdsByColumn } from '../../../renderer/domain/device-columns.js';
import { historyPredicate, sinceCellText, type SinceLookup } from '../../../renderer/domain/device-since.js';
import {
  HISTORY_EXTENSION,
  historyFilterToCondition,
  registerHistoryConditions,
} from '../../../renderer/domain/history-conditions.js';
import { compileConditions, conditionSchema } from '../../../renderer/domain/view-conditions.js';
import { searchEntry } from '../../../renderer/domain/device-search.js';
import { setDisplayOffset } from '../../../renderer/domain/time-zone.js';
import { createDataStore } from '../../../renderer/state/data-store.js';
import { createUiStore, uiActions } from '../../../renderer/state/ui-store.js';
import { createViews } from '../../../renderer/state/views.js';
import { applySinceRows } from '../../../renderer/state/since-rows.js';
import { makeDevice } from '../../shared/support/fixtures.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-21T12:00:00Z');

const dev = (i: number, status: Device['status']) => makeDevice(i, { status, name: `pc-${i}` });
const a = dev(1, 'offline'); // offline 3 days (exact)
const b = dev(2, 'offline'); // offline at least 30 h (first seen)
const c = dev(3, 'online'); // online 10 min, flapping
const d = dev(4, 'online'); // no history
const e = dev(5, 'busy'); // busy 2 h
const f = dev(6, 'offline'); // offline at least 5 h (first seen)
const rows = new Map<string, SinceRow>([
  [a.id, [NOW - 3 * DAY, 1, 0]],
  [b.id, [NOW - 30 * HOUR, 0, 0]],
  [c.id, [NOW - 10 * MIN, 1, NOW + 20 * MIN]],
  [e.id, [NOW - 2 * HOUR, 1, NOW - MIN]], // stopped flapping a minute ago
  [f.id, [NOW - 5 * HOUR, 0, 0]],
]);
const since: SinceLookup = (id) => rows.get(id);
const all = [a, b, c, d, e, f];

function matching(filter: Parameters<typeof historyPredicate>[0]): string[] {
  const p = historyPredicate(filter, since, NOW);
  return all.filter((x) => !p || p(x)).map((x) => x.name!);
}

beforeEach(() => {
  setLanguage('en');
  setDisplayOffset(null);
});
afterAll(() => setDisplayOffset(null));

describe('Since column', () => {
  it('says since when, for how long, "at least" when first seen in that status, flapping, or unknown', () => {
    expect(sinceCellText(c, rows.get(c.id), NOW)).toMatch(/^Online since .+ \(10 min\) · Flapping$/);
    expect(sinceCellText(a, rows.get(a.id), NOW)).toMatch(/^Offline since .+ \(3 d 0 h\)$/);
    expect(sinceCellText(b, rows.get(b.id), NOW)).toMatch(/^Offline since at least .+ \(30 h 0 min\)$/);
    // Flapping ended by the clock, without another message.
    expect(sinceCellText(e, rows.get(e.id), NOW)).not.toContain('Flapping');
    expect(sinceCellText(d, undefined, NOW)).toBe('Unknown');
  });

  it('says "just now", not a duration of 0 min, for a status seen under a minute ago', () => {
    const seen: SinceRow = [NOW - 20_000, 0, 0];
    expect(sinceCellText(a, seen, NOW)).toMatch(/^Offline since at least .+ \(just now\)$/);
    setLanguage('ge');
    try {
      expect(sinceCellText(a, seen, NOW)).toMatch(/^Offline seit mindestens .+ \(gerade eben\)$/);
    } finally {
      setLanguage('en');
    }
    // A minute on, a duration again.
    expect(sinceCellText(a, [NOW - MIN, 0, 0], NOW)).toMatch(/\(1 min\)$/);
  });

  it('names the display zone when it is not this computer’s', () => {
    setDisplayOffset({ minutes: 9 * 60 + 30, label: 'GMT+09:30' });
    const text = sinceCellText(c, rows.get(c.id), NOW);
    expect(text).toContain('GMT+09:30');
    // 11:50 UTC is 21:20 at +09:30.
    expect(text).toMatch(/9:20|21:20/);
  });

  it('sorts by when the status began, unknown last in both directions', () => {
    const devices = new Map(all.map((x) => [x.id, x]));
    const ctx = { folderName: () => undefined, fetchedAt: null, now: NOW, since };
    expect(sortIdsByColumn(devices, 'since', 'asc', ctx).map((id) => devices.get(id)!.name)).toEqual([
      'pc-1',
      'pc-2',
      'pc-6',
      'pc-5',
      'pc-3',
      'pc-4',
    ]);
    expect(sortIdsByColumn(devices, 'since', 'desc', ctx).map((id) => devices.get(id)!.name)).toEqual([
      'pc-3',
      'pc-5',
      'pc-6',
      'pc-2',
      'pc-1',
      'pc-4',
    ]);
    expect(columnByKey('since')!.instant!(a, ctx)).toBe(new Date(NOW - 3 * DAY).toISOString());
  });
});

describe('history filters', () => {
  it('changed in the last hour / day: only transitions the console saw', () => {
    expect(matching({ kind: 'changed', withinMinutes: 60 })).toEqual(['pc-3']);
    // f was first seen offline 5 h ago: not a change the console saw.
    expect(matching({ kind: 'changed', withinMinutes: 24 * 60 })).toEqual(['pc-3', 'pc-5']);
  });

  it('offline / online for more than N: the status must match, "at least" counts', () => {
    expect(matching({ kind: 'longer', status: 'offline', minutes: 2 * 24 * 60 })).toEqual(['pc-1']);
    expect(matching({ kind: 'longer', status: 'offline', minutes: 24 * 60 })).toEqual(['pc-1', 'pc-2']);
    expect(matching({ kind: 'longer', status: 'online', minutes: 5 })).toEqual(['pc-3']);
    expect(matching({ kind: 'longer', status: 'online', minutes: 15 })).toEqual([]);
  });

  it('flapping while flapUntil is ahead', () => {
    expect(matching({ kind: 'flapping' })).toEqual(['pc-3']);
    expect(matching({ kind: 'none' })).toHaveLength(6);
  });

  it('is a saved-view condition too, parsed and compiled with the since rows', () => {
    registerHistoryConditions();
    const where = conditionSchema().parse({
      kind: 'group',
      op: 'and',
      conditions: [historyFilterToCondition({ kind: 'longer', status: 'offline', minutes: 24 * 60 })],
    });
    const compiled = compileConditions(where, {
      now: NOW,
      subtree: (id) => new Set([id]),
      knownFolder: () => true,
      extensions: { [HISTORY_EXTENSION]: since },
    });
    expect(compiled.timeDependent).toBe(true);
    expect(all.filter((x) => compiled.match(x, searchEntry(x, null))).map((x) => x.name)).toEqual([
      'pc-1',
      'pc-2',
    ]);
    expect(conditionSchema().safeParse({ kind: 'flapping' }).success).toBe(true);
    expect(
      conditionSchema().safeParse({ kind: 'statusLongerThan', status: 'gone', minutes: 5 }).success,
    ).toBe(false);
  });

  it('combines with the status and search filters in the device view, and follows since deltas', async () => {
    const data = createDataStore();
    const ui = createUiStore();
    const views = createViews(data, ui, () => NOW); // the app clock the history filter reads
    const { applyDataChange } = await import('../../../renderer/state/data-store.js');
    applyDataChange(data, {
      dataset: 'devices',
      reset: true,
      added: all,
      changed: [],
      removed: [],
      fetchedAt: new Date(NOW).toISOString(),
    });
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    try {
      applySinceRows(data, {
        full: true,
        ...sinceColumns(Object.fromEntries(rows)),
        removed: [],
        more: false,
      });
      const act = uiActions(ui);
      const shown = () => views.deviceView().rows.map((id) => data.getState().devices.get(id)!.name);
      act.setHistoryFilter({ kind: 'longer', status: 'offline', minutes: 24 * 60 });
      expect(shown()).toEqual(['pc-1', 'pc-2']);
      act.setFilter({ text: 'pc-2' });
      expect(shown()).toEqual(['pc-2']);
      act.setFilter({ text: '', status: 'online' });
      expect(shown()).toEqual([]);
      act.setFilter({ status: 'all' });
      // A delta: pc-2 came back (its row now says online since a minute ago).
      applySinceRows(data, {
        full: false,
        ...sinceColumns({ [b.id]: [NOW - MIN, 1, 0] }),
        removed: [a.id],
        more: false,
      });
      expect(shown()).toEqual([]);
      expect(data.getState().since.has(a.id)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a whole map in place of what it held, and says a batch of parts once, after the last', () => {
    const data = createDataStore();
    const versions: number[] = [];
    data.subscribe((state) => versions.push(state.sinceVersion));
    const part = (rows: Record<string, SinceRow>, more: boolean, full = false, removed: string[] = []) =>
      applySinceRows(data, { full, ...sinceColumns(rows), removed, more });
    expect(part({ '1': [1, 1, 0] }, false, true)).toBe(true);
    expect(versions).toEqual([1]);
    // A whole map of two parts: the first drops what was held, quietly; the last says it.
    expect(part({ '2': [2, 0, 0] }, true, true)).toBe(false);
    expect(versions).toEqual([1]);
    expect(part({ '3': [3, 1, 0] }, false)).toBe(true);
    expect(versions).toEqual([1, 2]);
    expect([...data.getState().since.keys()].sort()).toEqual(['2', '3']);
    // A removal of a row not held, and nothing else, is no change to say.
    expect(part({}, false, false, ['9'])).toBe(false);
    expect(part({}, false, false, ['2'])).toBe(true);
    expect([...data.getState().since.keys()]).toEqual(['3']);
    // An empty whole map (signed out) over rows held is a change; over none it is not.
    expect(part({}, false, true)).toBe(true);
    expect(part({}, false, true)).toBe(false);
    expect(data.getState().since.size).toBe(0);
  });
});
