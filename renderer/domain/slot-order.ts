// Orders of the DeviceIndex's slots (device-index.ts): built from a column's keys without comparing devices
// (orderByValue), and kept orders patched with the few slots a poll moved (patchOrder).
import { compareSortValues, type SortValue } from './sort-values.js';

/** Per slot, the column's sort key; undefined: not computed yet for that slot. */
export type Keys = Array<SortValue | undefined>;

/**
 * `kept` (sorted, without the moved slots) merged with `moved` (any order): O(n + k log k) steps. Few moved
 * among many kept (a part of a first load into the devices already in) are each placed by binary search,
 * so the names are compared k log n times rather than n: the rest of `kept` is only copied.
 */
export function mergeSorted(
  kept: readonly number[],
  moved: number[],
  compare: (a: number, b: number) => number,
): number[] {
  moved.sort(compare);
  const out = new Array<number>(kept.length + moved.length);
  let i = 0;
  let j = 0;
  let o = 0;
  if (moved.length * Math.log2(kept.length + 2) < kept.length) {
    for (; j < moved.length; j++) {
      const m = moved[j]!;
      // The first of kept[i…] that sorts after m (equal ones stay first, as in the merge below).
      let lo = i;
      let hi = kept.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compare(kept[mid]!, m) <= 0) lo = mid + 1;
        else hi = mid;
      }
      while (i < lo) out[o++] = kept[i++]!;
      out[o++] = m;
    }
  }
  while (i < kept.length && j < moved.length)
    out[o++] = compare(kept[i]!, moved[j]!) <= 0 ? kept[i++]! : moved[j++]!;
  while (i < kept.length) out[o++] = kept[i++]!;
  while (j < moved.length) out[o++] = moved[j++]!;
  return out;
}

/**
 * `order` without the `moved` slots, with `live` (the moved ones still present) placed by `compare`. A few
 * are placed by binary search (a poll's handful); many, by one merge. When every slot lands where it was,
 * the old array is returned, so whatever was derived from it stays valid.
 */
export function patchOrder(
  order: number[],
  moved: ReadonlySet<number>,
  live: number[],
  compare: (a: number, b: number) => number,
): number[] {
  const rest = order.filter((s) => !moved.has(s));
  if (live.length > 64) return mergeSorted(rest, live, compare);
  live.sort(compare);
  for (const s of live) {
    let lo = 0;
    let hi = rest.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(rest[mid]!, s) <= 0) lo = mid + 1;
      else hi = mid;
    }
    rest.splice(lo, 0, s);
  }
  if (rest.length !== order.length) return rest;
  for (let i = 0; i < rest.length; i++) if (rest[i] !== order[i]) return rest;
  return order;
}

/** Where a double's high and low 32-bit words sit in a Uint32Array view of a Float64Array. */
const [LOW_WORD, HIGH_WORD] = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? [0, 1] : [1, 0];

/**
 * `slots` ordered by their numeric keys, equal keys keeping their order: a stable LSD radix sort, 16 bits a
 * pass, passes over constant digits skipped. Whole numbers in [0, 2^32) (an IPv4 address, a size) are
 * sorted as themselves in two passes; any other number over its double's bits (made to order as the
 * numbers do) in four. A first click on IP sorted 100,000 addresses as doubles: 25 ms of it, cold.
 */
function radixByNumber(slots: readonly number[], keys: Keys): number[] {
  const n = slots.length;
  let whole = true;
  for (let i = 0; i < n && whole; i++) {
    const v = keys[slots[i]!] as number;
    whole = v >>> 0 === v;
  }
  let order: Uint32Array;
  if (whole) {
    const words = new Uint32Array(n);
    for (let i = 0; i < n; i++) words[i] = keys[slots[i]!] as number;
    order = lsdOrder(words, 1, [
      [0, 0],
      [0, 16],
    ]);
  } else {
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = keys[slots[i]!] as number;
      values[i] = v === 0 ? 0 : v; // -0 sorts as 0
    }
    const words = new Uint32Array(values.buffer);
    for (let i = 0; i < n; i++) {
      const hi = words[2 * i + HIGH_WORD]!;
      if (hi & 0x80000000) {
        words[2 * i + HIGH_WORD] = ~hi >>> 0;
        words[2 * i + LOW_WORD] = ~words[2 * i + LOW_WORD]! >>> 0;
      } else words[2 * i + HIGH_WORD] = (hi | 0x80000000) >>> 0;
    }
    order = lsdOrder(words, 2, [
      [LOW_WORD, 0],
      [LOW_WORD, 16],
      [HIGH_WORD, 0],
      [HIGH_WORD, 16],
    ]);
  }
  const out = new Array<number>(n);
  for (let k = 0; k < n; k++) out[k] = slots[order[k]!]!;
  return out;
}

