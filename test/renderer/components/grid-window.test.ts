// The grid's window over rows of one height (use-grid-window.ts): which rows are in view, and how far a
// row scrolled into view moves the scroll ("auto": the least that shows it whole).
import { offsetToShow, rowRange } from '../../../renderer/components/use-grid-window.js';

describe('rowRange', () => {
  it('spans the rows whose box meets the viewport, clamped to the rows there are', () => {
    expect(rowRange(0, 30, 0, 600, 12)).toBeNull();
    expect(rowRange(1000, 30, 0, 600, 12)).toEqual({
      startIndex: 0,
      endIndex: 19,
      overscan: 12,
      count: 1000,
    });
    // Half a row scrolled: the first is cut at the top, one more peeks in at the bottom.
    expect(rowRange(1000, 30, 15, 600, 4)).toMatchObject({ startIndex: 0, endIndex: 20 });
    expect(rowRange(1000, 30, 30 * 990, 600, 12)).toMatchObject({ startIndex: 990, endIndex: 999 });
    // Before any size is known (no viewport yet): one row.
    expect(rowRange(1000, 30, 0, 0, 12)).toMatchObject({ startIndex: 0, endIndex: 0 });
    // A scroll position past the end (the rows just became fewer): the last row.
    expect(rowRange(5, 30, 30 * 100, 600, 12)).toMatchObject({ startIndex: 4, endIndex: 4 });
  });
});

describe('offsetToShow', () => {
  it('moves the least that shows the row whole, and not at all when it is', () => {
    expect(offsetToShow(300, 330, 0, 600)).toBeNull();
    expect(offsetToShow(0, 30, 0, 600)).toBeNull();
    // Above the view: its top at the top.
    expect(offsetToShow(60, 90, 100, 600)).toBe(60);
    // Below it: its bottom at the bottom.
    expect(offsetToShow(900, 930, 0, 600)).toBe(330);
    // Cut at the bottom edge counts as not shown whole.
    expect(offsetToShow(590, 620, 0, 600)).toBe(20);
  });
});
