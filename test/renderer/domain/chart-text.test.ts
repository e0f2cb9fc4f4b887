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

  it('names the zone on the axis only when the display clock is not this computer’s', () => {
    setLanguage('ge');
    expect(timeAxisLabel()).toBeUndefined();
    setDisplayOffset(parseGmtOffset('(GMT+05:30)'));
    expect(timeAxisLabel()).toBe('Zeit (GMT+05:30)');
    expect(legendTime(AT)).toBe('21. Nov., 21:30');
    expect(legendTime(null)).toBe('—');
  });
});
