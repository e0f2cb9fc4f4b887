// `npm run bench [-- --devices N] [--runs R] [--out FILE] [--strict] [--only a,b --out FILE] [--help]`: the
// figures of issues 9, 12 and 21, each measured where its name says (see figures.ts), in Debian Chromium
// against the built browser host and the stand-in service, each in its own process. Needs `npm run build`
// first and the Secret Service (scripts/bench.sh, the npm script, reads the options, builds, and runs this
// inside scripts/with-keyring.sh).
//
// Writes bench/results.json at 100,000 devices (committed: the figures of this machine), bench/results-300k.json
// at 300,000, otherwise bench/results-N.json; --out overrides. A figure meets its floor only when every run
// meets it. At a size without floors (the 10,000-device smoke run in `npm test`) nothing is judged: it checks
// that every scenario completes. Exit code 1 only with --strict and a missed floor.
// --only measures just the named figures (the first sync always runs: every other figure starts from it)
// and needs --out, so a partial run never replaces bench/results.json.
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { format, resolveConfig } from 'prettier';
import { fetchDevicesDocument, measureDecode } from './decode.js';
import {
  FIGURES,
  PENDING,
  figureResult,
  hasFloors,
  machine,
  percentile,
  printGrowth,
  printTable,
  type FigureKey,
  type FigureResult,
  type Results,
} from './figures.js';
import { measureCli } from './cli.js';
import { measureHistory } from './history.js';
import { USAGE, defaultResultsFile, parseBenchArgs, type BenchOptions } from './options.js';
import { ROOT, startHostProcess, startServiceProcess } from './processes.js';
import * as scenario from './scenarios.js';
import { WORK_FIGURES } from './work-figures.js';
import { workFigures } from './work-scenarios.js';
import { twoAccountsMemory } from './two-accounts.js';

/** Event names in order, a run of the same one as `name ×n`. */
function runsOf(names: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < names.length;) {
    let j = i;
    while (names[j] === names[i]) j++;
    out.push(j - i > 1 ? `${names[i]} ×${j - i}` : names[i]!);
    i = j;
  }
  return out.join(' ');
}

