// Diagnostics for the renderer's share of memory_mb: `npx tsx test/bench/renderer-probe.ts [--devices N]
// [--runs R] [--gc]` (inside scripts/with-keyring.sh, after `npm run build`). Runs the bench's own
// scenarios (scenarios.ts: first sync, search, sort, delta, scroll) against a fresh service and host and
// prints, after the sync and again where the bench reads memory_mb, the page's renderer RSS beside what
// Chromium says it holds (DOM counters, JS heap, layout counts), and the scroll figures. --gc also prints the
// RSS after a forced collection (diagnosis only: the bench never forces one). PROBE_ALLOC=file writes the
// page's sampled allocations from sign-in to 2 s after the first sync, those collected since included
// (HeapProfiler sampling: where the sync's garbage is made), for DevTools' Memory panel.
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { fetchDevicesDocument } from './decode.js';
import { ROOT, startHostProcess, startServiceProcess } from './processes.js';
import * as scenario from './scenarios.js';
import { residentByMapping } from './smaps.js';

const { values: flags } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '1' },
    gc: { type: 'boolean', default: false },
    // Diagnosis: a collection just before the scroll, so that what Oilpan holds after it is what the
    // scroll allocated (unless a collection came in between: the DOM node count then falls back).
    'gc-before-scroll': { type: 'boolean', default: false },
    // Diagnosis: the page's V8 heap snapshot where the bench reads memory_mb (taking it collects garbage).
    'heap-snapshot': { type: 'string' },
  },
});
const devices = Number(flags.devices);
const timeoutMs = 60_000 + devices;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const load = () => os.loadavg()[0]!.toFixed(2);

async function rendererRss(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number; cpuTime: number }>;
  };
  await cdp.detach();
  const renderer = processInfo.filter((p) => p.type === 'renderer').sort((a, b) => b.cpuTime - a.cpuTime)[0];
  const status = await readFile(`/proc/${renderer!.id}/status`, 'utf8');
  rendererPid = renderer!.id;
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) * 1024;
}

/** Diagnostics (PROBE_SMAPS=1): the renderer's resident memory by mapped file (anonymous memory apart). */
async function residentByFile(pid: number): Promise<string> {
  // Proportional: a page shared with other processes (Chromium's code, with the browser process) counted
  // as its share; the bench counts resident pages whole.
  const { kb, pssKb } = await residentByMapping(pid, (name) => name || 'anonymous');
  return (
    `proportional ${(pssKb / 1024).toFixed(0)} MB; ` +
    [...kb]
      .sort((a, b) => b[1] - a[1])
      .filter(([, n]) => n >= 512)
      .map(([file, n]) => `${file} ${(n / 1024).toFixed(1)} MB`)
      .join(', ')
  );
}

/** Chromium's own account of the renderer's memory (memory-infra): the allocators' sizes in MB. */
async function allocators(browser: Browser, pid: number): Promise<string> {
  const cdp = await browser.newBrowserCDPSession();
  const events: Array<{
    ph: string;
    pid: number;
    args?: { dumps?: { allocators?: Record<string, { attrs?: Record<string, { value: string }> }> } };
  }> = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['disabled-by-default-memory-infra'],
      // No periodic dumps: only the one requested below (the protocol types this field loosely).
      memoryDumpConfig: { triggers: [] } as unknown as Record<string, string>,
    },
    transferMode: 'ReportEvents',
  });
  await cdp.send('Tracing.requestMemoryDump', { levelOfDetail: 'detailed' });
  await cdp.send('Tracing.end');
  await done;
  await cdp.detach();
  const dump = events.find((e) => e.ph === 'v' && e.pid === pid && e.args?.dumps?.allocators);
  if (!dump) return 'no dump';
  const all = dump.args!.dumps!.allocators!;
  const size = (name: string) => parseInt(all[name]?.attrs?.size?.value ?? '0', 16) / (1024 * 1024);
  const names = Object.keys(all).filter((n) => {
    const depth = n.split('/').length;
    return (
      (depth <= 2 || /^blink_objects\//.test(n) || depth <= Number(process.env.PROBE_ALLOCATORS)) &&
      size(n) >= Number(process.env.PROBE_MIN_MB ?? 2)
    );
  });
  return names
    .sort((a, b) => size(b) - size(a))
    .map(
      (n) =>
        `${n.replace(/^blink_objects\/blink_gc\/main\/(blink::)?/, '').replace(/<.*>/, '<…>')} ${size(n).toFixed(0)}`,
    )
    .join(', ');
}

