// The status index's entries, held by column: per device a slot in typed arrays (status code, since,
// exactness) instead of one object per device. At 100,000 devices the Map of objects was ~13 MB of the
// main thread's live heap (the objects, their boxed `since` numbers, the table); this is ~6 MB, and a pass
// over every device (the tray's counts, the alerts' "longer than") reads arrays instead of chasing objects.
//
// It reads and writes like the Map it replaces (get, set, delete, size, iteration in insertion order), so
// the history's readers and the checkpoint keep their shape. `get` and iteration hand out a new
// IndexEntry each time: a copy, so writing to it changes nothing here; `set` is how an entry changes.
// Deleted slots are left empty and reused only by a compaction, as a Map does, so the order of iteration
// is the order of insertion (a replayed history compares equal to the one it replays).

import type { Id } from '../../../shared/model.js';
import { grownColumn } from '../../../shared/typed-columns.js';
import type { RecordedStatus } from './records.js';

export interface IndexEntry {
  status: RecordedStatus;
  /** When the current status began, as far as the console knows. */
  since: number;
  /**
   * false: the status began no later than `since` (first seen already in it; an offline device first seen is
   * dated by the service's last_refresh when that is earlier).
   */
  sinceExact: boolean;
  /** Times of the latest transitions, oldest first (at most RECENT_KEPT). Read-only: shared, not copied. */
  recent: readonly number[];
}

/**
 * The `recent` of every device without a transition yet (nearly all of them after a first comparison):
 * one shared empty array instead of 100,000.
 */
export const NO_TRANSITIONS: readonly number[] = Object.freeze([]);

const FIRST_CAPACITY = 1024;

export class StatusColumns implements Iterable<[Id, IndexEntry]> {
  readonly #slotOf = new Map<Id, number>();
  /** By slot; undefined: deleted (kept empty until a compaction). */
  #ids: Array<Id | undefined> = [];
  #recent: Array<readonly number[]> = [];
  #status = new Uint16Array(FIRST_CAPACITY);
  #since = new Float64Array(FIRST_CAPACITY);
  #exact = new Uint8Array(FIRST_CAPACITY);
  /** Slots in use, deleted ones included. */
  #end = 0;
  /** Status strings by code: the three known and 'none' first, an unknown enum value when first met. */
  readonly #names: RecordedStatus[] = ['online', 'offline', 'busy', 'none'];
  readonly #codes = new Map<RecordedStatus, number>(this.#names.map((s, i) => [s, i]));

  get size(): number {
    return this.#slotOf.size;
  }

  has(id: Id): boolean {
    return this.#slotOf.has(id);
  }