let options: BenchOptions;
try {
  options = parseBenchArgs(process.argv.slice(2), Object.keys(FIGURES));
} catch (error) {
  console.error(`bench: ${(error as Error).message}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const { devices, runs, only } = options;
/** Whether any of `keys` is to be measured in this run. */
const wanted = (...keys: FigureKey[]) => !only || keys.some((k) => only.has(k));
const WORK_KEYS = Object.keys(WORK_FIGURES) as FigureKey[];
const COMMITTED = path.join(ROOT, 'bench/results.json');
const out = options.out ?? defaultResultsFile(ROOT, devices);
// Generous for a busy 2-core machine; a figure that takes this long has failed anyway.
const timeoutMs = 60_000 + devices;

const builtRenderer = path.join(ROOT, 'dist/renderer');
if (!existsSync(path.join(builtRenderer, 'index.html')) || !existsSync(path.join(ROOT, 'dist/host'))) {
  throw new Error('The app is not built: run `npm run build` first (`npm run bench` does).');
}
if (process.env.SUPPORT_CONSOLE_SECRET_SERVICE !== 'available') {
  throw new Error('The bench signs in through the keychain: run it as `bash scripts/with-keyring.sh …`.');
}

const loadStart = os.loadavg().map((l) => Number(l.toFixed(2)));
console.log(`bench: ${devices.toLocaleString('en-US')} devices, ${runs} run(s), load ${loadStart.join(' ')}`);
// The hosts serve a copy, so a build started meanwhile cannot pull the renderer away mid-run.
const rendererDir = await mkdtemp(path.join(tmpdir(), 'sc-bench-renderer-'));
await cp(builtRenderer, rendererDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    // Diagnostics: more flags for one run (e.g. --js-flags=--max-semi-space-size=8).
    ...(process.env.BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
  ],
});

const samples: Partial<Record<FigureKey, number[]>> = {};
const loads: Partial<Record<FigureKey, number[]>> = {};
const record = (key: FigureKey, value: number, load: number) => {
  (samples[key] ??= []).push(value);
  (loads[key] ??= []).push(load);
};
let query = '';
/** Each run's 1-, 5- and 15-minute load averages when it started. */
const runLoads: number[][] = [];

try {
  for (let run = 0; run < runs; run++) {
    const averages = os.loadavg().map((l) => Number(l.toFixed(2)));
    runLoads.push(averages);
    const load = averages[0]!;
    console.log(`\nrun ${run + 1}/${runs} (load ${averages.join(' ')})`);
    let lap = Date.now();
    const step = (what: string) => {
      console.log(`  ${what}: ${((Date.now() - lap) / 1000).toFixed(1)} s`);
      lap = Date.now();
    };
    const service = await startServiceProcess(devices);
    step('service started');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-bench-app-'));
    try {
      if (run === 0 && wanted('decode_mb_per_s', 'decode_vs_fxp_ratio', 'search_p95_ms', ...WORK_KEYS)) {
        const xml = await fetchDevicesDocument(service.baseUrl);
        console.log(`  devices document: ${(Buffer.byteLength(xml) / 1e6).toFixed(1)} MB`);
        // ≥ 3 samples even for a single run: decoding is cheap next to a browser run.
        const decode = measureDecode(xml, devices, Math.max(3, runs));
        for (const d of decode.runs) {
          record('decode_mb_per_s', d.mbPerS, load);
          record('decode_vs_fxp_ratio', d.ratio, load);
        }
        // A realistic query: the full name of one device, as a customer reads it out.
        const all = decode.devices;
        query = all[Math.floor(all.length * 0.37)]!.name!.toLowerCase();
        // A step of its own: at 300,000 devices the decode figures take over a minute, which the first
        // sync's step time printed next used to include.
        step(`decode (search query "${query}")`);
      }
      const host = await startHostProcess({ dataDir, rendererDir, serviceUrl: service.baseUrl });
      const { context, page } = await scenario.newProbedPage(browser);
      try {
        const sync = await scenario.firstSync(host, page, service, dataDir, timeoutMs);
        record('first_sync_max_stall_ms', sync.syncStallMs, load);
        step(`first sync (sign-in's own stall, not counted: ${sync.signInStallMs.toFixed(0)} ms)`);
        if (wanted('idle_poll_max_stall_ms', 'idle_poll_renderer_bytes')) {
          const idle = await scenario.idlePolls(host, 3);
          record('idle_poll_max_stall_ms', idle.stallMs, load);
          record('idle_poll_renderer_bytes', idle.bytes, load);
          step(
            `idle polls (events sent: ${idle.events.map((e) => runsOf(e) || 'none').join(' / ')}; ` +
              `host CPU: ${idle.cpuMs.map((ms) => `${Math.round(ms)} ms`).join(' / ')})`,
          );
        }
        if (wanted('first_click_sort_p95_ms')) {
          // On a page of its own, opened now: nothing in it has been sorted, nothing warmed.
          const clicks = await scenario.firstClicks(browser, host, page, timeoutMs);
          record('first_click_sort_p95_ms', percentile(Object.values(clicks), 95), load);
          const each = Object.entries(clicks).map(([column, ms]) => `${column} ${ms.toFixed(0)}`);
          step(`first clicks, fresh page (ms: ${each.join(', ')})`);
        }
        if (wanted('search_p95_ms')) {
          const keystrokes = await scenario.search(page, query, timeoutMs);
          record('search_p95_ms', percentile(keystrokes, 95), load);
          step(`search (${keystrokes.length} keystrokes timed)`);
        }
        if (wanted('sort_p95_ms')) {
          const clicks = await scenario.sort(page, timeoutMs);
          record('sort_p95_ms', percentile(clicks, 95), load);
          step(`sort (${clicks.length} clicks timed)`);
        }
        if (wanted('delta_max_long_task_ms')) {
          record('delta_max_long_task_ms', await scenario.delta(page, host, service, timeoutMs), load);
          step('delta');
        }
        if (wanted('scroll_p95_frame_ms', 'scroll_max_long_task_ms')) {
          const scrolled = await scenario.scroll(page);
          record('scroll_p95_frame_ms', scrolled.p95FrameMs, load);
          record('scroll_max_long_task_ms', scrolled.maxLongTaskMs, load);
          step('scroll');
        }
        // Read at once after the interactions, then again after a pause: what the user's machine holds
        // while working, and what it settles to.
        if (wanted('memory_after_interactions_mb'))
          record('memory_after_interactions_mb', await scenario.memory(browser, host, 0), load);
        if (wanted('memory_mb')) record('memory_mb', await scenario.memory(browser, host, 2000), load);
        if (wanted(...WORK_KEYS)) {
          const work = await workFigures(page, host, service, query, devices, timeoutMs);
          for (const [key, value] of Object.entries(work)) record(key as FigureKey, value, load);
          step('saved views, palette, export');
        }
      } finally {
        await context.close();
        await host.close(); // saves the offline copy
      }
      // The same account started again on its warm offline copy, with the service gone: the first rows
      // can only come from the copy (with the service up, a fast enough sync could paint them instead).
      await service.stop();
      if (wanted('first_rows_from_cache_ms')) {
        const { context: again, page: cachePage } = await scenario.newProbedPage(browser);
        const restarted = await startHostProcess({ dataDir, rendererDir, serviceUrl: service.baseUrl });
        try {
          const firstRows = await scenario.firstRowsFromCache(cachePage, restarted, timeoutMs);
          record('first_rows_from_cache_ms', firstRows, load);
          step(
            `first rows from the offline copy (host listening after ${restarted.readyAt - restarted.spawnedAt} ms)`,
          );
        } finally {
          await again.close();
          await restarted.close();
        }
      }
      // Two accounts of half the devices each, in a host of their own (issue 28).
      if (wanted('two_accounts_100k_memory_mb')) {
        record(
          'two_accounts_100k_memory_mb',
          await twoAccountsMemory(browser, rendererDir, devices, timeoutMs),
          load,
        );
        step('two accounts');
      }
      const done = (Object.keys(samples) as FigureKey[]).map((k) => `${k} ${samples[k]!.at(-1)!.toFixed(1)}`);
      console.log(`  ${done.join(', ')}`);
    } finally {
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
  await rm(rendererDir, { recursive: true, force: true });
}

// The status history's figures (issue 11): Node against the store on disk, no browser (history.ts).
if (wanted('history_append_1000_ms', 'history_query_offline_2d_ms', 'history_disk_30d_mb')) {
  const historyLoad = Number(os.loadavg()[0]!.toFixed(2));
  for (const [key, values] of Object.entries(await measureHistory(devices, runs)))
    for (const value of values) record(key as FigureKey, value, historyLoad);
}

// The command line's figures (issue 27): the built CLI spawned against a synced copy (cli.ts).
if (wanted('cli_csv_100k_ms', 'cli_query_100k_ms')) {
  const cliLoad = Number(os.loadavg()[0]!.toFixed(2));
  for (const [key, values] of Object.entries(await measureCli(devices, runs)))
    for (const value of values) record(key as FigureKey, value, cliLoad);
}

const results: Results = {
  devices,
  ...machine(),
  load: { start: loadStart, end: os.loadavg().map((l) => Number(l.toFixed(2))) },
  runLoads,
  date: new Date().toISOString(),
};
for (const key of Object.keys(FIGURES) as FigureKey[]) {
  const values = samples[key];
  if (only && !values?.length) continue;
  if (!values?.length) throw new Error(`${key} was not measured`);
  results[key] = figureResult(key, devices, values, loads[key]!);
}
for (const [key, why] of only ? [] : Object.entries(PENDING)) {
  results[key] = { min: null, median: null, floor: null, meets: null, pending: why } satisfies FigureResult;
}
await mkdir(path.dirname(out), { recursive: true });
// Formatted as `npm run lint` (prettier --check) expects a committed file to be.
const prettierOptions = (await resolveConfig(out)) ?? {};
await writeFile(out, await format(JSON.stringify(results), { ...prettierOptions, parser: 'json' }));
printTable(results);
console.log(`\nwritten: ${path.relative(ROOT, out)}`);
if (out !== COMMITTED && existsSync(COMMITTED)) {
  printGrowth(results, JSON.parse(readFileSync(COMMITTED, 'utf8')) as Results);
}
if (!hasFloors(devices)) {
  console.log(
    `\nCompletes-check at ${devices.toLocaleString('en-US')} devices: every scenario ran; no floor applies at this size.`,
  );
} else {
  const missed = (Object.keys(FIGURES) as FigureKey[]).filter(
    (k) => (results[k] as FigureResult | undefined)?.meets === false,
  );
  if (missed.length)
    console.log(`\n${missed.length} floor(s) missed (in at least one run): ${missed.join(', ')}`);
  else console.log('\nEvery floor met in every run.');
  if (options.strict && missed.length) process.exitCode = 1;
}
