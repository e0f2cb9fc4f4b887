// Live counts for N saved views over 100,000 devices, kept from deltas and done in time slices, so no
// main-thread task runs over its budget (the floor: 20 views update after a poll without a long
// task > 50 ms).
//
// Each device gets a dense slot; each view keeps one membership byte per slot and its count. A changed
// device is re-tested against every view (count ± the difference); a new or recompiled view is tested
// against every slot. Both are queued and worked off by `step(budgetMs)`: a 100-device poll is one short
// step, a reset of 100,000 devices × 20 views is spread over several. Until the queue is empty the counts
// are the last ones reached (each count is always the exact size of the membership bytes it has).
//
// Re-testing is idempotent (membership = predicate(current device)), so the order in which device and
// view work interleave does not matter.

import type { Device, Id } from '../../shared/model.js';
import type { SearchEntry } from './device-search.js';
import type { DevicePredicate } from './view-conditions.js';

export interface CountedDevice {
  device: Device;
  search: SearchEntry;
}

/**
 * Where the counted devices are read. A test reads into one reused holder: an object per device tested was
 * ~24 MB of garbage in the page when an account of 50,000 devices came (sampled), and a device's search
 * entry is only built when some view will read it.
 */
export interface CountedDevices {
  /** Whether the device is still there. */
  has(id: Id): boolean;
  /** Fills `into` with the device and its search entry; false when it is gone. */
  read(id: Id, into: CountedDevice): boolean;
}

export interface ViewCountsDelta {
  added?: Iterable<Id>;
  changed?: Iterable<Id>;
  removed?: Iterable<Id>;
}

interface ViewState {
  match: DevicePredicate;
  member: Uint8Array;
  count: number;
  /** Next slot of a full re-test in progress, or -1. */
  cursor: number;
}

/** Predicate tests between two reads of the clock. */
const CHECK_CLOCK_EVERY = 256;

export class ViewCounts {
  readonly #devices: CountedDevices;
  readonly #holder = {} as CountedDevice;
  readonly #views = new Map<string, ViewState>();
  readonly #slotOf = new Map<Id, number>();
  #idOf: Array<Id | undefined> = [];
  readonly #free: number[] = [];
  #capacity = 1024;
  /** Slots to re-test against every view, in arrival order (a Set: a device changed twice is one job). */
  readonly #dirty = new Set<number>();
  readonly #listeners = new Set<() => void>();
  #clock: () => number;

  constructor(devices: CountedDevices, clock: () => number = () => performance.now()) {
    this.#devices = devices;
    this.#clock = clock;
  }

