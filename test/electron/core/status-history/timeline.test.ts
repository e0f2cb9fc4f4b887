// One device's timeline, pure: bars from transitions and the console's gaps, and uptime as the share of
// the known time the device was reachable (online or busy: a busy device is in a session, not down).
import { describe, expect, it } from 'vitest';
import type { Transition } from '../../../../electron/core/status-history/records.js';
import { buildTimeline } from '../../../../electron/core/status-history/timeline.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

const change = (at: number, from: Transition['from'], to: Transition['to']): Transition => ({
  deviceId: 'a',
  from,
  to,
  at,
  lastRefresh: null,
});

describe('buildTimeline', () => {
  it('counts busy time as up: a device in a support session is reachable', () => {
    // 30 min online, 20 min busy, 10 min offline.
    const tl = buildTimeline(
      T0,
      T0 + HOUR,
      'offline',
      [change(T0 + 30 * MIN, 'online', 'busy'), change(T0 + 50 * MIN, 'busy', 'offline')],
      [],
    );
    expect(tl.bars.map((b) => [b.status, (b.end - b.start) / MIN])).toEqual([
      ['online', 30],
      ['busy', 20],
      ['offline', 10],
    ]);
    expect(tl.uptimePercent).toBe(83.3);
  });

  it('a device busy all window long is 100 % up, one offline all along 0 %', () => {
    expect(buildTimeline(T0, T0 + HOUR, 'busy', [], []).uptimePercent).toBe(100);
    expect(buildTimeline(T0, T0 + HOUR, 'offline', [], []).uptimePercent).toBe(0);
  });

  it('leaves the console’s gaps out of the share, and says nothing when nothing is known', () => {
    // Busy for the first half, then the console lost the service for the second half.
    const tl = buildTimeline(
      T0,
      T0 + HOUR,
      'busy',
      [],
      [{ start: T0 + 30 * MIN, end: null, reason: 'offline' }],
    );
    expect(tl.bars.map((b) => b.status)).toEqual(['busy', 'unknown']);
    expect(tl.uptimePercent).toBe(100);
    expect(buildTimeline(T0, T0 + HOUR, null, [], []).uptimePercent).toBeNull();
  });
});

// A device the console first saw 37 minutes ago has 37 minutes of history, not a day of "offline": the
// time before anything was seen is unknown, and uptime is counted over what was seen only.
describe('buildTimeline before the first sight', () => {
  const DAY = 24 * HOUR;
  const TO = 1_800_000_000_000;
  const FROM = TO - DAY;

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
    const tl = buildTimeline(FROM, TO, 'online', [change(TO - 15 * MIN, 'offline', 'online')], [], seen);
    expect(tl.uptimePercent).toBe(25);
  });
});
