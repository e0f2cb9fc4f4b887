import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../support/seeded-random.js';
import type { SinceRow } from '../../../shared/status-history.js';
import { SinceTable, sinceReader } from '../../../renderer/domain/since-table.js';

describe('SinceTable', () => {
  it('answers as a Map of rows would through sets, deletes and slot reuse', () => {
    const next = seededRandom(11);
    const table = new SinceTable();
    const reference = new Map<string, SinceRow>();
    for (let step = 0; step < 30_000; step++) {
      const id = String(Math.floor(next() * 4_000));
      const roll = next();
      if (roll < 0.5) {
        // Times past 2^31 and fractions: what a boxed number held must come back the same.
        const row: SinceRow = [1.7e12 + step + 0.25, next() < 0.5 ? 1 : 0, next() < 0.2 ? 1.7e12 + step : 0];
        table.set(id, ...row);
        reference.set(id, row);
      } else if (roll < 0.8) {
        expect(table.delete(id)).toBe(reference.delete(id));
      } else {
        expect(table.get(id)).toEqual(reference.get(id));
        expect(table.has(id)).toBe(reference.has(id));
      }
    }
    expect(table.size).toBe(reference.size);
    expect(new Map(table)).toEqual(reference);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get([...reference.keys()][0]!)).toBeUndefined();
  });

  it('hands out a row of its own: writing to it changes nothing held', () => {
    const table = new SinceTable();
    table.set('a', 5, 1, 0);
    const row = table.get('a')!;
    row[0] = 9;
    expect(table.get('a')).toEqual([5, 1, 0]);
  });

  it("reads through one reused row for readers that keep none, and a Map's rows as they are", () => {
    const table = new SinceTable();
    table.set('a', 5, 1, 0);
    table.set('b', 7, 0, 9);
    const read = table.reader();
    const a = read('a');
    expect(a).toEqual([5, 1, 0]);
    const b = read('b');
    expect(b).toEqual([7, 0, 9]);
    expect(b).toBe(a); // the same array, rewritten: no row made per device
    expect(read('c')).toBeUndefined();
    table.set('a', 6, 0, 0);
    expect(read('a')).toEqual([6, 0, 0]);
    const map = new Map<string, SinceRow>([['a', [1, 1, 2]]]);
    expect(sinceReader(map)('a')).toBe(map.get('a'));
    expect(sinceReader(table)('b')).toEqual([7, 0, 9]);
  });
});
