import { describe, expect, it } from 'vitest';
import { knownPart } from '../../../renderer/domain/chart-series.js';

describe('knownPart', () => {
  it('draws from the first known point and says since when', () => {
    const s = {
      t: [1, 2, 3, 4],
      online: [null, null, 5, 6],
      offline: [null, null, 1, 0],
      busy: [null, null, 0, 0],
    };
    expect(knownPart(s)).toEqual({
      series: { t: [3, 4], online: [5, 6], offline: [1, 0], busy: [0, 0] },
      recordedSince: 3,
    });
  });

  it('keeps a window known from its start, and one with nothing known, whole', () => {
    const full = { t: [1, 2], online: [1, null], offline: [0, null], busy: [0, null] };
    expect(knownPart(full)).toEqual({ series: full, recordedSince: null });
    const none = { t: [1, 2], online: [null, null], offline: [null, null], busy: [null, null] };
    expect(knownPart(none)).toEqual({ series: none, recordedSince: null });
  });
});
