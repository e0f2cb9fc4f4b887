// A device the console first saw 37 minutes ago has 37 minutes of history, not a day of "offline": the
// time before anything was seen is unknown, and uptime is counted over what was seen only.
import { describe, expect, it } from 'vitest';
import { buildTimeline } from '../../../../electron/core/status-history/timeline.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const TO = 1_800_000_000_000;
const FROM = TO - DAY;

describe('buildTimeline', () => {
  it('leaves the window before the first sight unknown', () => {
    const tl = buildTimeline(FROM, TO, 'offline', [], [], TO - 37 * MIN);
    expect(tl.bars).toEqual([
      { start: FROM, end: TO - 37 * MIN, status: 'unknown' },
      { start: TO - 37 * MIN, end: TO, status: 'offline' },
    ]);
    expect(tl.uptimePercent).toBe(0);
  });

  it('knows nothing when nothing was seen in the window', () => {
    const tl = buildTimeline(FROM, TO, 'online', [], [], TO);
    expect(tl.bars).toEqual([{ start: FROM, end: TO, status: 'unknown' }]);
    expect(tl.uptimePercent).toBeNull();
  });

  it('counts uptime over the seen part only', () => {
    const seen = TO - 60 * MIN;
    const tl = buildTimeline(
      FROM,
      TO,
      'online',
      [{ deviceId: '1', from: 'offline', to: 'online', at: TO - 15 * MIN, lastRefresh: null }],
      [],
      seen,
    );
    expect(tl.uptimePercent).toBe(25);
  });
});
