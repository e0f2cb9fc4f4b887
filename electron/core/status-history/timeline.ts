// One device's timeline over a window, from what the store holds: its transitions in the window, the
// console's gaps, and its status now. Pure: the detail panel's bars, uptime and flapping come from here.
//
// The status at the window's start is the `from` of the first transition inside it (or the status now
// when nothing changed), so only the window's days are read, never older history.

import type { Gap, RecordedStatus, Transition } from './records.js';
import { FLAP_TRANSITIONS, FLAP_WINDOW_MS } from './status-index.js';

export type BarStatus = RecordedStatus | 'unknown';

export interface TimelineBar {
  start: number;
  end: number;
  status: BarStatus;
}

export interface Timeline {
  from: number;
  to: number;
  bars: TimelineBar[];
  /** Share of the known time (gaps excluded) the device was online or busy, 0–100; null: nothing known. */
  uptimePercent: number | null;
  transitions: Transition[];
  /** ≥ FLAP_TRANSITIONS transitions within any hour of the window. */
  flapping: boolean;
}

/**
 * `current`: the device's status now (null: not in the account). `transitions`: this device's, in the
 * window, oldest first. A device first seen inside the window is unknown before that. `knownFrom`: before
 * it nothing was seen (the history's first record, or a "since at least" that is only when the console
 * first saw the device): unknown, not the first status seen stretched back over the whole window.
 */
export function buildTimeline(
  from: number,
  to: number,
  current: RecordedStatus | null,
  transitions: readonly Transition[],
  gaps: readonly Gap[],
  knownFrom: number = from,
): Timeline {
  const inWindow = transitions.filter((t) => t.at >= from && t.at <= to);
  const runs: TimelineBar[] = [];
  let status: BarStatus | null = inWindow.length > 0 ? (inWindow[0] as Transition).from : current;
  let start = from;
  for (const t of inWindow) {
    if (t.at > start) runs.push({ start, end: t.at, status: status ?? 'unknown' });
    status = t.to;
    start = t.at;
  }
  if (to > start) runs.push({ start, end: to, status: status ?? 'unknown' });

  const unseen = knownFrom > from ? [{ start: from, end: Math.min(knownFrom, to) }] : [];
  const bars = overlayGaps(runs, [...unseen, ...gaps], to);
  let known = 0;
  let up = 0;
  for (const b of bars) {
    if (b.status === 'unknown') continue;
    known += b.end - b.start;
    if (b.status === 'online' || b.status === 'busy') up += b.end - b.start;
  }
  return {
    from,
    to,
    bars,
    uptimePercent: known > 0 ? Math.round((up / known) * 1000) / 10 : null,
    transitions: inWindow,
    flapping: hasFlapping(inWindow),
  };
}

function overlayGaps(
  runs: TimelineBar[],
  gaps: ReadonlyArray<Pick<Gap, 'start' | 'end'>>,
  to: number,
): TimelineBar[] {
  const sorted = gaps.map((g) => ({ start: g.start, end: g.end ?? to })).sort((a, b) => a.start - b.start);
  const out: TimelineBar[] = [];
  const push = (bar: TimelineBar) => {
    if (bar.end <= bar.start) return;
    const last = out[out.length - 1];
    if (last && last.status === bar.status && last.end === bar.start) last.end = bar.end;
    else out.push(bar);
  };
  for (const run of runs) {
    let cursor = run.start;
    for (const g of sorted) {
      if (g.end <= cursor || g.start >= run.end) continue;
      push({ start: cursor, end: Math.max(cursor, g.start), status: run.status });
      push({ start: Math.max(cursor, g.start), end: Math.min(run.end, g.end), status: 'unknown' });
      cursor = Math.min(run.end, g.end);
    }
    push({ start: cursor, end: run.end, status: run.status });
  }
  return out;
}

function hasFlapping(transitions: readonly Transition[]): boolean {
  for (let i = FLAP_TRANSITIONS - 1; i < transitions.length; i++) {
    const first = transitions[i - FLAP_TRANSITIONS + 1] as Transition;
    if ((transitions[i] as Transition).at - first.at <= FLAP_WINDOW_MS) return true;
  }
  return false;
}
