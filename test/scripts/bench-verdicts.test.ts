// How the bench judges and reports (test/bench/figures.ts, options.ts): a figure meets its floor only when
// every run does; floors exist at 100,000 and 300,000 devices only, so the 10,000-device smoke run in
// `npm test` gives no verdicts and no growth line; the command line is read before anything is built.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIGURES, figureResult, floorAt, printGrowth, printTable, type Results } from '../bench/figures.js';
import { defaultResultsFile, parseBenchArgs } from '../bench/options.js';

const root = path.resolve(import.meta.dirname, '../..');
const KEYS = Object.keys(FIGURES);

function results(devices: number, figures: Record<string, number[]>): Results {
  const r: Results = { devices, cpu: 'test', node: 'v0', load: { start: [0], end: [0] }, date: '' };
  for (const [key, runs] of Object.entries(figures))
    r[key] = figureResult(
      key as keyof typeof FIGURES,
      devices,
      runs,
      runs.map(() => 1),
    );
  return r;
}

function printed(print: () => void): string {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  print();
  const text = log.mock.calls.map((c) => c.join(' ')).join('\n');
  log.mockRestore();
  return text;
}

afterEach(() => vi.restoreAllMocks());

describe('bench verdicts', () => {
  it('misses a floor when one run of three misses it, whatever the median', () => {
    const r = figureResult('first_sync_max_stall_ms', 100_000, [30, 40, 61], [1, 2, 3]);
    expect(r).toMatchObject({ median: 40, worst: 61, floor: 50, meets: false, load: [1, 2, 3] });
    expect(figureResult('first_sync_max_stall_ms', 100_000, [30, 40, 50], [1, 1, 1]).meets).toBe(true);
    // Higher is better: the worst run is the lowest.
    expect(figureResult('decode_vs_fxp_ratio', 100_000, [5, 6, 3.9], [1, 1, 1]).meets).toBe(false);
  });

  it('holds the floors of issue 21 at 100k and 300k, and none at other sizes', () => {
    expect(floorAt('first_click_sort_p95_ms', 100_000)).toBe(100);
    expect(floorAt('first_click_sort_p95_ms', 300_000)).toBe(150);
    expect(floorAt('export_max_long_task_ms', 100_000)).toBe(50);
    expect(floorAt('memory_after_interactions_mb', 300_000)).toBe(1000);
    expect(floorAt('scroll_max_long_task_ms', 100_000)).toBe(0);
    expect(floorAt('export_100k_ms', 300_000)).toBe(6000);
    for (const key of KEYS) expect(floorAt(key as keyof typeof FIGURES, 10_000), key).toBeNull();
  });

  it('prints no verdict, no miss and no growth line at the smoke size', () => {
    const smoke = results(10_000, { first_sync_max_stall_ms: [500], memory_mb: [900] });
    const table = printed(() => printTable(smoke));
    expect(table).not.toMatch(/MISSES|meets/);
    expect(table).toMatch(/checks that every scenario completes/);
    const committed = results(100_000, { first_sync_max_stall_ms: [40], memory_mb: [450] });
    expect(printed(() => printGrowth(smoke, committed))).toBe('');
    expect(printed(() => printGrowth(results(300_000, { memory_mb: [900] }), committed))).toMatch(
      /Growth from 100,000 to 300,000 devices/,
    );
    expect(printed(() => printTable(committed))).toMatch(/first_sync_max_stall_ms .* meets/);
  });
});

describe('bench command line', () => {
  it('names the results file by size', () => {
    expect(defaultResultsFile('/r', 100_000)).toBe('/r/bench/results.json');
    expect(defaultResultsFile('/r', 300_000)).toBe('/r/bench/results-300k.json');
    expect(defaultResultsFile('/r', 12_345)).toBe('/r/bench/results-12345.json');
  });

  it('refuses an unknown option in a sentence with the usage', () => {
    expect(() => parseBenchArgs(['--bogus'], KEYS)).toThrow(/Unknown option '--bogus'[\s\S]*--devices N/);
    expect(parseBenchArgs(['--help'], KEYS).help).toBe(true);
    expect(() => parseBenchArgs(['--only', 'memory_mb'], KEYS)).toThrow(/needs --out/);
  });

  it('answers `npm run bench -- --help` at once, without building', () => {
    const out = execFileSync('bash', ['scripts/bench.sh', '--help'], { cwd: root, encoding: 'utf8' });
    // The usage is all it prints: a build (which logs) never started.
    expect(out).toMatch(/^npm run bench \[-- options\]/);
    expect(out).toMatch(/results-300k\.json/);
    const bad = spawnSync('bash', ['scripts/bench.sh', '--bogus'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/bench: Unknown option '--bogus'/);
  });
});
