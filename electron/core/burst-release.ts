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
//
// That collection leaves the young generation as the burst grew it (16 MB semi-spaces: 32 MB resident, empty,
// of the 72 MB the main thread held with two accounts of 50,000 devices): V8 shrinks it only at a collection
// that finds allocation low over the 5 s before it, and an idle console may not collect again for minutes.
// So a young collection (a few ms) follows once the burst has been over for YOUNG_SHRINK_MS; measured in
// plain Node after a like burst: 33.6 MB → 1 MB of young generation, 33 MB less resident (at 3-4 s, not).
// The browser host's process caps that growth from its start (electron/browser-host/node-flags); Electron's
// main process takes V8 flags only from its own command line, so there the young collection is what gives
// the young generation back.

import { getHeapStatistics } from 'node:v8';
import { heapRelease, youngCollection } from './thread-heap.js';

/** Records (devices, since rows) a burst must have carried to be worth a collection. */
export const BURST_RECORDS = 20_000;
/** How long without a change ends a burst. */
export const BURST_QUIET_MS = 1_000;
/** The heap in use (garbage included) above which a full collection's pause is too long for this thread. */
export const BURST_HEAP_BYTES = 128 * 1024 * 1024;
/** After a burst's collection, when a young collection gives the young generation back (V8's 5 s, and some). */
export const YOUNG_SHRINK_MS = 5_500;

export class BurstRelease {
  #records = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** Reached at the first burst's end, not at start-up (making the context gc lives in costs a start). */
  #release: (() => void) | null | undefined;
  /** The young collection, reached likewise. */
  #shrinkYoung: (() => void) | null | undefined;
  #shrinkTimer: ReturnType<typeof setTimeout> | null = null;

  readonly #inUse: () => number;

  constructor(
    release?: (() => void) | null,
    inUse: () => number = () => getHeapStatistics().used_heap_size,
    shrinkYoung?: (() => void) | null,
  ) {
    this.#release = release;
    this.#inUse = inUse;
    this.#shrinkYoung = shrinkYoung;
  }

  /** `records` went to the renderer now. */
  sent(records: number): void {
    if (this.#release === null) return;
    this.#records += records;
    if (this.#timer) clearTimeout(this.#timer);
    // A burst under way: its young generation is in use, and the allocation it makes would stop V8 shrinking.
    if (this.#shrinkTimer) clearTimeout(this.#shrinkTimer);
    this.#shrinkTimer = null;
    this.#timer = setTimeout(() => this.#over(), BURST_QUIET_MS);
    // A quitting console or a finished command does not wait for it.
    this.#timer.unref?.();
  }

  dispose(): void {
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#shrinkTimer) clearTimeout(this.#shrinkTimer);
    this.#timer = null;
    this.#shrinkTimer = null;
  }

  #over(): void {
    this.#timer = null;
    const records = this.#records;
    this.#records = 0;
    if (records < BURST_RECORDS) return;
    this.#shrinkTimer = setTimeout(() => this.#shrink(), YOUNG_SHRINK_MS);
    this.#shrinkTimer.unref?.();
    // Past BURST_HEAP_BYTES only the young collection: it is a few ms whatever the old generation holds.
    if (this.#inUse() > BURST_HEAP_BYTES) return;
    if (this.#release === undefined) this.#release = heapRelease();
    this.#release?.();
  }

  #shrink(): void {
    this.#shrinkTimer = null;
    if (this.#shrinkYoung === undefined) this.#shrinkYoung = youngCollection();
    this.#shrinkYoung?.();
  }
}
