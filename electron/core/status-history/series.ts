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
 *
 * Besides the evenly spaced points, one where the known time begins and one at each edge of a gap: a
 * history minutes old (the first day of use) otherwise fell between two points and was drawn as one dot
 * per series at "now", and a line stopped up to a point short of a gap.
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
  const times = new Set<number>();
  for (let p = 0; p < points; p++) times.add(from + p * step);
  for (const edge of [knownFrom, ...gaps.flatMap((g) => [g.start, g.end])])
    if (edge !== null && edge > from && edge < to) times.add(edge);
  for (const at of [...times].sort((a, b) => b - a)) {
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
