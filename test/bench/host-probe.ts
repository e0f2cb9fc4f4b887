// Diagnostics for the host's own figures, without a browser: `npx tsx test/bench/host-probe.ts [--devices N]`
// (inside scripts/with-keyring.sh, after `npm run build`). Starts the service and the built browser host as
// the bench does, opens one event stream the way a page does (read and dropped), signs in and prints the
// host main thread's longest stall during the first sync and idle polls, then restarts the host on its
// offline copy and prints when it was listening and when its first app:snapshot answered.
// BENCH_HOST_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the host; BENCH_LONG_TASKS=50 logs
// its long tasks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { approveOnAuthorizePage, DEMO } from '../e2e/support/console-app.js';
import { startHostProcess, startServiceProcess, type BenchHost } from './processes.js';

const { values: flags } = parseArgs({
  options: { devices: { type: 'string', default: '100000' }, polls: { type: 'string', default: '3' } },
});
const devices = Number(flags.devices);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Trades the launch URL for the session cookie, as the page's first navigation does. */
async function sessionCookie(host: BenchHost): Promise<{ origin: string; cookie: string }> {
  const url = new URL(host.launchUrl);
  const res = await fetch(url, { redirect: 'manual' });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { origin: url.origin, cookie };
}

/** An event stream read to the end and dropped; resolves `first` at its first data:change. */
function openStream(origin: string, cookie: string): { firstChangeAt: Promise<number>; close(): void } {
  const controller = new AbortController();
  let seen: (at: number) => void = () => undefined;
  const firstChangeAt = new Promise<number>((resolve) => (seen = resolve));
  void (async () => {
    const res = await fetch(`${origin}/events`, { headers: { cookie }, signal: controller.signal });
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (decoder.decode(chunk, { stream: true }).includes('event: data:change')) seen(Date.now());
    }
  })().catch(() => undefined);
  return { firstChangeAt, close: () => controller.abort() };
}

async function snapshotAt(origin: string, cookie: string): Promise<{ at: number; devices: number }> {
  const res = await fetch(`${origin}/ipc/app:snapshot`, {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as { value: { data: { devices: unknown[] } } };
  return { at: Date.now(), devices: body.value.data.devices.length };
}

const service = await startServiceProcess(devices);
const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-probe-app-'));
try {
  const host = await startHostProcess({ dataDir, rendererDir: dataDir, serviceUrl: service.baseUrl });
  const { origin, cookie } = await sessionCookie(host);
  const stream = openStream(origin, cookie);
  await sleep(300);
  const { authorizeUrl } = await host.invoke<{ authorizeUrl: string }>('auth:begin', {
    baseUrl: service.baseUrl,
    consumerKey: DEMO.consumerKey,
    consumerSecret: '',
  });
  const pin = await approveOnAuthorizePage(authorizeUrl, DEMO.email, DEMO.password);
  await host.window(() => host.invoke('auth:complete', { pin }).then(() => undefined));
  const t0 = Date.now();
  const sync = await host.window(async () => {
    await host.settled(120_000);
    await sleep(5000); // the offline copy is written 3 s after the last change
  });
  console.log(`first sync: max stall ${sync.maxStallMs.toFixed(0)} ms, settled in ${Date.now() - t0} ms`);
  for (let i = 0; i < Number(flags.polls); i++) {
    const idle = await host.window(async () => {
      await host.invoke('sync:refresh', { datasets: ['devices'] });
      await sleep(1000);
    });
    console.log(`idle poll: max stall ${idle.maxStallMs.toFixed(0)} ms, ${idle.eventBytes} B`);
  }
  stream.close();
  await host.close();
  await service.stop();

  const again = await startHostProcess({ dataDir, rendererDir: dataDir, serviceUrl: service.baseUrl });
  const ready = again.readyAt - again.spawnedAt;
  const { origin: o2, cookie: c2 } = await sessionCookie(again);
  const s2 = openStream(o2, c2);
  const snap = await snapshotAt(o2, c2);
  console.log(
    `from the offline copy: listening after ${ready} ms, snapshot (${snap.devices} devices) after ${snap.at - again.spawnedAt} ms`,
  );
  await sleep(3000);
  s2.close();
  await again.close();
} finally {
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });
}
