// orderByValue against the plain definition of a column's order: a stable sort of the slots (given in
// name order) by compareSortValues. Both of its ways with numbers are held to it: a column of few distinct
// numbers (bucketed by their rank) and one of many (radix-sorted over the doubles' bits), beside text and
// empty values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderByValue, type Keys } from '../../../renderer/domain/slot-order.js';
import { compareSortValues, type SortValue } from '../../../renderer/domain/sort-values.js';

/** The definition: slots in name order, stably sorted by their keys. */
const plainOrder = (names: readonly number[], keys: Keys): number[] =>
  [...names].sort((a, b) => compareSortValues(keys[a]!, keys[b]!));

/** Keys for `n` slots drawn from `value`, and the slots in a shuffled "name order". */
const column = (value: fc.Arbitrary<SortValue>, min: number, max: number) =>
  fc.array(value, { minLength: min, maxLength: max }).chain((keys) =>
    fc
      .shuffledSubarray(
        keys.map((_, i) => i),
        { minLength: keys.length, maxLength: keys.length },
      )
      .map((names) => ({ keys: keys as Keys, names })),
  );

/** Equal orders, or the first place they part (a diff of thousands of slots takes the reporter minutes). */
function expectSameOrder(got: number[], want: number[]): void {
  let at = 0;
  while (at < want.length && got[at] === want[at]) at++;
  expect({ length: got.length, from: at, got: got.slice(at, at + 5) }).toEqual({
    length: want.length,
    from: want.length,
    got: [],
  });
}

const anyNumber = fc.oneof(
  fc.double({ noNaN: true }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.constantFrom(0, -0, 1, -1, 0.5, -0.25, 1e300, -1e300, Infinity, -Infinity),
);

describe('orderByValue', () => {
  it('orders few distinct numbers, text and empty values as the plain stable sort does', () => {
    const few = fc.oneof(
      fc.constantFrom<SortValue>(0, 1, 2, 3, -0, -1.5, null),
      fc.constantFrom('a', 'B', 'b'),
    );
    fc.assert(
      fc.property(column(few, 0, 300), ({ keys, names }) => {
        expectSameOrder(orderByValue(names, keys), plainOrder(names, keys));
      }),
    );
  });

  it('orders many distinct numbers (past the bucketing limit, radix-sorted) as the plain stable sort does', () => {
    const many = fc.oneof({ weight: 8, arbitrary: anyNumber }, { weight: 1, arbitrary: fc.constant(null) });
    fc.assert(
      fc.property(column(many, 1100, 3000), ({ keys, names }) => {
        const distinct = new Set(keys.filter((k) => typeof k === 'number'));
        // The case this test is for: more distinct numbers than a column is bucketed for.
        fc.pre(distinct.size > 1024);
        expectSameOrder(orderByValue(names, keys), plainOrder(names, keys));
      }),
      // No shrinking: a counterexample of over a thousand slots shrinks for minutes.
      { numRuns: 30, endOnFailure: true },
    );
  });

  it('orders many distinct whole numbers of 32 bits (sorted as themselves) as the plain stable sort does', () => {
    // IPv4 addresses as numbers, sizes: 0 to 2^32 - 1, some repeated, some empty; -0 is a whole 0 too.
    const whole = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: 0xffffffff }) },
      { weight: 1, arbitrary: fc.constantFrom<SortValue>(0, -0, 0xffffffff, 65_535, 65_536, null) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 2000 }) },
    );
    fc.assert(
      fc.property(column(whole, 1100, 3000), ({ keys, names }) => {
        fc.pre(new Set(keys.filter((k) => typeof k === 'number')).size > 1024);
        expectSameOrder(orderByValue(names, keys), plainOrder(names, keys));
      }),
      { numRuns: 30, endOnFailure: true },
    );
    // Past 32 bits, or with a fraction, a column goes the doubles' way: one such key among whole ones.
    const n = 3000;
    const keys: Keys = Array.from({ length: n }, (_, i) => (i * 2_654_435_761) % 0xffffffff);
    keys[17] = 2 ** 32 + 5;
    keys[18] = 0.5;
    const names = Array.from({ length: n }, (_, i) => i);
    expectSameOrder(orderByValue(names, keys), plainOrder(names, keys));
    // All keys but one share their high 16 bits: that pass still has one key to move (from the middle).
    const high: Keys = Array.from({ length: n }, (_, i) => 0x10000 + n - i);
    high[5] = 0xffff; // the smallest key, though its low digit is the largest
    expectSameOrder(orderByValue(names, high), plainOrder(names, high));
  });

  it('keeps the name order within equal keys at 100,000 slots of three ranks', () => {
    const n = 100_000;
    const keys: Keys = Array.from({ length: n }, (_, i) => (i * 7) % 3);
    const names = Array.from({ length: n }, (_, i) => n - 1 - i);
    expectSameOrder(orderByValue(names, keys), plainOrder(names, keys));
  });
});
