// What the Overview chart draws of a series: from where the console's record begins. A history hours old
// on a 24-hour axis was a sliver at the right edge (minutes old: one dot per series); drawn from its first
// known point it is a line across the chart, and the caption says since when (chartSince).

import type { HistorySeries } from '../../shared/ipc/contract.js';

export interface ChartSeries {
  series: HistorySeries;
  /** When the drawn part begins, if later than the window's start (null: the whole window). */
  recordedSince: number | null;
}

export function knownPart(series: HistorySeries): ChartSeries {
  const first = series.t.findIndex(
    (_, i) => series.online[i] !== null || series.offline[i] !== null || series.busy[i] !== null,
  );
  if (first <= 0) return { series, recordedSince: null };
  return {
    series: {
      t: series.t.slice(first),
      online: series.online.slice(first),
      offline: series.offline.slice(first),
      busy: series.busy.slice(first),
    },
    recordedSince: series.t[first]!,
  };
}