  /** Adds or replaces a view (a new predicate after an edit or a recompile); it is re-tested in full. */
  setView(viewId: string, match: DevicePredicate): void {
    const old = this.#views.get(viewId);
    const member = old?.member.length === this.#capacity ? old.member : new Uint8Array(this.#capacity);
    if (old && member !== old.member)
      member.set(old.member.subarray(0, Math.min(old.member.length, this.#capacity)));
    this.#views.set(viewId, { match, member, count: old?.count ?? 0, cursor: 0 });
  }

  removeView(viewId: string): void {
    this.#views.delete(viewId);
    this.#emit();
  }

  /** Records which devices a data change touched; the work happens in `step`. */
  apply(delta: ViewCountsDelta): void {
    for (const id of delta.removed ?? []) {
      const slot = this.#slotOf.get(id);
      if (slot !== undefined) this.#dirty.add(slot);
    }
    for (const id of delta.added ?? []) this.#dirty.add(this.#slot(id));
    for (const id of delta.changed ?? []) this.#dirty.add(this.#slot(id));
  }

  /** A reset: every device now known through `ids` (others are dropped). */
  reset(ids: Iterable<Id>): void {
    const next = new Set(ids);
    for (const id of this.#slotOf.keys()) if (!next.has(id)) this.#dirty.add(this.#slotOf.get(id)!);
    for (const id of next) this.#dirty.add(this.#slot(id));
  }

  /** Re-tests every view in full (the clock moved for time conditions, the folder tree changed…). */
  retestAll(viewIds: Iterable<string> = this.#views.keys()): void {
    for (const id of viewIds) {
      const v = this.#views.get(id);
      if (v) v.cursor = 0;
    }
  }

  get pending(): boolean {
    if (this.#dirty.size) return true;
    for (const v of this.#views.values()) if (v.cursor !== -1) return true;
    return false;
  }

  count(viewId: string): number | undefined {
    return this.#views.get(viewId)?.count;
  }

  counts(): Map<string, number> {
    return new Map([...this.#views].map(([id, v]) => [id, v.count]));
  }

  /** Is this device in this view (as far as the work done so far knows)? */
  has(viewId: string, id: Id): boolean {
    const slot = this.#slotOf.get(id);
    return slot !== undefined && this.#views.get(viewId)?.member[slot] === 1;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Works for about `budgetMs`; returns true when nothing is left. Listeners hear of changed counts. */
  step(budgetMs: number): boolean {
    const deadline = this.#clock() + budgetMs;
    let changed = false;
    let n = 0;
    const views = [...this.#views.values()];
    for (const slot of this.#dirty) {
      this.#dirty.delete(slot);
      const id = this.#idOf[slot];
      // With no view to test, whether the device is gone is all there is to know.
      const row = views.length > 0 ? this.#read(id) : undefined;
      for (const v of views) if (this.#test(v, slot, row)) changed = true;
      if (id !== undefined && (views.length > 0 ? !row : !this.#devices.has(id))) this.#release(id, slot);
      n += views.length;
      if (n >= CHECK_CLOCK_EVERY) {
        n = 0;
        if (this.#clock() >= deadline) return this.#done(changed);
      }
    }
    for (const v of views) {
      while (v.cursor !== -1) {
        const slot = v.cursor;
        if (slot >= this.#idOf.length) {
          v.cursor = -1;
          break;
        }
        v.cursor++;
        const id = this.#idOf[slot];
        if (this.#test(v, slot, this.#read(id))) changed = true;
        if (++n >= CHECK_CLOCK_EVERY) {
          n = 0;
          if (this.#clock() >= deadline) return this.#done(changed);
        }
      }
    }
    return this.#done(changed);
  }

  #done(changed: boolean): boolean {
    if (changed) this.#emit();
    return !this.pending;
  }

  #emit(): void {
    for (const l of this.#listeners) l();
  }

  /** The device in the reused holder (read before the next one is), or undefined when it is gone. */
  #read(id: Id | undefined): CountedDevice | undefined {
    return id !== undefined && this.#devices.read(id, this.#holder) ? this.#holder : undefined;
  }

  /** Sets the view's membership of `slot` from the device; true when the count changed. */
  #test(v: ViewState, slot: number, row: CountedDevice | undefined): boolean {
    const now = row !== undefined && v.match(row.device, row.search) ? 1 : 0;
    const was = v.member[slot]!;
    if (now === was) return false;
    v.member[slot] = now;
    v.count += now - was;
    return true;
  }

  #slot(id: Id): number {
    let slot = this.#slotOf.get(id);
    if (slot !== undefined) return slot;
    slot = this.#free.pop() ?? this.#idOf.length;
    if (slot >= this.#capacity) this.#grow(slot + 1);
    this.#slotOf.set(id, slot);
    this.#idOf[slot] = id;
    return slot;
  }

  #release(id: Id, slot: number): void {
    this.#slotOf.delete(id);
    this.#idOf[slot] = undefined;
    this.#free.push(slot);
  }

  #grow(min: number): void {
    let capacity = this.#capacity;
    while (capacity < min) capacity *= 2;
    this.#capacity = capacity;
    for (const v of this.#views.values()) {
      const member = new Uint8Array(capacity);
      member.set(v.member);
      v.member = member;
    }
  }
}

/**
 * Works the counts off in slices of `budgetMs`, yielding to input and paint between them (setTimeout 0),
 * until idle. `kick()` after each `apply`/`setView`; a run in progress is reused, never doubled.
 */
export function createCountsScheduler(counts: ViewCounts, budgetMs = 8) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = () => {
    timer = null;
    if (!counts.step(budgetMs)) timer = setTimeout(tick, 0);
  };
  return {
    kick(): void {
      if (timer === null && counts.pending) timer = setTimeout(tick, 0);
    },
    cancel(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
