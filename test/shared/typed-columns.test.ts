import { describe, expect, it } from 'vitest';
import { grownColumn } from '../../shared/typed-columns.js';

describe('grownColumn', () => {
  it('keeps the values and the kind, with room for the capacity asked', () => {
    const since = Float64Array.of(1.7e12 + 0.5, 2);
    const grown = grownColumn(since, 8);
    expect(grown).toBeInstanceOf(Float64Array);
    expect(grown.length).toBe(8);
    expect([...grown.subarray(0, 2)]).toEqual([1.7e12 + 0.5, 2]);
    const codes = grownColumn(Uint16Array.of(300, 7), 4);
    expect(codes).toBeInstanceOf(Uint16Array);
    expect([...codes]).toEqual([300, 7, 0, 0]);
    expect(grownColumn(Uint8Array.of(1, 2, 3), 2).length).toBe(3);
  });
});
