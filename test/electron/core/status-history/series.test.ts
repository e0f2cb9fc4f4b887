// The Overview chart's series: a history minutes old is drawn as a line from where it begins, not as one
// dot per series at "now"; a gap is a hole whose edges are points of the line.
import { describe, expect, it } from 'vitest';
import { statusSeries } from '../../../../electron/core/status-history/series.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const TO = Date.parse('2026-11-21T12:00:00Z');
const NOW = { online: 7, offline: 2, busy: 1 };

const known = (values: Array<number | null>) => values.filter((v) => v !== null).length;

describe('statusSeries', () => {
  it('draws a fresh history as a line from its first record to now (two points at least)', () => {
    const first = TO - 5 * MIN; // less than one 15-minute step of the day chart
    const s = statusSeries(NOW, [], TO - DAY, TO, 97, first);
    for (const series of [s.online, s.offline, s.busy]) expect(known(series)).toBe(2);
    expect(s.t.slice(-2)).toEqual([first, TO]);
    expect(s.online.slice(-2)).toEqual([7, 7]);
    // Times stay in order for the chart.
    expect(s.t.every((t, i) => i === 0 || t > s.t[i - 1]!)).toBe(true);
  });

  it('counts at the first record from the transitions after it', () => {
    const first = TO - 10 * MIN;
    const s = statusSeries(
      NOW,
      [{ deviceId: 'a', from: 'online', to: 'offline', at: TO - 2 * MIN, lastRefresh: null }],
      TO - DAY,
      TO,
      97,
      first,
    );
    expect(s.online.slice(-2)).toEqual([8, 7]);
    expect(s.offline.slice(-2)).toEqual([1, 2]);
  });

  it('ends the line at a gap and starts it again where the gap ends', () => {
    const gap = { start: TO - 100 * MIN, end: TO - 40 * MIN, reason: 'offline' as const };
    const s = statusSeries(NOW, [], TO - DAY, TO, 97, TO - DAY, [gap]);
    const at = (t: number) => s.online[s.t.indexOf(t)];
    expect(at(gap.start)).toBe(7);
    expect(at(gap.end)).toBe(7);
    expect(at(TO - 45 * MIN)).toBeNull(); // a regular point inside the gap
  });
});
