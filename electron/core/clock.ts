// Time as a port: the sync engine, the backoff and the SessionScheduler read the time and set timers only
// through a Clock, so tests drive them with a controllable one instead of waiting.

export type TimerHandle = unknown;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // Timers of a background service must not keep a test process or a quitting app alive.
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** "2026-11-21 09:30 UTC": for sentences; the renderer gets the ISO timestamp separately where it needs one. */
export function humanTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
