// Exponential backoff with jitter for failed polls (AWS "equal jitter"): the delay doubles per failure up
// to the cap, and half of it is random so many clients that lost the service together do not come back
// together. Reset by the first success.

export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  random?: () => number;
}

export class Backoff {
  readonly #base: number;
  readonly #cap: number;
  readonly #random: () => number;
  #failures = 0;

  constructor(options: BackoffOptions = {}) {
    this.#base = options.baseMs ?? 2_000;
    this.#cap = options.capMs ?? 5 * 60_000;
    this.#random = options.random ?? Math.random;
  }

  get failures(): number {
    return this.#failures;
  }

  /** Records a failure and returns how long to wait before the next attempt. */
  fail(): number {
    this.#failures += 1;
    const ceiling = Math.min(this.#cap, this.#base * 2 ** Math.min(this.#failures - 1, 30));
    return Math.round(ceiling / 2 + this.#random() * (ceiling / 2));
  }

  reset(): void {
    this.#failures = 0;
  }
}
