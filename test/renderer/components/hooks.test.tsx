// useDebouncedText: search answers every keystroke while a commit is cheap, and waits for a pause in
// typing only after one took longer than the keystroke budget.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYSTROKE_BUDGET_MS, useDebouncedText } from '../../../renderer/components/hooks.js';

let now = 0;
beforeEach(() => {
  now = 1000; // the hook treats a start time of 0 as "none"
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A search box whose commit "costs" `costMs` of the clock, as a 100,000-device query would. */
function SearchBox({ costMs, commits }: { costMs: number; commits: string[] }) {
  const [value, setValue] = useState('');
  const [text, setText] = useDebouncedText(value, (t) => {
    now += costMs;
    commits.push(t);
    setValue(t);
  });
  return <input aria-label="search" value={text} onChange={(e) => setText(e.target.value)} />;
}

function type(text: string) {
  fireEvent.change(screen.getByLabelText('search'), { target: { value: text } });
}

describe('useDebouncedText', () => {
  it('commits every keystroke at once while a commit costs less than the keystroke budget', () => {
    const commits: string[] = [];
    render(<SearchBox costMs={KEYSTROKE_BUDGET_MS - 10} commits={commits} />);
    for (const t of ['d', 'de', 'des']) type(t);
    expect(commits).toEqual(['d', 'de', 'des']);
  });

  it('after a commit over the budget, waits for a pause in typing about as long as it took', () => {
    const commits: string[] = [];
    render(<SearchBox costMs={80} commits={commits} />);
    type('d');
    expect(commits).toEqual(['d']);
    type('de');
    type('des');
    expect(commits).toEqual(['d']);
    act(() => vi.advanceTimersByTime(79));
    expect(commits).toEqual(['d']);
    act(() => vi.advanceTimersByTime(1));
    // One commit for the pause, with what was typed by then.
    expect(commits).toEqual(['d', 'des']);
  });
});
