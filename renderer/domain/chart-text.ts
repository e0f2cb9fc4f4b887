// The words and numbers of the Overview's status chart, in the chosen language and on the display clock
// (the one clock rule of time-zone.ts): uPlot's own defaults are English ("Time", "12am", US dates) and
// always this computer's clock. Kept apart from uPlot so it is tested without a canvas.

import { formatDate, formatNumber, t, type DateStyle } from '../i18n/index.js';
import { formatInOffset, getDisplayOffset } from './time-zone.js';

const DAY_S = 86_400;

/** An instant (uPlot's seconds) on the display clock, without naming the zone: the axis names it once. */
export function chartClock(seconds: number, style: DateStyle): string {
  const at = new Date(seconds * 1000);
  const offset = getDisplayOffset();
  return offset ? formatInOffset(at, offset, style) : formatDate(at, style);
}

/**
 * Tick labels of the time axis: times of day, with seconds when ticks are less than a minute apart (a
 * history minutes old would otherwise read "9:58, 9:58, 9:58"), or days once they are a day or more apart.
 */
export function timeTicks(splits: readonly number[], increment: number): string[] {
  const style: DateStyle = increment >= DAY_S ? 'day' : increment < 60 ? 'seconds' : 'time';
  return splits.map((s) => chartClock(s, style));
}

export function countTicks(splits: readonly number[]): string[] {
  return splits.map((s) => (Number.isInteger(s) ? formatNumber(s) : ''));
}

/** The time axis's label: the zone when the display clock is not this computer's, else none. */
export function timeAxisLabel(): string | undefined {
  const offset = getDisplayOffset();
  return offset ? t('overview.chart.timeIn', { zone: offset.label }) : undefined;
}

/** The legend's values: the hovered time (compact, display clock) and the counts. */
export function legendTime(seconds: number | null): string {
  return seconds === null ? t('common.none') : chartClock(seconds, 'compact');
}

export function legendCount(value: number | null): string {
  return value === null ? t('common.none') : formatNumber(value);
}
