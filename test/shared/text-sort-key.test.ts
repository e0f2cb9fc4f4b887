// Names sort with their numbers read as numbers ("Desk 9" before "Desk 10"), case aside: the device
// table's columns, its default order and the offline copy's first screen all compare textSortKey's keys
// by code units. The keys are held to a plain comparison, character by character but for the numbers
// both texts write at the same place, compared by value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDefaultOrder, defaultOrderName } from '../../shared/device-order.js';
import { textSortKey } from '../../shared/text-sort-key.js';

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);
const byKey = (a: string, b: string) => {
  const ka = textSortKey(a);
  const kb = textSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** The reference: character by character, but where both texts hold digits, the numbers they write. */
function reference(x: string, y: string): number {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  const digit = (s: string, i: number) => i < s.length && s[i]! >= '0' && s[i]! <= '9';
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (digit(a, i) && digit(b, j)) {
      let ei = i;
      let ej = j;
      while (digit(a, ei)) ei++;
      while (digit(b, ej)) ej++;
      const d = BigInt(a.slice(i, ei)) - BigInt(b.slice(j, ej));
      if (d !== 0n) return d < 0n ? -1 : 1;
      i = ei;
      j = ej;
    } else if (a[i] !== b[j]) return a[i]! < b[j]! ? -1 : 1;
    else {
      i++;
      j++;
    }
  }
  return sign(a.length - i - (b.length - j));
}

describe('textSortKey', () => {
  it('orders numbers in names by their value, case aside', () => {
    const names = [
      'Desk 119',
      'desk 12',
      'Desk 9',
      'desk 10',
      'PC-2',
      'PC-12',
      'pc-002b',
      'Alpha',
      'alpha 1',
    ];
    expect([...names].sort(byKey)).toEqual([
      'Alpha',
      'alpha 1',
      'Desk 9',
      'desk 10',
      'desk 12',
      'Desk 119',
      'PC-2',
      'pc-002b',
      'PC-12',
    ]);
  });

  it('keeps long digit runs in order too (serial numbers of nine digits and more)', () => {
    const serials = ['SN 10000000000', 'SN 9000000000', 'SN 123456789', 'SN 99999999', 'SN 1234567890'];
    expect([...serials].sort(byKey)).toEqual([
      'SN 99999999',
      'SN 123456789',
      'SN 1234567890',
      'SN 9000000000',
      'SN 10000000000',
    ]);
  });

  it('agrees with comparing character by character and numbers by value, for any texts', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'B', '-', ' ', '.', '0', '1', '2', '9', 'é'),
      maxLength: 14,
    });
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(sign(byKey(a, b))).toBe(reference(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('is the default order: the first screen the main side picks is the one the grid shows', () => {
    const devices = ['Desk 10', 'Desk 9', null, 'desk 09'].map((name, i) => ({ id: `d${i}`, name }));
    const order = devices
      .map((d) => ({ id: d.id, name: defaultOrderName(d.name) }))
      .sort(compareDefaultOrder)
      .map((d) => d.id);
    expect(order).toEqual(['d1', 'd3', 'd0', 'd2']);
  });
});
