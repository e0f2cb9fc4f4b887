// The scenarios of issue 12's figures (work-figures.ts), on the page the other scenarios used: 20 saved
// views' live counts after a poll, the Ctrl+K palette per keystroke, and an export of every device to CSV.
// Timed with the same probes (page-probes.ts): long tasks, the input's own timeStamp, painted frames.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ControlClient } from '../e2e/support/control.js';
import { percentile } from './figures.js';
import type { BenchHost, BenchService } from './processes.js';
import type { WorkFigureKey } from './work-figures.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settle = (page: Page, minMs: number) => page.evaluate((m) => window.__bench.quiet(m, 500), minMs);

const group = (op: 'and' | 'or', conditions: object[]) => ({ kind: 'group', op, conditions });
const status = (...values: string[]) => ({ kind: 'status', in: values });

/** 20 views of the kinds a technician keeps: statuses, aliases, hardware, network, age, combinations. */
export function twentyViews(): object[] {
  const wheres = [
    group('and', [status('busy')]), // the one the scenario waits on: it must stay first
    group('and', [status('online')]),
    group('and', [status('offline')]),
    group('or', [status('online'), status('busy')]),
    group('and', [{ kind: 'alias', empty: true }]),
    group('and', [{ kind: 'alias', empty: false }]),
    group('and', [{ kind: 'ramBelow', mb: 4096 }]),
    group('and', [{ kind: 'ramBelow', mb: 8192 }]),
    group('and', [{ kind: 'freeSpaceBelow', percent: 10 }]),
    group('and', [{ kind: 'freeSpaceBelow', percent: 30 }]),
    group('and', [{ kind: 'ip', range: '10.0.0.0/8' }]),
    group('and', [{ kind: 'ip', range: '192.168.' }]),
    group('and', [{ kind: 'statusOlderThan', minutes: 60 }]),
    group('and', [{ kind: 'folder', folderId: null, subtree: false }]),
    group('and', [status('offline'), { kind: 'statusOlderThan', minutes: 1440 }]),
    group('and', [status('online'), { kind: 'ramBelow', mb: 4096 }]),
    group('or', [
      { kind: 'alias', empty: true },
      { kind: 'freeSpaceBelow', percent: 15 },
    ]),
    group('and', [status('busy', 'offline'), { kind: 'ip', range: '10.0.0.0/8' }]),
    group('and', [{ kind: 'text', query: 'desk' }]),
    group('and', [{ kind: 'not', condition: status('online') }]),
  ];
  return wheres.map((where, i) => ({
    id: `bench-view-${i + 1}`,
    name: `Bench view ${i + 1}`,
    search: '',
    where,
    sort: { key: 'name', direction: 'asc' },
    columns: [],
  }));
}

async function viewCounts(page: Page): Promise<Array<number | null>> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.saved-views .view-count')].map((el) => {
      const digits = (el.textContent ?? '').replace(/\D/g, '');
      return digits ? Number(digits) : null;
    }),
  );
}

/**
 * views_20_update_ms: 20 saved views with their counts in the sidebar; the devices on screen turn busy on
 * the service, a poll brings it; the longest long task until the "busy" view counts them, +1 s.
 */
export async function viewsUpdate(page: Page, host: BenchHost, service: BenchService, timeoutMs: number) {
  await host.invoke('views:save', { views: twentyViews() });
  await page.reload();
  await page.waitForFunction(
    () => {
      const counts = [...document.querySelectorAll('.saved-views .view-count')];
      return counts.length === 20 && counts.every((c) => /\d/.test(c.textContent ?? ''));
    },
    null,
    { timeout: timeoutMs },
  );
  await settle(page, 1000);
  const before = await viewCounts(page);
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll('[role="grid"] .grid-body [role="row"]')].map((r) => ({
      id: r.id.replace(/^device-row-/, ''),
      busy: (r.querySelector('.col-status')?.className ?? '').includes('status-busy'),
    })),
  );
  const turning = rows.filter((r) => !r.busy).slice(0, 20);
  if (turning.length === 0) throw new Error('no device on screen to turn busy');
  const control = new ControlClient(service.baseUrl, service.controlToken);
  for (const r of turning) await control.setDeviceStatus(r.id, 'busy');
  const expected = before[0]! + turning.length;
  const from = await page.evaluate(() => performance.now());
  await host.invoke('sync:refresh', { datasets: ['devices'] });
  await page.waitForFunction(
    (want) => {
      const first = document.querySelector('.saved-views .view-count');
      return Number((first?.textContent ?? '').replace(/\D/g, '')) === want;
    },
    expected,
    { timeout: timeoutMs },
  );
  await sleep(1000);
  const maxLongTaskMs = await page.evaluate((f) => window.__bench.maxLongTask(f, performance.now()), from);
  const after = await viewCounts(page);
  const changed = after.filter((c, i) => c !== before[i]).length;
  return { maxLongTaskMs, changed };
}

