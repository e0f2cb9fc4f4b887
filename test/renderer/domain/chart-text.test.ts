// The Overview chart's words, numbers and times: the chosen language and the display clock, not uPlot's
// English defaults on this computer's clock.
import { afterEach, describe, expect, it } from 'vitest';
import { countTicks, legendTime, timeAxisLabel, timeTicks } from '../../../renderer/domain/chart-text.js';
import { parseGmtOffset, setDisplayOffset } from '../../../renderer/domain/time-zone.js';
import { setLanguage } from '../../../renderer/i18n/index.js';

const AT = Date.parse('2026-11-21T16:00:00Z') / 1000; // a Saturday

afterEach(() => {
  setLanguage('en');
  setDisplayOffset(null);
});

describe('chart text', () => {
  it('labels ticks in the chosen language: hours as a 24-hour clock in German, days by weekday', () => {
    setLanguage('ge');
    setDisplayOffset(parseGmtOffset('(GMT+01:00)'));
    expect(timeTicks([AT], 6 * 3600)).toEqual(['17:00']);
    expect(timeTicks([AT], 86_400)).toEqual(['Sa., 21.']);
    expect(countTicks([1500, 2.5])).toEqual(['1.500', '']);
  });

  it('tells ticks apart on a history minutes old: seconds when they are less than a minute apart', () => {
    setLanguage('en');
    setDisplayOffset(parseGmtOffset('(GMT+00:00)'));
    const ticks = timeTicks([AT, AT + 20, AT + 40], 20);
    expect(new Set(ticks).size).toBe(3);
    expect(ticks[1]).toMatch(/4:00:20\sPM/);
    expect(timeTicks([AT, AT + 60], 60)).toEqual(timeTicks([AT], 60).concat(timeTicks([AT + 60], 60)));
    expect(timeTicks([AT], 60)[0]).not.toMatch(/:00:00/);
  });

  it('names the zone on the axis only when the display clock is not this computer’s', () => {
    setLanguage('ge');
    expect(timeAxisLabel()).toBeUndefined();
    setDisplayOffset(parseGmtOffset('(GMT+05:30)'));
    expect(timeAxisLabel()).toBe('Zeit (GMT+05:30)');
    expect(legendTime(AT)).toBe('21. Nov., 21:30');
    expect(legendTime(null)).toBe('—');
  });
});