  get(id: Id): IndexEntry | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#entry(slot);
  }

  /** The device's status without making an entry (a poll's comparison asks this of every device). */
  statusOf(id: Id): RecordedStatus | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#names[this.#status[slot]!];
  }

  set(id: Id, entry: IndexEntry): this {
    let slot = this.#slotOf.get(id);
    if (slot === undefined) {
      if (this.#end === this.#status.length) this.#grow();
      slot = this.#end++;
      this.#slotOf.set(id, slot);
      this.#ids[slot] = id;
    }
    this.#status[slot] = this.#code(entry.status);
    this.#since[slot] = entry.since;
    this.#exact[slot] = entry.sinceExact ? 1 : 0;
    this.#recent[slot] = entry.recent.length === 0 ? NO_TRANSITIONS : entry.recent;
    return this;
  }

  delete(id: Id): boolean {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return false;
    this.#slotOf.delete(id);
    this.#ids[slot] = undefined;
    this.#recent[slot] = NO_TRANSITIONS;
    // Compacted once half the slots are empty: a long-lived index of churning devices stays its size.
    if (this.#end > FIRST_CAPACITY && this.#slotOf.size < this.#end / 2) this.#compact();
    return true;
  }

  clear(): void {
    this.#slotOf.clear();
    this.#ids = [];
    this.#recent = [];
    this.#status = new Uint16Array(FIRST_CAPACITY);
    this.#since = new Float64Array(FIRST_CAPACITY);
    this.#exact = new Uint8Array(FIRST_CAPACITY);
    this.#end = 0;
  }

  /**
   * The ids held, in order, as an array (a whole since listing and a checkpoint take this snapshot). Not a
   * generator: spreading one that yields 300,000 ids took 12-14 ms against Map.keys()'s 5-6; this is one
   * copy of the slots' array when none is deleted (measured on the first page of a whole since listing).
   */
  idList(): Id[] {
    // With no slot deleted (nearly always) the ids are one copy of the slots' array.
    if (this.#slotOf.size === this.#end) return this.#ids.slice(0, this.#end) as Id[];
    const out = new Array<Id>(this.#slotOf.size);
    let i = 0;
    for (let slot = 0; slot < this.#end; slot++) {
      const id = this.#ids[slot];
      if (id !== undefined) out[i++] = id;
    }
    return out;
  }

  keys(): IterableIterator<Id> {
    return this.idList()[Symbol.iterator]();
  }

  entries(): IterableIterator<[Id, IndexEntry]> {
    const out: Array<[Id, IndexEntry]> = [];
    this.forEach((id, status, since, sinceExact, recent) =>
      out.push([id, { status, since, sinceExact, recent }]),
    );
    return out[Symbol.iterator]();
  }

  [Symbol.iterator](): IterableIterator<[Id, IndexEntry]> {
    return this.entries();
  }

  /**
   * Each device's fields, in order, without making entries: a pass over every device (a query, the tray's
   * counts and the alerts' "longer than" on each poll).
   */
  forEach(
    visit: (
      id: Id,
      status: RecordedStatus,
      since: number,
      sinceExact: boolean,
      recent: readonly number[],
    ) => void,
  ): void {
    for (let slot = 0; slot < this.#end; slot++) {
      const id = this.#ids[slot];
      if (id !== undefined)
        visit(
          id,
          this.#names[this.#status[slot]!]!,
          this.#since[slot]!,
          this.#exact[slot] === 1,
          this.#recent[slot]!,
        );
    }
  }

  /** One device's fields handed to `read` without making an entry; false when it is not held. */
  read(
    id: Id,
    read: (status: RecordedStatus, since: number, sinceExact: boolean, recent: readonly number[]) => void,
  ): boolean {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return false;
    read(this.#names[this.#status[slot]!]!, this.#since[slot]!, this.#exact[slot] === 1, this.#recent[slot]!);
    return true;
  }

  #entry(slot: number): IndexEntry {
    return {
      status: this.#names[this.#status[slot]!]!,
      since: this.#since[slot]!,
      sinceExact: this.#exact[slot] === 1,
      recent: this.#recent[slot]!,
    };
  }

  #code(status: RecordedStatus): number {
    let code = this.#codes.get(status);
    if (code === undefined) {
      // An unknown enum value is kept verbatim; 65,536 distinct ones would be a service gone wrong.
      if (this.#names.length > 0xffff) throw new Error('too many distinct device statuses');
      code = this.#names.length;
      this.#names.push(status);
      this.#codes.set(status, code);
    }
    return code;
  }

  #grow(): void {
    const capacity = this.#status.length * 2;
    this.#status = grownColumn(this.#status, capacity);
    this.#since = grownColumn(this.#since, capacity);
    this.#exact = grownColumn(this.#exact, capacity);
  }

  /** Moves the live slots to the front, in order: iteration stays in insertion order. */
  #compact(): void {
    let to = 0;
    for (let from = 0; from < this.#end; from++) {
      const id = this.#ids[from];
      if (id === undefined) continue;
      if (to !== from) {
        this.#ids[to] = id;
        this.#recent[to] = this.#recent[from]!;
        this.#status[to] = this.#status[from]!;
        this.#since[to] = this.#since[from]!;
        this.#exact[to] = this.#exact[from]!;
        this.#slotOf.set(id, to);
      }
      to++;
    }
    this.#ids.length = to;
    this.#recent.length = to;
    this.#end = to;
  }
}
