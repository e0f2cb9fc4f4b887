// How long the main thread is held by what the console does across accounts (issue 28), at 2 × 50,000
// devices, in Node: the search of the accounts not on screen (accounts:search, one linear scan per paused
// query) and a saved view spanning accounts (accounts:view-matches: the view matched over the other
// account's devices; its sidebar count and its table). Each figure is the median and the worst of RUNS
// calls (and the CPU time of the median call, which another process's load moves less than the wall
// clock), with the load average beside it: this machine is shared, so the figures are under that load.
//
//   npx tsx test/bench/across-accounts-scan.ts [devices per account, default 50000]

import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { searchAccounts } from '../../electron/core/accounts/across-accounts.js';
import type { Held } from '../../electron/core/accounts/held-account.js';
import { viewMatches } from '../../electron/core/accounts/view-across-accounts.js';
import type { InvokeRequest } from '../../shared/ipc/contract.js';
import { generateAccount } from '../../service/domain/seed.js';
import type { DevicesFeed } from '../../electron/core/devices-feed.js';
import { createDevicesFeed } from '../../electron/core/devices-poller.js';

const RUNS = 15;
const perAccount = Number(process.argv[2] ?? 50_000);

function held(id: string, seed: number): Held {
  const account = generateAccount({ devices: perAccount, seed, now: Date.now() });
  // The devices where the account's core has them: their owner, the poll worker, which searches and
  // matches views itself (device-rank.ts, device-view-match.ts).
  const feed = createDevicesFeed({});
  feeds.push(feed);
  feed.replaceAll(account.devices);
  const folders = new Map(account.folders.map((f) => [f.id, f]));
  const core = {
    searchDevices: feed.search.bind(feed),
    matchView: feed.matchView.bind(feed),
    folders: () => folders.values(),
  };
  return {
    entry: { id, name: `Customer ${id}` },
    core,
    auth: null,
    sync: { connection: 'online', offlineSince: null },
    off: [],
  } as unknown as Held;
}

/**
 * The time of each call, and the longest the event loop was held meanwhile: a ticker on setImmediate
 * records its longest gap (a call in one piece holds the loop for all of it; one in slices, per slice).
 */
async function measure(label: string, run: () => unknown): Promise<void> {
  const times: number[] = [];
  const cpu: number[] = [];
  let result: unknown;
  let last = performance.now();
  let held = 0;
  let ticking = true;
  const tick = () => {
    const now = performance.now();
    held = Math.max(held, now - last);
    last = now;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  for (let i = 0; i < RUNS; i++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const start = performance.now();
    const startCpu = process.cpuUsage();
    result = await run();
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  ticking = false;
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const cpuMedian = cpu[Math.floor(cpu.length / 2)]!;
  const worst = times[times.length - 1]!;
  const size = Array.isArray(result) ? result.length : '';
  console.log(
    `${label.padEnd(52)} median ${median.toFixed(1).padStart(6)} ms (CPU ${cpuMedian.toFixed(1).padStart(6)} ms)  worst ${worst.toFixed(1).padStart(6)} ms  loop held ≤ ${held.toFixed(1).padStart(6)} ms  ${size}`,
  );
}

const feeds: DevicesFeed[] = [];
const others = [held('B', 43)];
const sample = generateAccount({ devices: perAccount, seed: 43, now: Date.now() }).devices[perAccount >> 1]!;
const group = (conditions: unknown[]) => ({ kind: 'group', op: 'and', conditions });
const view = (search: string, where: unknown, limit: number): InvokeRequest<'accounts:view-matches'> => ({
  search,
  where,
  sort: { key: 'name', direction: 'asc' },
  limit,
});

console.log(`devices per account: ${perAccount}; load average before: ${loadavg().map((l) => l.toFixed(2))}`);
await measure('accounts:search, a name typed in full', () => searchAccounts(others, sample.name ?? 'x'));
await measure('accounts:search, one letter ("a")', () => searchAccounts(others, 'a'));
await measure('accounts:search, a word no device holds', () => searchAccounts(others, 'zzqx'));
await measure('accounts:search, two words', () => searchAccounts(others, 'desk 10.'));
await measure('view-matches, status offline, count only (sidebar)', () =>
  viewMatches(others, view('', group([{ kind: 'status', in: ['offline'] }]), 0)),
);
await measure('view-matches, status offline, first 200 by name', () =>
  viewMatches(others, view('', group([{ kind: 'status', in: ['offline'] }]), 200)),
);
await measure('view-matches, everything, first 200 by name', () =>
  viewMatches(others, view('', group([]), 200)),
);
await measure('view-matches, search "desk", count only', () =>
  viewMatches(others, view('desk', group([]), 0)),
);
console.log(`load average after: ${loadavg().map((l) => l.toFixed(2))}`);
await Promise.all(feeds.map((f) => f.close()));
