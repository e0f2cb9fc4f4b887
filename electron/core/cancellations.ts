// The long calls a renderer may stop half-way (a history export, a bulk start): each runs with an
// AbortSignal under the callId its client chose, and app:cancel aborts it. The work checks the signal
// between its steps; what was already committed stays committed (the caller says what that means).

import { fail } from '../../shared/errors.js';
import { CANCELLED } from '../../shared/ipc/services.js';

/** Cancels that arrived before their call (two requests may overtake each other over HTTP). */
const EARLY_LIMIT = 64;

export class Cancellations {
  readonly #running = new Map<string, AbortController>();
  readonly #early: string[] = [];

  /** Runs `work` with a signal that app:cancel(callId) aborts; without a callId it cannot be stopped. */
  async run<T>(callId: string | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    if (callId === undefined) return work(controller.signal);
    // The same id twice would let one cancel stop the wrong call: the second is refused.
    if (this.#running.has(callId))
      fail({ kind: 'validation', field: 'callId', message: 'This callId is already in use.' });
    const early = this.#early.indexOf(callId);
    if (early >= 0) {
      this.#early.splice(early, 1);
      fail(CANCELLED);
    }
    this.#running.set(callId, controller);
    try {
      return await work(controller.signal);
    } finally {
      this.#running.delete(callId);
    }
  }

  /** Aborts the call named callId; false when none is running (it may not have arrived yet). */
  cancel(callId: string): boolean {
    const controller = this.#running.get(callId);
    if (controller) {
      controller.abort();
      return true;
    }
    this.#early.push(callId);
    if (this.#early.length > EARLY_LIMIT) this.#early.shift();
    return false;
  }
}

/** Throws the 'cancelled' AppError once the signal is aborted: called between steps of long work. */
export function stopIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) fail(CANCELLED);
}