/** The palette's answer as shown: how many results and the first five labels. */
function paletteSignature(): string {
  const list = document.querySelector('.palette-results');
  if (!list) return 'no palette';
  const options = [...list.querySelectorAll('[role="option"]')];
  return [options.length, ...options.slice(0, 5).map((o) => o.textContent)].join('|');
}

/** palette_p95_ms: Ctrl+K, then a device's name typed char by char, twice, after one calibrating pass. */
export async function palette(page: Page, query: string, timeoutMs: number): Promise<number[]> {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Command palette' });
  await box.waitFor({ timeout: timeoutMs });
  // tsx (esbuild, keepNames) wraps the named functions of the evaluated code in __name(): the page needs it.
  await page.evaluate(`window.__name = (f) => f; window.__paletteSignature = ${paletteSignature.toString()}`);
  const signature = () =>
    page.evaluate(() => (window as never as { __paletteSignature(): string }).__paletteSignature());
  const expected: string[] = [];
  for (let k = 1; k <= query.length; k++) {
    await box.fill(query.slice(0, k));
    await settle(page, 500);
    expected.push(await signature());
  }
  const samples: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    await box.fill('');
    await settle(page, 500);
    let previous = await signature();
    for (let k = 0; k < query.length; k++) {
      const target = expected[k]!;
      if (target === previous) {
        await page.keyboard.press(query[k]!);
        await settle(page, 300);
        continue;
      }
      await page.evaluate(
        ({ t, ms }) => {
          const w = window as never as { __paletteSignature(): string; __palettePending: Promise<number> };
          window.__bench.inputAt = null;
          const deadline = performance.now() + ms;
          w.__palettePending = new Promise<number>((resolve, reject) => {
            const check = () => {
              if (w.__paletteSignature() === t) {
                const channel = new MessageChannel();
                channel.port1.onmessage = () => resolve(performance.now());
                channel.port2.postMessage(null);
              } else if (performance.now() > deadline) reject(new Error(`the palette never showed ${t}`));
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          });
          w.__palettePending.catch(() => undefined);
        },
        { t: target, ms: timeoutMs },
      );
      await page.keyboard.press(query[k]!);
      samples.push(
        await page.evaluate(async () => {
          const w = window as never as { __palettePending: Promise<number> };
          const paintedAt = await w.__palettePending;
          if (window.__bench.inputAt === null) throw new Error('no keydown reached the page');
          return paintedAt - window.__bench.inputAt;
        }),
      );
      previous = target;
    }
  }
  await page.keyboard.press('Escape');
  await box.waitFor({ state: 'detached', timeout: timeoutMs });
  return samples;
}

/** export_100k_ms: "Export CSV" of every device; the time to the download and the longest long task. */
export async function exportAll(page: Page, devices: number, timeoutMs: number) {
  // The view shows every device: no saved view, no folder, no search (the earlier scenarios cleared it).
  await page
    .getByRole('button', { name: /^All devices/ })
    .first()
    .click();
  await settle(page, 500);
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      (e) => {
        if (e.target instanceof HTMLAnchorElement && e.target.download)
          (window as never as { __exportAt: number }).__exportAt = performance.now();
      },
      { capture: true },
    );
  });
  const download = page.waitForEvent('download', { timeout: timeoutMs });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const { ms, longTask } = await page.evaluate(() => {
    const at = (window as never as { __exportAt: number }).__exportAt;
    const from = window.__bench.inputAt!;
    return { ms: at - from, longTask: window.__bench.maxLongTask(from, at) };
  });
  const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l.length > 0).length;
  // A header line and one per device: an export of fewer rows would time the wrong thing.
  if (lines !== devices + 1) throw new Error(`the export held ${lines - 1} rows, not ${devices}`);
  return { ms, longTask };
}

/** All of them, in order, on a page the other scenarios left on the devices screen. */
export async function workFigures(
  page: Page,
  host: BenchHost,
  service: BenchService,
  query: string,
  devices: number,
  timeoutMs: number,
): Promise<Partial<Record<WorkFigureKey, number>>> {
  const views = await viewsUpdate(page, host, service, timeoutMs);
  console.log(`  saved views: ${views.changed} of 20 counts changed after the poll`);
  const keystrokes = await palette(page, query, timeoutMs);
  console.log(`  palette: ${keystrokes.length} keystrokes timed`);
  const exported = await exportAll(page, devices, timeoutMs);
  console.log(`  export: ${devices} rows in ${exported.ms.toFixed(0)} ms`);
  return {
    views_20_update_ms: views.maxLongTaskMs,
    palette_p95_ms: percentile(keystrokes, 95),
    export_100k_ms: exported.ms,
    export_max_long_task_ms: exported.longTask,
  };
}