/**
 * The stable order of `words.length / stride` items by their 16-bit digits, least significant first: item
 * i's digit `[word, shift]` is `words[stride * i + word] >>> shift & 0xffff`.
 */
function lsdOrder(
  words: Uint32Array,
  stride: number,
  digits: ReadonlyArray<readonly [word: number, shift: number]>,
): Uint32Array {
  const n = words.length / stride;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Uint32Array(n);
  const counts = new Uint32Array(65_537);
  for (const [word, shift] of digits) {
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[((words[stride * order[k]! + word]! >>> shift) & 0xffff) + 1]!++;
    // Every item has this digit when the first one's bucket holds them all: nothing to reorder.
    if (n === 0 || counts[((words[stride * order[0]! + word]! >>> shift) & 0xffff) + 1] === n) continue;
    for (let d = 1; d < counts.length; d++) counts[d]! += counts[d - 1]!;
    for (let k = 0; k < n; k++) {
      const i = order[k]!;
      next[counts[(words[stride * i + word]! >>> shift) & 0xffff]!++] = i;
    }
    [order, next] = [next, order];
  }
  return order;
}

/** Distinct numeric keys up to which a column is bucketed like text instead of radix-sorted. */
const FEW_NUMBERS = 1024;

/**
 * Appends `slots` to `out` grouped by their key's rank among `distinct` (every key of `slots`, in any
 * order; ranked here by one sort of the distinct values), each group keeping the order of `slots`: a
 * counting sort, no comparison of devices.
 */
function appendByRank(
  out: number[],
  slots: readonly number[],
  keys: Keys,
  distinct: Map<SortValue, number>,
): void {
  const values = [...distinct.keys()].sort(compareSortValues);
  for (let i = 0; i < values.length; i++) distinct.set(values[i]!, i);
  const starts = new Uint32Array(values.length + 1);
  const ranks = new Uint32Array(slots.length);
  for (let k = 0; k < slots.length; k++) {
    const r = distinct.get(keys[slots[k]!]!)!;
    ranks[k] = r;
    starts[r + 1]!++;
  }
  for (let r = 1; r < starts.length; r++) starts[r]! += starts[r - 1]!;
  const base = out.length;
  out.length = base + slots.length;
  for (let k = 0; k < slots.length; k++) out[base + starts[ranks[k]!]!++] = slots[k]!;
}

/**
 * `names` (slots in name order) ordered by `keys` ascending as compareSortValues orders them, equal keys
 * keeping their name order, without comparing devices: the numbers by radix (radixByNumber), or, when
 * they are few distinct ones (a status rank, a size), bucketed as the text values are: by the rank of
 * their distinct values (one sort of those); then null.
 */
export function orderByValue(names: readonly number[], keys: Keys): number[] {
  const numeric: number[] = [];
  const textual: number[] = [];
  const empty: number[] = [];
  const strings = new Map<SortValue, number>();
  let numbers: Map<SortValue, number> | null = new Map();
  for (const slot of names) {
    const v = keys[slot]!;
    if (v === null) empty.push(slot);
    else if (typeof v === 'number') {
      numeric.push(slot);
      if (numbers && !numbers.has(v)) numbers = numbers.size < FEW_NUMBERS ? numbers.set(v, 0) : null;
    } else {
      textual.push(slot);
      strings.set(v, 0);
    }
  }
  // Never a spread of 100,000 slots into push: that many arguments can overflow the stack.
  const out = numeric.length > 0 && !numbers ? radixByNumber(numeric, keys) : [];
  if (numeric.length > 0 && numbers) appendByRank(out, numeric, keys, numbers);
  if (textual.length > 0) appendByRank(out, textual, keys, strings);
  for (const slot of empty) out.push(slot);
  return out;
}
