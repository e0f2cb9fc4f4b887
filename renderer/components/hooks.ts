import { useEffect, useRef, useState } from 'react';
import { useStores, useUi } from '../state/context.js';
import type { UiCommand } from '../state/ui-store.js';

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
 * A text field's own value, committed to `commit` as the user types. Search answers on every keystroke
 * while that is fast (the device index makes it a few milliseconds at 100,000 devices, and refining a
 * search only re-checks the previous matches); only when the last commit took longer than the keystroke budget
 * to come back as `value` does the next one wait for a pause in typing, for about as long as that commit
 * took (at most `maxDelayMs`). An outside change of `value` (Escape, a shortcut clearing the filter) is
 * taken over at once.
 */
export function useDebouncedText(
  value: string,
  commit: (text: string) => void,
  maxDelayMs = 150,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const cost = useRef({ startedAt: 0, lastMs: 0 });
  if (value !== committed) {
    // The store changed under us (not by this field): show the store's value.
    setCommitted(value);
    setText(value);
  }
  useEffect(() => {
    // The committed text came back through the store: that round trip is what a keystroke costs.
    if (cost.current.startedAt && value === committed) {
      cost.current.lastMs = performance.now() - cost.current.startedAt;
      cost.current.startedAt = 0;
    }
  }, [value, committed]);
  useEffect(() => {
    if (text === committed) return;
    const run = () => {
      cost.current.startedAt = performance.now();
      setCommitted(text);
      commit(text);
    };
    const delay = cost.current.lastMs > KEYSTROKE_BUDGET_MS ? Math.min(cost.current.lastMs, maxDelayMs) : 0;
    if (delay === 0) {
      run();
      return;
    }
    const timer = setTimeout(run, delay);
    return () => clearTimeout(timer);
  }, [text, committed, commit, maxDelayMs]);
  return [text, setText];
}

/**
 * A keystroke that costs less than this is answered at once: the console's own budget for a keystroke to
 * be on screen (issue 9's search floor). Above it, answering every keystroke would queue work faster than
 * it is done, and the technician would watch the list lag behind the box.
 */
export const KEYSTROKE_BUDGET_MS = 50;

/** Runs `run` when the palette asks for `id` (at once, or when this control is drawn after a switch). */
export function useUiCommand(id: UiCommand, run: () => void): void {
  const stores = useStores();
  const command = useUi((s) => s.command);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (command?.id === id && stores.uiActions.consumeCommand(id)) latest.current();
  }, [command, id, stores]);
}
