// One run of the browser and host figures against a fresh service + host + page. Each scenario says what
// it times; page-probes.ts says how "painted" is observed.
import { readdir, stat, writeFile as writeFileOut } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { ControlClient } from '../e2e/support/control.js';
import { approveOnAuthorizePage, DEMO } from '../e2e/support/console-app.js';
import { installProbes } from './page-probes.js';
import { percentile } from './figures.js';
import { residentByMapping } from './smaps.js';
import type { BenchHost, BenchService } from './processes.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function newProbedPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
  // As source: tsx (esbuild, keepNames) wraps named functions in __name(), which the page must have too.
  await context.addInitScript({ content: `var __name = (f) => f; (${installProbes.toString()})();` });
  return { context, page: await context.newPage() };
}

/** Resolves once the account's offline copy (picture.json) has been written at or after `since`. */
async function offlineCopyWritten(dataDir: string, since: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const accounts = path.join(dataDir, 'accounts');
    for (const dir of await readdir(accounts).catch(() => [])) {
      const info = await stat(path.join(accounts, dir, 'picture.json')).catch(() => null);
      if (info && info.mtimeMs >= since) return;
    }
    if (Date.now() > deadline) throw new Error(`no offline copy written within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** first_sync_max_stall_ms: sign-in completed in the host while the page is open and listening. */
export async function firstSync(
  host: BenchHost,
  page: Page,
  service: BenchService,
  dataDir: string,
  timeoutMs: number,
): Promise<{ syncStallMs: number; signInStallMs: number }> {
  await page.goto(host.launchUrl);
  const deadline = Date.now() + 30_000;
  while ((await host.call<number>('streams')) < 1) {
    if (Date.now() > deadline) throw new Error('the page never opened its event stream');
    await sleep(50);
  }
  const { authorizeUrl } = await host.invoke<{ authorizeUrl: string }>('auth:begin', {
    baseUrl: service.baseUrl,
    consumerKey: DEMO.consumerKey,
    consumerSecret: '',
  });
  const pin = await approveOnAuthorizePage(authorizeUrl, DEMO.email, DEMO.password);
  const since = Date.now();
  // The sign-in's own end (token exchange, keychain write) is timed apart: it is not the sync.
  const signIn = await host.window(async () => {
    await host.invoke('auth:complete', { pin });
  });
  const measured = await host.window(async () => {
    await Promise.all([
      page.waitForFunction(() => (window.__bench.firstRowsAt ?? 0) > 0, null, { timeout: timeoutMs }),
      host.settled(timeoutMs),
    ]);
    // The copy saved after the sync settled, the one that holds the devices: at 300,000 devices the other
    // datasets came first and were saved (3 s after them) before the devices had arrived, and the devices'
    // own save then fell into the idle polls measured next.
    await offlineCopyWritten(dataDir, Date.now(), timeoutMs);
    // The status history records the sync after it settled (sliced) and the page then pulls it: that is
    // the first sync's work too, and without this wait it ran into the idle polls measured next.
    await host.call('history-quiet', { quietMs: 1000, timeoutMs, after: since });
    await sleep(1000);
  });
  return { syncStallMs: measured.maxStallMs, signInStallMs: signIn.maxStallMs };
}

/**
 * idle_poll_max_stall_ms: the worst of `polls` devices polls. idle_poll_renderer_bytes: the fewest. A poll's
 * own events are the same every time, but another dataset's poll (sessions, every 15 s) can fall into a
 * window and add its own; the fewest bytes is the poll's own, unless every window caught another poll.
 */
export async function idlePolls(
  host: BenchHost,
  polls: number,
): Promise<{ stallMs: number; bytes: number; events: string[][]; cpuMs: number[] }> {
  let stallMs = 0;
  let bytes = Infinity;
  const events: string[][] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < polls; i++) {
    const measured = await host.window(async () => {
      await host.invoke('sync:refresh', { datasets: ['devices'] });
      await sleep(1000);
    });
    stallMs = Math.max(stallMs, measured.maxStallMs);
    bytes = Math.min(bytes, measured.eventBytes);
    events.push(measured.events);
    cpuMs.push(measured.cpuMs);
  }
  return { stallMs, bytes, events, cpuMs };
}

const settle = (page: Page, minMs: number) => page.evaluate((m) => window.__bench.quiet(m, 500), minMs);

/** Times each input of `steps` to the painted result; `expected` are the states a calibration pass saw. */
async function timedSteps(
  page: Page,
  steps: Array<() => Promise<void>>,
  expected: string[],
  before: string,
  timeoutMs: number,
): Promise<number[]> {
  const samples: number[] = [];
  let previous = before;
  for (let i = 0; i < steps.length; i++) {
    const target = expected[i]!;
    if (target === previous) {
      // Nothing on screen tells this input's answer apart from the last one: sent, not timed.
      await steps[i]!();
      await settle(page, 300);
      continue;
    }
    await page.evaluate(({ t, ms }) => window.__bench.arm(t, ms), { t: target, ms: timeoutMs });
    await steps[i]!();
    samples.push(await page.evaluate(() => window.__bench.armed()));
    previous = target;
  }
  return samples;
}

/** search_p95_ms: a device's name typed character by character, twice, after one calibrating pass. */
export async function search(page: Page, query: string, timeoutMs: number): Promise<number[]> {
  const box = page.getByRole('searchbox', { name: 'Search devices' });
  const clear = async () => {
    await box.fill('');
    return settle(page, 1000);
  };
  const empty = await clear();
  const expected: string[] = [];
  for (let k = 1; k <= query.length; k++) {
    await box.fill(query.slice(0, k));
    expected.push(await settle(page, 1000));
  }
  if (expected.at(-1) === empty) throw new Error(`searching "${query}" changed nothing on screen`);
  const keys = [...query].map((char) => () => page.keyboard.press(char));
  const samples: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    await box.fill('');
    await page.evaluate(({ t, ms }) => window.__bench.paintedWhen(t, ms), { t: empty, ms: timeoutMs });
    await box.focus();
    samples.push(...(await timedSteps(page, keys, expected, empty, timeoutMs)));
  }
  await clear();
  return samples;
}

/** sort_p95_ms: header clicks that come back to the starting order, twice, after one calibrating pass. */
export async function sort(page: Page, timeoutMs: number): Promise<number[]> {
  const grid = page.getByRole('grid', { name: 'Devices' });
  const columns = ['IP', 'IP', 'Status', 'Status', 'OS', 'OS', 'Name'];
  const clicks = columns.map(
    (name) => () =>
      grid.getByRole('columnheader', { name, exact: true }).getByRole('button').click({ timeout: timeoutMs }),
  );
  const start = await settle(page, 500);
  const expected: string[] = [];
  for (const click of clicks) {
    await click();
    expected.push(await settle(page, 1000));
  }
  if (expected.at(-1) !== start) throw new Error('the sort clicks did not come back to the starting order');
  const samples: number[] = [];
  for (let pass = 0; pass < 2; pass++)
    samples.push(...(await timedSteps(page, clicks, expected, start, timeoutMs)));
  return samples;
}

/**
 * first_click_sort_p95_ms: a page of its own (own browser context, so its renderer has sorted nothing and
 * warmed nothing), opened on the signed-in host with `signedIn`'s session cookie. Once its first rows are
 * painted and it has been quiet for 1 s, each sortable column header is clicked once, in the grid's order.
 * Each click is timed to the painted frame of the order it settles on (armSettled): calibrating it
 * beforehand would warm the very sort timed.
 */
export async function firstClicks(
  browser: Browser,
  host: BenchHost,
  signedIn: Page,
  timeoutMs: number,
): Promise<Record<string, number>> {
  const { context, page } = await newProbedPage(browser);
  try {
    // The launch address opens once: this page comes in on the first page's session cookie, as a second tab.
    await context.addCookies(await signedIn.context().cookies());
    await page.goto(new URL('/', host.launchUrl).href);
    await page.waitForFunction(() => (window.__bench.firstRowsAt ?? 0) > 0, null, { timeout: timeoutMs });
    await page.evaluate(() => window.__bench.quiet(1000, 1000));
    const headers = page.getByRole('grid', { name: 'Devices' }).getByRole('columnheader');
    const times: Record<string, number> = {};
    for (let i = 0, n = await headers.count(); i < n; i++) {
      const button = headers.nth(i).getByRole('button');
      if ((await button.count()) !== 1) continue; // not sortable (the selection column)
      const name = (await headers.nth(i).textContent())?.replace(/[▲▼]/g, '').trim() || `column ${i + 1}`;
      await page.evaluate((ms) => window.__bench.armSettled(1000, ms), timeoutMs);
      await button.click({ timeout: timeoutMs });
      times[name] = await page.evaluate(() => window.__bench.armed());
    }
    if (Object.keys(times).length < 2)
      throw new Error(`only ${Object.keys(times).length} sortable header(s)`);
    return times;
  } finally {
    await context.close();
  }
}

const NEXT_STATUS = { online: 'busy', offline: 'online', busy: 'offline' } as const;

/** delta_max_long_task_ms: 5 devices on screen change status on the service while the grid is sorted by IP. */
export async function delta(
  page: Page,
  host: BenchHost,
  service: BenchService,
  timeoutMs: number,
): Promise<number> {
  const grid = page.getByRole('grid', { name: 'Devices' });
  await grid.getByRole('columnheader', { name: 'IP', exact: true }).getByRole('button').click();
  await settle(page, 1500);
  const rows = await page.evaluate(() =>
    [...document.querySelectorAll('[role="grid"] .grid-body [role="row"]')]
      .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
      .slice(0, 5)
      .map((r) => ({
        domId: r.id,
        status:
          /status-(online|offline|busy)/.exec(r.querySelector('.col-status')?.className ?? '')?.[1] ?? '',
      })),
  );
  if (rows.length < 5 || rows.some((r) => !(r.status in NEXT_STATUS))) {
    throw new Error(`expected 5 rows with a known status, got ${JSON.stringify(rows)}`);
  }
  const changes = rows.map((r) => ({
    domId: r.domId,
    id: r.domId.replace(/^device-row-/, ''),
    status: NEXT_STATUS[r.status as keyof typeof NEXT_STATUS],
  }));
  const control = new ControlClient(service.baseUrl, service.controlToken);
  const from = await page.evaluate(() => performance.now());
  for (const c of changes) await control.setDeviceStatus(c.id, c.status);
  await host.invoke('sync:refresh', { datasets: ['devices'] });
  await page.waitForFunction(
    (cs) =>
      cs.every((c) => document.getElementById(c.domId)?.querySelector(`.col-status.status-${c.status}`)),
    changes,
    { timeout: timeoutMs },
  );
  await sleep(1000);
  return page.evaluate((f) => window.__bench.maxLongTask(f, performance.now()), from);
}

/** scroll_p95_frame_ms and scroll_max_long_task_ms: the grid dragged from top to bottom in 300 frames. */
export async function scroll(page: Page): Promise<{ p95FrameMs: number; maxLongTaskMs: number }> {
  await settle(page, 500);
  const run = await page.evaluate(() => window.__bench.scrollThrough(300));
  if (!run.reachedEnd) throw new Error('the scroll did not reach the last row');
  const maxLongTaskMs = await page.evaluate(({ s, e }) => window.__bench.maxLongTask(s, e), {
    s: run.start,
    e: run.end,
  });
  return { p95FrameMs: percentile(run.deltas, 95), maxLongTaskMs };
}

/**
 * memory_mb (after `pauseMs`) and memory_after_interactions_mb (pauseMs 0): host RSS + the page's renderer
 * RSS, as they are (no forced GC).
 */
/** Bytes committed to the young generation (empty after a collection, but kept until V8 shrinks it). */
const youngGeneration = (spaces: Array<{ space_name: string; physical_space_size: number }>): number =>
  spaces
    .filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
    .reduce((sum, s) => sum + s.physical_space_size, 0);

export async function memory(browser: Browser, host: BenchHost, pauseMs: number): Promise<number> {
  await sleep(pauseMs);
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number; cpuTime: number }>;
  };
  await cdp.detach();
  // The page's renderer is the one that worked: other renderers (a spare one) have next to no CPU time.
  const renderer = processInfo.filter((p) => p.type === 'renderer').sort((a, b) => b.cpuTime - a.cpuTime)[0];
  if (!renderer) throw new Error('CDP listed no renderer process');
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${renderer.id}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!kb) throw new Error(`no VmRSS for renderer ${renderer.id}`);
  const hostBytes = await host.rss();
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  const heap = await host.call<{
    heapUsed: number;
    external: number;
    arrayBuffers: number;
    heap: { total_physical_size: number };
    spaces: Array<{ space_name: string; physical_space_size: number }>;
  }>('memory');
  const young = youngGeneration(heap.spaces);
  if (process.env.BENCH_HEAP_SNAPSHOT)
    await host.call('heap-snapshot', { file: process.env.BENCH_HEAP_SNAPSHOT });
  if (process.env.BENCH_SMAPS) {
    console.log(`  host resident by mapping: ${await residentByKind(host.process.pid!)}`);
    // BENCH_SMAPS=file: the host's whole smaps beside it, for a look at each mapping.
    if (process.env.BENCH_SMAPS !== '1')
      await writeFileOut(process.env.BENCH_SMAPS, await readFile(`/proc/${host.process.pid}/smaps`));
    console.log(`  renderer resident by mapping: ${await residentByKind(renderer.id)}`);
  }
  console.log(
    `  memory${pauseMs ? ` after ${pauseMs} ms` : ' at once'}: host ${mb(hostBytes)} MB (main-thread heap ${mb(heap.heapUsed)} MB of ${mb(heap.heap.total_physical_size)} resident, young generation ${mb(young)} of them, external ${mb(heap.external)} MB) + renderer ${mb(kb * 1024)} MB`,
  );
  const figure = (hostBytes + kb * 1024) / (1024 * 1024);
  // Diagnostics (BENCH_MEMORY_LATE=ms), after the figure is read: the host again that much later, nothing
  // forced (what the console itself gives back once a burst is long over: burst-release.ts).
  if (process.env.BENCH_MEMORY_LATE) {
    await sleep(Number(process.env.BENCH_MEMORY_LATE));
    const late = await host.call<typeof heap>('memory');
    const lateYoung = youngGeneration(late.spaces);
    console.log(
      `  ${process.env.BENCH_MEMORY_LATE} ms later (diagnostic): host ${mb(await host.rss())} MB (main-thread heap ${mb(late.heapUsed)} MB of ${mb(late.heap.total_physical_size)} resident, young generation ${mb(lateYoung)} of them)`,
    );
  }
  // Diagnostics (BENCH_MEMORY_GC=1), after the figure is read: how much of it a full collection of the
  // host's main thread and of the page would give back (what is garbage, not data).
  if (process.env.BENCH_MEMORY_GC) {
    await host.call('gc', { type: 'major' });
    const pages = browser.contexts().flatMap((c) => c.pages());
    const usage = async (session: CDPSession) => {
      const u = (await session.send('Runtime.getHeapUsage')) as Record<string, number>;
      return Object.entries(u)
        .map(([k, v]) => `${k} ${mb(v)}`)
        .join(', ');
    };
    for (const page of pages) {
      const session = await page.context().newCDPSession(page);
      console.log(`  page heap before: ${await usage(session)}`);
      await session.send('HeapProfiler.collectGarbage');
      console.log(`  page heap after: ${await usage(session)}`);
      await session.detach();
    }
    await sleep(500);
    const after = Number(
      /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${renderer.id}/status`, 'utf8'))?.[1],
    );
    const heapAfter = await host.call<{ heapUsed: number; heap: { total_physical_size: number } }>('memory');
    console.log(
      `  after a forced full collection (diagnostic): host ${mb(await host.rss())} MB (main-thread heap ${mb(heapAfter.heapUsed)} MB of ${mb(heapAfter.heap.total_physical_size)} resident) + renderer ${mb(after * 1024)} MB`,
    );
  }
  return figure;
}

