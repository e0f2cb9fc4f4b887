// Diagnostics for first_click_sort_p95_ms: where a fresh page's first click on each sortable header spends
// its time. `npx tsx test/bench/first-click-profile.ts [--devices N]` inside scripts/with-keyring.sh, after
// `npm run build`. As the bench: a service and host of N devices, the first sync in one page, then a fresh
// page on the same session, 1 s quiet, each header clicked once; here the page's CPU profile of each click
// (mousedown → the frame showing the order) is summed by function, self time, the heaviest printed.
// Not a figure of the bench: profiling slows the page, so its times are not the figure's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { ROOT, startHostProcess, startServiceProcess } from './processes.js';
import * as scenario from './scenarios.js';

const { values: flags } = parseArgs({
  // --passes N: each header clicked N times in turn; the passes after the first are warm (sort_p95_ms's case).
  options: { devices: { type: 'string', default: '100000' }, passes: { type: 'string', default: '1' } },
});
const devices = Number(flags.devices);
const timeoutMs = 60_000 + devices;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function (name and source line), heaviest first. */
function selfTimes(profile: Profile): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const service = await startServiceProcess(devices);
const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-click-profile-'));
try {
  const host = await startHostProcess({
    dataDir,
    // PROFILE_RENDERER_DIR: a build without minification (`npx vite build --minify false --outDir DIR`), for names.
    rendererDir: process.env.PROFILE_RENDERER_DIR ?? path.join(ROOT, 'dist/renderer'),
    serviceUrl: service.baseUrl,
  });
  try {
    const first = await scenario.newProbedPage(browser);
    await scenario.firstSync(host, first.page, service, dataDir, timeoutMs);
    const { context, page } = await scenario.newProbedPage(browser);
    await context.addCookies(await first.context.cookies());
    await page.goto(new URL('/', host.launchUrl).href);
    await page.waitForFunction(() => (window.__bench.firstRowsAt ?? 0) > 0, null, { timeout: timeoutMs });
    await page.evaluate(() => window.__bench.quiet(1000, 1000));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const headers = page.getByRole('grid', { name: 'Devices' }).getByRole('columnheader');
    for (let pass = 1; pass <= Number(flags.passes); pass++)
      for (let i = 0, n = await headers.count(); i < n; i++) {
        const button = headers.nth(i).getByRole('button');
        if ((await button.count()) !== 1) continue;
        const name = (await headers.nth(i).textContent())?.replace(/[▲▼]/g, '').trim() ?? `column ${i + 1}`;
        await page.evaluate((ms) => window.__bench.armSettled(1000, ms), timeoutMs);
        await cdp.send('Profiler.start');
        await button.click({ timeout: timeoutMs });
        const ms = await page.evaluate(() => window.__bench.armed());
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        const top = selfTimes(profile)
          .filter(([key]) => !key.startsWith('(idle)') && !key.startsWith('(program)'))
          .slice(0, 8)
          .map(([key, t]) => `${t.toFixed(1)} ${key}`);
        console.log(`${name} (pass ${pass}): ${ms.toFixed(0)} ms (profiled)\n  ${top.join('\n  ')}`);
      }
    await context.close();
    await first.context.close();
  } finally {
    await host.close();
  }
} finally {
  await service.stop();
  await browser.close();
  await rm(dataDir, { recursive: true, force: true });
}
