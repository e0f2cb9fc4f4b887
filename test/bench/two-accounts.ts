// two_accounts_100k_memory_mb (issue 28): what the console holds with two accounts of half the devices each
// (2 × 50,000 at the 100,000 size), each on its own stand-in service and port: the first signed in and
// synced as the first sync does it, the second added (accounts:add) and signed in with its own address,
// synced, and shown; then the same host + renderer RSS as memory_mb, after the same 2 s pause. The first
// account keeps syncing behind it, so both accounts' pictures, workers and copies are in the figure.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { approveOnAuthorizePage, DEMO } from '../e2e/support/console-app.js';
import { startHostProcess, startServiceProcess } from './processes.js';
import * as scenario from './scenarios.js';

export async function twoAccountsMemory(
  browser: Browser,
  rendererDir: string,
  devices: number,
  timeoutMs: number,
): Promise<number> {
  const half = Math.ceil(devices / 2);
  const [first, second] = await Promise.all([startServiceProcess(half, 42), startServiceProcess(half, 43)]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-bench-two-'));
  try {
    const host = await startHostProcess({ dataDir, rendererDir, serviceUrl: first.baseUrl });
    const { context, page } = await scenario.newProbedPage(browser);
    try {
      await scenario.firstSync(host, page, first, dataDir, timeoutMs);
      // Diagnostics (BENCH_PAGE_ALLOC=file): what the page allocates from the second account's sign-in to
      // the figure, collected or not (V8's sampling heap profiler, by call site).
      const allocTo = process.env.BENCH_PAGE_ALLOC;
      const cdp = allocTo ? await page.context().newCDPSession(page) : null;
      await cdp?.send('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      // Diagnostics (BENCH_HOST_SURVIVORS=file): what the host's main thread allocates from there to the
      // figure that outlives a young collection (what grows its young generation), by call site.
      const survivorsTo = process.env.BENCH_HOST_SURVIVORS;
      if (survivorsTo) await host.call('alloc-sampling:start', { survivors: true });
      await host.invoke('accounts:add', { name: 'Second' });
      const { authorizeUrl } = await host.invoke<{ authorizeUrl: string }>('auth:begin', {
        baseUrl: second.baseUrl,
        consumerKey: DEMO.consumerKey,
        // The configured secret is the first address's only: another service's is typed, as here.
        consumerSecret: DEMO.consumerSecret,
      });
      const pin = await approveOnAuthorizePage(authorizeUrl, DEMO.email, DEMO.password);
      const signedIn = Date.now();
      await host.invoke('auth:complete', { pin });
      // The host's sync state is the account on screen's: the second one's first sync.
      await host.settled(timeoutMs);
      await host.call('history-quiet', { quietMs: 1000, timeoutMs, after: signedIn });
      const shown = await page.evaluate(() => document.querySelectorAll('[role="grid"] [role="row"]').length);
      if (shown < 2) throw new Error('the second account’s devices were not drawn');
      const figure = await scenario.memory(browser, host, 2000);
      if (survivorsTo) await host.call('alloc-sampling:stop', { file: survivorsTo });
      if (cdp && allocTo) {
        const { profile } = await cdp.send('HeapProfiler.stopSampling');
        await writeFile(allocTo, JSON.stringify(profile));
      }
      return figure;
    } finally {
      await context.close();
      await host.close();
    }
  } finally {
    await Promise.all([first.stop(), second.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}