/** first_rows_from_cache_ms: from spawning the host to the first row painted, read from `page`. */
export async function firstRowsFromCache(page: Page, host: BenchHost, timeoutMs: number): Promise<number> {
  // Diagnostics (BENCH_PROFILE_FIRST_ROWS=file): the page's CPU profile from the navigation to the first rows.
  const profileTo = process.env.BENCH_PROFILE_FIRST_ROWS;
  const cdp = profileTo ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(host.launchUrl);
  await page.waitForFunction(() => (window.__bench.firstRowsAt ?? 0) > 0, null, { timeout: timeoutMs });
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(profileTo!, JSON.stringify(profile));
  }
  const at = await page.evaluate(() => window.__bench.firstRowsAt!);
  if (process.env.BENCH_FIRST_ROWS_TIMELINE) await printFirstRowsTimeline(page, host, at);
  return at - host.spawnedAt;
}

/** Diagnostics (BENCH_FIRST_ROWS_TIMELINE=1): each request of the page, from and to, in ms after the spawn. */
async function printFirstRowsTimeline(page: Page, host: BenchHost, at: number): Promise<void> {
  const { origin, marks } = await page.evaluate(() => ({
    origin: performance.timeOrigin,
    marks: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map(
      (e) => {
        const r = e as PerformanceResourceTiming;
        return {
          name: r.name.replace(/^.*\/\/[^/]+/, '').slice(0, 48),
          start: r.startTime,
          end: r.responseEnd,
        };
      },
    ),
  }));
  console.log(
    `  first rows at ${Math.round(at - host.spawnedAt)} ms after spawn, host listening at ${host.readyAt - host.spawnedAt}: ` +
      marks
        .map(
          (m) =>
            `${m.name} ${Math.round(origin + m.start - host.spawnedAt)}–${Math.round(origin + m.end - host.spawnedAt)}`,
        )
        .join(', '),
  );
}

/** Diagnostics (BENCH_SMAPS=1): a process's resident memory by mapping: brk heap (malloc), files, anonymous. */
async function residentByKind(pid: number): Promise<string> {
  const { kb } = await residentByMapping(pid, (name) =>
    name ? (name.startsWith('/') ? 'files' : name) : 'anonymous',
  );
  return [...kb]
    .filter(([, n]) => n >= 1024)
    .map(([k, n]) => `${k} ${Math.round(n / 1024)} MB`)
    .join(', ');
}
