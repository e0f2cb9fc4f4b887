// The figures of issue 12 (working at scale), kept apart from figures.ts so the two lists grow without
// touching each other; figures.ts spreads them into FIGURES. No imports: figures.ts loads this at start.
// Floors per size as in figures.ts (issue 21: at 300,000 devices the export writes 300,000 rows).

export type WorkFigureKey =
  'views_20_update_ms' | 'palette_p95_ms' | 'export_100k_ms' | 'export_max_long_task_ms';

export const WORK_FIGURES: Record<
  WorkFigureKey,
  { floor: { 100000: number; 300000: number } | null; better: 'lower' | 'higher'; unit: string; how: string }
> = {
  views_20_update_ms: {
    floor: { 100_000: 50, 300_000: 50 },
    better: 'lower',
    unit: 'ms',
    how: 'Chromium: longest long task from a devices poll that brings status changes until 20 saved views’ counts in the sidebar show them, +1 s; 0 = none',
  },
  palette_p95_ms: {
    floor: { 100_000: 50, 300_000: 80 },
    better: 'lower',
    unit: 'ms',
    how: 'Chromium: keydown timeStamp → first painted frame showing that query’s palette results, a device name typed char by char in the Ctrl+K palette',
  },
  export_100k_ms: {
    floor: { 100_000: 2000, 300_000: 6000 },
    better: 'lower',
    unit: 'ms',
    how: 'Chromium: mousedown on "Export CSV" → the CSV of every device handed to the download (all rows, default columns; at 300,000 devices all 300,000)',
  },
  export_max_long_task_ms: {
    floor: { 100_000: 50, 300_000: 50 },
    better: 'lower',
    unit: 'ms',
    how: 'Chromium: longest long task during that export (the UI stays responsive); 0 = none',
  },
};
