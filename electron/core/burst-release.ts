// Gives the main thread's heap back once a burst of changes to the renderer is over: an account's first
// sync, a large copy loaded, another account shown. Such a burst leaves tens of megabytes of garbage (the
// parts' buffers and texts, the history's first comparison) in a heap that V8 only collects when later
// allocation asks for it, and a console idle in the tray allocates next to nothing: measured at 100,000
// devices after the first sync and the bench's scenarios, the host's main thread held 73-75 MB resident
// (44 MB used, 25-32 MB of array buffers) in some runs and 31 MB (30 used, 7) in others, as V8 happened to
// have collected or not. A full collection of this thread is a pause (~15-25 ms for a heap of 140 MB with
// 25 MB live, measured alone; smaller for this one), taken once, a second after the burst's last change.

import { heapRelease } from './thread-heap.js';

/** Records (devices, since rows) a burst must have carried to be worth a collection. */
export const BURST_RECORDS = 20_000;
/** How long without a change ends a burst. */
export const BURST_QUIET_MS = 1_000;

export class BurstRelease {
  #records = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  /** Reached at the first burst's end, not at start-up (making the context gc lives in costs a start). */
  #release: (() => void) | null | undefined;

  constructor(release?: (() => void) | null) {
    this.#release = release;
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
    if (records < BURST_RECORDS) return;
    if (this.#release === undefined) this.#release = heapRelease();
    this.#release?.();
  }
}
