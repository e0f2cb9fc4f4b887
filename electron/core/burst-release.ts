// Gives the main thread's heap back once a burst of changes to the renderer is over: an account's first
// sync, a large copy loaded, another account shown. Such a burst leaves tens of megabytes of garbage (the
// parts' buffers and texts, the history's first comparison) in a heap that V8 only collects when later
// allocation asks for it, and a console idle in the tray allocates next to nothing: measured at 100,000
// devices after the first sync and the bench's scenarios, the host's main thread held 73-75 MB resident
// (44 MB used, 25-32 MB of array buffers) in some runs and 31 MB (30 used, 7) in others, as V8 happened to
// have collected or not. A full collection of this thread is a pause, taken once, a second after the burst's
// last change, and only on a heap small enough for it to be short: --trace-gc in the bench's first sync
// showed 23 ms for 83 MB in use at 100,000 devices, but 101 ms for 243 MB at 300,000 (the first sync's
// longest stall there). A heap past BURST_HEAP_BYTES is left to V8's own incremental collections.

import { getHeapStatistics } from 'node:v8';
import { heapRelease } from './thread-heap.js';

/** Records (devices, since rows) a burst must have carried to be worth a collection. */
export const BURST_RECORDS = 20_000;
/** How long without a change ends a burst. */
export const BURST_QUIET_MS = 1_000;
/** The heap in use (garbage included) above which a full collection's pause is too long for this thread. */
export const BURST_HEAP_BYTES = 128 * 1024 * 1024;

export class BurstRelease {
  #records = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** Reached at the first burst's end, not at start-up (making the context gc lives in costs a start). */
  #release: (() => void) | null | undefined;

  readonly #inUse: () => number;

  constructor(release?: (() => void) | null, inUse: () => number = () => getHeapStatistics().used_heap_size) {
    this.#release = release;
    this.#inUse = inUse;
  }

  /** `records` went to the renderer now. */
  sent(records: number): void {
    if (this.#release === null) return;
    this.#records += records;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#over(), BURST_QUIET_MS);
    // A quitting console or a finished command does not wait for it.
    this.#timer.unref?.();
  }

  dispose(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #over(): void {
    this.#timer = null;
    const records = this.#records;
    this.#records = 0;
    if (records < BURST_RECORDS || this.#inUse() > BURST_HEAP_BYTES) return;
    if (this.#release === undefined) this.#release = heapRelease();
    this.#release?.();
  }
}
