// The service's notion of "now". Real time by default; tests and the control API move it forward so
// sessions start and finish without waiting. The OAuth provider keeps real time (signatures carry the
// client's real timestamps), so only the domain and the simulator read this clock.

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export class ServiceClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly source: () => number = Date.now) {}

  now(): number {
    return this.source() + this.offsetMs;
  }

  /** Moves the clock forward (never backward: scheduled transitions are not undone). */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError('The clock only moves forward by a finite amount');
    this.offsetMs += ms;
    return this.now();
  }
}

/** A clock that stands still until told to move: deterministic tests. */
export function fixedClock(startMs: number): ServiceClock {
  return new ServiceClock(() => startMs);
}
