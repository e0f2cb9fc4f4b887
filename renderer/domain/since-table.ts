// The renderer's since rows (device-since.ts), held by column: per device a slot in typed arrays instead of
// one [since, exact, flapUntil] array per device. At 100,000 devices the Map of arrays was ~8 MB of the
// page's live heap (the arrays, their elements, each `since` a boxed number); this is ~3.5 MB.
//
// Readers ask `get(id)` as they asked the Map: the row it answers is made for them, so holding it or
// writing to it changes nothing here. A row changes by `set`. Readers that use a row at once and keep
// none (a sort's keys, a filter's pass over every device, a cell's text) read through `reader()`, which
// answers one array rewritten per call: a row made per device was 300,000 arrays of garbage per pass.

import type { Id } from '../../shared/model.js';
import type { SinceRow } from '../../shared/status-history.js';
import { grownColumn } from '../../shared/typed-columns.js';

/** What a reader of since rows needs: the table, or (in tests, the command line) a plain Map. */
export interface SinceRows {
  get(id: Id): SinceRow | undefined;
}

const FIRST_CAPACITY = 1024;

export class SinceTable implements SinceRows {
  readonly #slotOf = new Map<Id, number>();
  readonly #free: number[] = [];
  #since = new Float64Array(FIRST_CAPACITY);
  #flapUntil = new Float64Array(FIRST_CAPACITY);
  #exact = new Uint8Array(FIRST_CAPACITY);
  #end = 0;

  get size(): number {
    return this.#slotOf.size;
  }

  has(id: Id): boolean {
    return this.#slotOf.has(id);
  }

  get(id: Id): SinceRow | undefined {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return undefined;
    return [this.#since[slot]!, this.#exact[slot] === 1 ? 1 : 0, this.#flapUntil[slot]!];
  }

  /**
   * A lookup whose answers are all one array, rewritten by its next call: for readers that use the row at
   * once and keep none. Anything that keeps a row asks `get`.
   */
  reader(): (id: Id) => SinceRow | undefined {
    const row: SinceRow = [0, 0, 0];
    return (id) => {
      const slot = this.#slotOf.get(id);
      if (slot === undefined) return undefined;
      row[0] = this.#since[slot]!;
      row[1] = this.#exact[slot] === 1 ? 1 : 0;
      row[2] = this.#flapUntil[slot]!;
      return row;
    };
  }

  set(id: Id, since: number, exact: 0 | 1, flapUntil: number): void {
    let slot = this.#slotOf.get(id);
    if (slot === undefined) {
      slot = this.#free.pop() ?? this.#end++;
      if (slot >= this.#since.length) this.#grow();
      this.#slotOf.set(id, slot);
    }
    this.#since[slot] = since;
    this.#exact[slot] = exact;
    this.#flapUntil[slot] = flapUntil;
  }

  delete(id: Id): boolean {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return false;
    this.#slotOf.delete(id);
    this.#free.push(slot);
    return true;
  }

  clear(): void {
    this.#slotOf.clear();
    this.#free.length = 0;
    this.#end = 0;
  }

  keys(): IterableIterator<Id> {
    return this.#slotOf.keys();
  }

  *entries(): IterableIterator<[Id, SinceRow]> {
    for (const id of this.#slotOf.keys()) yield [id, this.get(id)!];
  }

  [Symbol.iterator](): IterableIterator<[Id, SinceRow]> {
    return this.entries();
  }

  #grow(): void {
    const capacity = this.#since.length * 2;
    this.#since = grownColumn(this.#since, capacity);
    this.#flapUntil = grownColumn(this.#flapUntil, capacity);
    this.#exact = grownColumn(this.#exact, capacity);
  }
}

/** A lookup for readers that use each row at once (see `SinceTable.reader`); a plain Map's rows as they are. */
export function sinceReader(rows: SinceRows): (id: Id) => SinceRow | undefined {
  return rows instanceof SinceTable ? rows.reader() : (id) => rows.get(id);
}
