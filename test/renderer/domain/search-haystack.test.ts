// The joined texts find exactly the slots whose text holds a needle, wherever the finds fall in a chunk.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchHaystack } from '../../../renderer/domain/search-haystack.js';

describe('SearchHaystack', () => {
  it('marks exactly the slots whose text holds the needle, chunk by chunk', () => {
    // Texts of letters, a digit, spaces and the separator between fields (FIELD_SEP).
    const text = fc
      .array(fc.constantFrom('a', 'b', '1', ' ', '\u0001'), { maxLength: 24 })
      .map((chars) => ` ${chars.join('')}`);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(text, fc.constant('')), { maxLength: 20 }),
        fc.stringMatching(/^ [ab1][ab1 ]{0,9}$/),
        fc.constantFrom(1, 2, 5, 512),
        (texts, needle, size) => {
          const hay = new SearchHaystack(size);
          const found = new Uint8Array(texts.length);
          for (let c = 0; c * size < texts.length; c++) {
            expect(hay.built(c)).toBe(false);
            hay.build(c, texts.slice(c * size, (c + 1) * size));
            hay.mark(c, needle, found);
          }
          expect([...found]).toEqual(texts.map((t) => (t.includes(needle) ? 1 : 0)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds a long word whole, not by its first characters only', () => {
    const hay = new SearchHaystack(4);
    hay.build(0, [' desktop1 ', ' desktop12 ', ' xdesktop12 ', ' desk \u0001 top12 ']);
    const found = new Uint8Array(4);
    hay.mark(0, ' desktop12', found);
    expect([...found]).toEqual([0, 1, 0, 0]);
  });

  it('is out of date for a chunk whose slot changed, and for all once cleared', () => {
    const hay = new SearchHaystack(2);
    hay.build(0, [' a ', ' b ']);
    hay.build(1, [' c ']);
    hay.dirty(3);
    expect([hay.built(0), hay.built(1)]).toEqual([true, false]);
    hay.dirty(9);
    expect(hay.built(0)).toBe(true);
    hay.clear();
    expect(hay.built(0)).toBe(false);
  });
});
