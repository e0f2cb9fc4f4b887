// The account's online/offline/busy counts over time, for the Overview chart: from the counts now, walk
// the window's transitions backwards (undoing each) and sample at evenly spaced points. Only the window's
// days are read; nothing is stored per point.

import type { HistorySeries } from '../../../shared/ipc/contract.js';
import type { Gap, Transition } from './records.js';

type Counts = { online: number; offline: number; busy: number };
const tracked = (s: string | null): s is keyof Counts => s === 'online' || s === 'offline' || s === 'busy';

/**
 * `transitions`: all devices', within [from, to], any order. Points before `knownFrom` (the first record)
 * or inside one of the console's `gaps` are null: not known, drawn as a hole rather than as zero.
 */
export function statusSeries(
  now: Counts,
  transitions: readonly Transition[],
  from: number,
  to: number,
  points: number,
  knownFrom: number | null = from,
  gaps: readonly Gap[] = [],
): HistorySeries {
  const sorted = [...transitions].sort((a, b) => b.at - a.at);
  const counts = { ...now };
  const out: HistorySeries = { t: [], online: [], offline: [], busy: [] };
  let i = 0;
  const step = (to - from) / (points - 1);
  for (let p = points - 1; p >= 0; p--) {
    const at = from + p * step;
    for (; i < sorted.length && (sorted[i] as Transition).at > at; i++) {
      const t = sorted[i] as Transition;
      if (tracked(t.to)) counts[t.to]--;
      if (tracked(t.from)) counts[t.from]++;
    }
    out.t.push(Math.round(at));
    const unknown =
      knownFrom === null ||
      at < knownFrom ||
      gaps.some((g) => g.start < at && (g.end === null || at < g.end));
    out.online.push(unknown ? null : counts.online);
    out.offline.push(unknown ? null : counts.offline);
    out.busy.push(unknown ? null : counts.busy);
  }
  for (const key of ['t', 'online', 'offline', 'busy'] as const) out[key].reverse();
  return out;
}
