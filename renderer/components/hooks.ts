import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs`: ages and countdowns stay true without a data change. */
export function useNow(intervalMs = 10_000, clock: () => number = Date.now): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, clock]);
  return now;
}
