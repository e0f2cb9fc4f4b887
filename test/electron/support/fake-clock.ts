// A Clock the test drives: time moves only when told, timers fire in order as it passes them.
import type { Clock, TimerHandle } from '../../../electron/core/clock.js';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** Lets promise chains (and real I/O callbacks queued meanwhile) run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class FakeClock implements Clock {
  #now: number;
  #timers: Timer[] = [];
  #nextId = 1;

  constructor(start = Date.parse('2026-03-02T09:00:00Z')) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const timer = { id: this.#nextId++, at: this.#now + Math.max(0, ms), callback };
    this.#timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.#timers = this.#timers.filter((t) => t.id !== handle);
  }

  /** Delays of the pending timers from now, soonest first. */
  pendingDelays(): number[] {
    return this.#timers.map((t) => t.at - this.#now).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, firing every timer due on the way (and settling after each). */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      this.#timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.#timers[0];
      if (!next || next.at > end) break;
      this.#timers.shift();
      this.#now = next.at;
      next.callback();
      await settle();
    }
    this.#now = end;
    await settle();
  }

  /** Sets the wall time without firing timers (a machine that slept, a clock set by hand). */
  set(ms: number): void {
    this.#now = ms;
  }
}
