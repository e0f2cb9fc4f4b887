// The Overview's chart of devices by status (uPlot: canvas, fast at 100k-device accounts since it draws the
// aggregated series, not rows). Every word and number on it is the chosen language's and every time is on
// the display clock (domain/chart-text.ts), not uPlot's English, this-computer defaults. The canvas is for
// the eye; its numbers are also a table under it (keys and screen readers reach a table, not a canvas).

import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
// uPlot's stylesheet is imported by main.tsx (see there).
import type { HistorySeries } from '../../shared/ipc/contract.js';
import { knownPart } from '../domain/chart-series.js';
import { displayTime } from '../domain/time-zone.js';
import { countTicks, legendCount, legendTime, timeAxisLabel, timeTicks } from '../domain/chart-text.js';
import { t } from '../i18n/index.js';
import { useLanguage } from '../i18n/use-language.js';

/** A CSS colour variable as the browser resolves it (light-dark() included), for the canvas. */
function cssColor(variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  document.body.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || '#888';
}

export function StatusChart({
  series,
  title,
  testId,
}: {
  series: HistorySeries;
  title: string;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const language = useLanguage();
  // Drawn from where the console's record begins (a history hours old was a sliver at the right edge).
  const { recordedSince } = knownPart(series);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let plot: { destroy(): void } | null = null;
    let live = true;
    // Loaded with the screen, not the app: uPlot reads the display at import, and only this screen needs it.
    void import('uplot').then(({ default: UPlot }) => {
      if (!live) return;
      plot = draw(UPlot, el, knownPart(series).series);
    });
    return () => {
      live = false;
      plot?.destroy();
    };
  }, [series, language]);
  return (
    <figure className="overview-chart" data-testid={testId}>
      <figcaption>
        {title}
        {recordedSince !== null && (
          <span className="hint">
            {' · '}
            {t('overview.chartSince', { time: displayTime(new Date(recordedSince), 'compact') })}
          </span>
        )}
      </figcaption>
      <div ref={ref} />
      <ChartValues series={knownPart(series).series} title={title} />
    </figure>
  );
}

/** The chart's points as rows, drawn only while opened (a week is two thousand of them). */
function ChartValues({ series, title }: { series: HistorySeries; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="chart-values" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('overview.chart.values')}</summary>
      {open && (
        // A scrolling region a keyboard can scroll: it takes focus and says what it holds.
        <div
          className="chart-values-scroll"
          role="region"
          tabIndex={0}
          aria-label={t('overview.chart.valuesRegion', { title })}
        >
          <table aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{t('overview.chart.time')}</th>
                <th scope="col">{t('status.online')}</th>
                <th scope="col">{t('status.offline')}</th>
                <th scope="col">{t('status.busy')}</th>
              </tr>
            </thead>
            <tbody>
              {series.t.map((at, i) => (
                <tr key={at}>
                  <th scope="row">{legendTime(at / 1000)}</th>
                  <td>{legendCount(series.online[i] ?? null)}</td>
                  <td>{legendCount(series.offline[i] ?? null)}</td>
                  <td>{legendCount(series.busy[i] ?? null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

function draw(UPlot: typeof uPlot, el: HTMLElement, series: HistorySeries) {
  const text = cssColor('--text');
  const grid = cssColor('--border');
  const axis = { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } };
  // Points too: an isolated known sample between unknown ones (a fresh history, a gap) has no line.
  const line = (label: string, variable: string): uPlot.Series => {
    const stroke = cssColor(variable);
    return {
      label,
      stroke,
      width: 2,
      points: { show: true, size: 4, stroke, fill: stroke },
      value: (_u, v) => legendCount(v),
    };
  };
  const timeLabel = timeAxisLabel();
  return new UPlot(
    {
      width: Math.max(300, el.clientWidth),
      height: 220,
      series: [
        { label: t('overview.chart.time'), value: (_u, v) => legendTime(v) },
        line(t('status.online'), '--online'),
        line(t('status.offline'), '--offline'),
        line(t('status.busy'), '--busy'),
      ],
      axes: [
        {
          ...axis,
          values: (_u, splits, _i, _space, increment) => timeTicks(splits, increment),
          ...(timeLabel ? { label: timeLabel } : {}),
        },
        { ...axis, label: t('overview.chart.devices'), values: (_u, splits) => countTicks(splits) },
      ],
    },
    [series.t.map((x) => x / 1000), series.online, series.offline, series.busy],
    el,
  );
}
