// Diagnostics for the host's share of the figures, no browser: a service with N devices, the built host in
// its own process (BENCH_HOST_NODE_ARGS passes e.g. --trace-gc), sign-in, the first sync until settled, then
// the host's memory by stage and its longest stall. `tsx test/bench/host-diag.ts [devices]` inside
// scripts/with-keyring.sh. Not a figure of the bench: a tool to find where the host's time and memory go.
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { approveOnAuthorizePage, DEMO } from '../e2e/support/console-app.js';
import { startHostProcess, startServiceProcess } from './processes.js';
import { residentByMapping } from './smaps.js';

const devices = Number(process.argv[2] ?? 100_000);
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const service = await startServiceProcess(devices);
const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-diag-'));
const rendererDir = path.resolve(import.meta.dirname, '../../dist/renderer');
type Mem = {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  heap: { total_physical_size: number };
  spaces: Array<{ space_name: string; space_used_size: number; physical_space_size: number }>;
};
try {
  const host = await startHostProcess({ dataDir, rendererDir, serviceUrl: service.baseUrl });
  const stage = async (what: string) => {
    const m = await host.call<Mem>('memory');
    console.log(
      `${what}: rss ${mb(m.rss)} heap ${mb(m.heapUsed)} (main thread's resident ${mb(m.heap.total_physical_size)}) external ${mb(m.external)} (load ${os.loadavg()[0]!.toFixed(2)})`,
    );
    // Where the main thread's heap is, by V8 space (used / resident): garbage in the large-object space
    // waits for a full collection.
    console.log(
      `  spaces: ${m.spaces
        .filter((s) => s.physical_space_size >= 2 ** 20)
        .map((s) => `${s.space_name} ${mb(s.space_used_size)}/${mb(s.physical_space_size)}`)
        .join(', ')}`,
    );
  };
  console.log(`host listening after ${host.readyAt - host.spawnedAt} ms`);
  await stage('started');
  const { authorizeUrl } = await host.invoke<{ authorizeUrl: string }>('auth:begin', {
    baseUrl: service.baseUrl,
    consumerKey: DEMO.consumerKey,
    consumerSecret: '',
  });
  const pin = await approveOnAuthorizePage(authorizeUrl, DEMO.email, DEMO.password);
  // DIAG_ALLOC=file: where the main thread allocates during the first sync, garbage included.
  if (process.env.DIAG_ALLOC) await host.call('alloc-sampling:start');
  await host.invoke('auth:complete', { pin });
  const sync = await host.window(async () => {
    await host.settled(120_000);
    await sleep(5000); // the cache save (3 s after the last change)
  });
  console.log(`first sync: max stall ${sync.maxStallMs.toFixed(1)} ms, p99 ${sync.p99StallMs.toFixed(1)} ms`);
  if (process.env.DIAG_ALLOC)
    console.log(
      `allocations: ${await host.call<string>('alloc-sampling:stop', { file: process.env.DIAG_ALLOC })}`,
    );
  await stage('settled + saved');
  const idle = await host.window(async () => {
    await host.invoke('sync:refresh', { datasets: ['devices'] });
    await sleep(1000);
  });
  console.log(`idle poll: max stall ${idle.maxStallMs.toFixed(1)} ms`);
  await sleep(3000);
  await stage('after idle poll + 3 s');
  // DIAG_GC=minor,major,...: collections of the main thread's heap, each timed, the memory after each.
  for (const type of (process.env.DIAG_GC ?? '').split(',').filter(Boolean)) {
    console.log(`${type} collection: ${(await host.call<number>('gc', { type })).toFixed(1)} ms`);
    await stage(`after the ${type} collection`);
  }
  if (process.env.DIAG_SMAPS) {
    // Resident memory by kind of mapping: the brk heap (malloc), file-backed (code), anonymous by size.
    const { kb: kinds } = await residentByMapping(host.process.pid!, (name, sizeMb) =>
      name
        ? name.startsWith('/')
          ? 'file'
          : name
        : sizeMb >= 60
          ? 'anon ≥60 MB (malloc arenas)'
          : 'anon (V8 pages, mmap)',
    );
    for (const [k, v] of kinds) console.log(`  ${k}: ${mb(v * 1024)}`);
  }
  if (process.env.DIAG_HEAP_SNAPSHOT) {
    console.log(
      `heap snapshot: ${await host.call<string>('heap-snapshot', { file: process.env.DIAG_HEAP_SNAPSHOT })}`,
    );
  }
  await host.close();
  const restarted = await startHostProcess({ dataDir, rendererDir, serviceUrl: service.baseUrl });
  console.log(`restart: host listening after ${restarted.readyAt - restarted.spawnedAt} ms`);
  // The resumed account: its copy, then its first poll, after which the status history compares every
  // device with what it recorded (the owner's listing: the poll was no whole list).
  const resumed = await restarted.window(async () => {
    await restarted.settled(120_000);
    await sleep(4000);
  });
  console.log(
    `resume with the copy: max stall ${resumed.maxStallMs.toFixed(1)} ms, events ${resumed.events.join(' ')}`,
  );
  await restarted.close();
} finally {
  await service.stop();
  await rm(dataDir, { recursive: true, force: true });
}