let rendererPid = 0;

async function report(browser: Browser, cdp: CDPSession, when: string): Promise<void> {
  const dom = await cdp.send('Memory.getDOMCounters');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  const rss = await rendererRss(browser);
  console.log(
    `  ${when}: renderer ${mb(rss)} MB (load ${load()}); JS heap ${mb(m.JSHeapUsedSize!)}/${mb(m.JSHeapTotalSize!)} MB;` +
      ` DOM nodes ${dom.nodes}, documents ${dom.documents}, listeners ${dom.jsEventListeners};` +
      ` layouts ${m.LayoutCount}, style recalcs ${m.RecalcStyleCount}`,
  );
  if (process.env.PROBE_ALLOCATORS) console.log(`    ${await allocators(browser, rendererPid)}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
// PROBE_RENDERER_DIR: another build of the renderer (e.g. an earlier commit's), to compare side by side.
const rendererDir = process.env.PROBE_RENDERER_DIR ?? path.join(ROOT, 'dist/renderer');
try {
  for (let run = 0; run < Number(flags.runs); run++) {
    console.log(
      `run ${run + 1}: ${devices} devices, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const service = await startServiceProcess(devices);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-probe-app-'));
    const host = await startHostProcess({ dataDir, rendererDir, serviceUrl: service.baseUrl });
    const { context, page } = await scenario.newProbedPage(browser);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    try {
      const xml = await fetchDevicesDocument(service.baseUrl);
      const query = /<name>([^<]+)<\/name>/g;
      const names = [...xml.matchAll(query)].map((x) => x[1]!);
      const name = names[Math.floor(names.length * 0.37)]!.toLowerCase();
      const allocTo = process.env.PROBE_ALLOC;
      if (allocTo)
        await cdp.send('HeapProfiler.startSampling', {
          samplingInterval: 16384,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      await scenario.firstSync(host, page, service, dataDir, timeoutMs);
      await sleep(2000);
      if (allocTo) {
        const { profile } = await cdp.send('HeapProfiler.stopSampling');
        const { writeFile } = await import('node:fs/promises');
        await writeFile(allocTo, JSON.stringify(profile));
      }
      await report(browser, cdp, 'after sync');
      const keys = await scenario.search(page, name, timeoutMs);
      const clicks = await scenario.sort(page, timeoutMs);
      const delta = await scenario.delta(page, host, service, timeoutMs);
      const pct = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
      console.log(
        `  search p95 ${pct(keys).toFixed(0)} ms, sort p95 ${pct(clicks).toFixed(0)} ms, delta ${delta.toFixed(0)} ms (load ${load()})`,
      );
      if (flags['gc-before-scroll']) await cdp.send('HeapProfiler.collectGarbage');
      await report(browser, cdp, 'before scroll');
      const scrolled = await scenario.scroll(page);
      console.log(
        `  scroll p95 ${scrolled.p95FrameMs.toFixed(1)} ms, longest task ${scrolled.maxLongTaskMs.toFixed(0)} ms (load ${load()})`,
      );
      await sleep(2000);
      await report(browser, cdp, 'where the bench reads memory_mb');
      if (process.env.PROBE_SMAPS) console.log(`    resident by file: ${await residentByFile(rendererPid)}`);
      if (flags['heap-snapshot']) {
        const chunks: string[] = [];
        cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
        await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
        const { writeFile } = await import('node:fs/promises');
        await writeFile(flags['heap-snapshot'], chunks.join(''));
        console.log(`  heap snapshot: ${flags['heap-snapshot']}`);
      }
      if (flags.gc) {
        await cdp.send('HeapProfiler.collectGarbage');
        await sleep(1000);
        await report(browser, cdp, 'after a forced GC');
      }
    } finally {
      await context.close();
      await host.close();
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
