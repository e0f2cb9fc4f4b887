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

/**
 * A text field's own value, committed to `commit` once typing pauses for `delayMs`. Filtering 100,000
 * devices costs tens of milliseconds: doing it on every keystroke makes typing lag. An outside change of
 * `value` (Escape, a shortcut clearing the filter) is taken over at once.
 */
export function useDebouncedText(
  value: string,
  commit: (text: string) => void,
  delayMs = 150,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    // The store changed under us (not by this field): show the store's value.
    setCommitted(value);
    setText(value);
  }
  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => {
      setCommitted(text);
      commit(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, commit, delayMs]);
  return [text, setText];
}
