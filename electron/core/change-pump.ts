// Hands DataChanges to the renderer in order and in parts small enough to serialise without a stall.
//
// The devices of a poll or a cache load come from the poll worker already in parts of PART_SIZE records
// (devices-owner.ts), one per task, and go out as they are; so do the parts of the owner's listing that
// follow a renderer's snapshot. What the main thread makes itself can still be large (a bulk change of
// thousands of devices, a first load of another dataset): serialised in one go (JSON for
// the browser host's event stream, structured clone for Electron's IPC) it would block this thread for
// hundreds of milliseconds, so the pump splits such a change into parts of at most PART_SIZE records and
// sends one part per macrotask. Every change goes through the same queue, so an optimistic write's change
// can never overtake the tail of a change that came before it (and be overwritten by it in the renderer).
// Small changes with nothing queued before them go out at once, synchronously, up to one part's worth of
// records a turn.

import type { DataChange } from '../../shared/ipc/contract.js';
import type { Id } from '../../shared/model.js';
import { changeCount, changeParts, PART_SIZE } from './devices-owner.js';
import { DevicesPartChange } from './devices-part.js';

export type Yield = (next: () => void) => void;

/** Records in a change; an owner's part is counted without reading its devices (devices-part.ts). */
export const recordsOf = (change: DataChange): number =>
  change instanceof DevicesPartChange ? change.records : changeCount(change);

function partsOf(change: DataChange, size: number): DataChange[] {
  // An owner's part is one part already (PART_SIZE), and is sent as it was serialised.
  if (change instanceof DevicesPartChange || changeCount(change) <= size) return [change];
  const parts: DataChange[] = [];
  for (const lists of changeParts<DataChange['added'][number], Id>(change, size)) {
    // Only the first part of a reset is a reset: the rest add to it.
    parts.push({ ...change, reset: change.reset && parts.length === 0, ...lists } as DataChange);
  }
  return parts;
}

export class ChangePump {
  readonly #queue: DataChange[] = [];
  #scheduled = false;
  /** Records sent at once (not queued) in this turn. */
  #sentAtOnce = 0;
  readonly #idle: Array<() => void> = [];
  /** Told when clear() dropped what was queued: a sender that counted it as sent sends again. */
  onClear: (() => void) | null = null;

  constructor(
    private readonly send: (change: DataChange) => void,
    private readonly yieldTo: Yield = (next) => setImmediate(next),
    private readonly size = PART_SIZE,
  ) {}

  get queued(): number {
    return this.#queue.length;
  }

  push(change: DataChange): void {
    const parts = partsOf(change, this.size);
    const count = recordsOf(change);
    // At once only up to one part's worth of records a turn: a caller pushing the 50 parts of a cache
    // load in one loop had them all serialised in one 145 ms task (100,000 devices, bench host).
    if (this.#queue.length === 0 && parts.length === 1 && this.#sentAtOnce + count <= this.size) {
      if (count > 0 && this.#sentAtOnce === 0) this.yieldTo(() => (this.#sentAtOnce = 0));
      this.#sentAtOnce += count;
      this.send(parts[0]!);
      return;
    }
    this.#queue.push(...parts);
    this.#schedule();
  }

  /** Resolves once everything pushed so far has been sent. */
  drained(): Promise<void> {
    if (this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Drops what has not been sent (leaving an account: its data must not arrive afterwards). */
  clear(): void {
    this.#queue.length = 0;
    for (const resolve of this.#idle.splice(0)) resolve();
    this.onClear?.();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.yieldTo(() => {
      this.#scheduled = false;
      const next = this.#queue.shift();
      if (next) this.send(next);
      if (this.#queue.length > 0) this.#schedule();
      else for (const resolve of this.#idle.splice(0)) resolve();
    });
  }
}
