// The store's budget at 100k devices: recording a poll with 1,000 transitions holds the main thread
// ≤ 10 ms (the synchronous part; the write and fsync run in libuv's pool), and "offline for more than
// 2 days" answers in ≤ 100 ms. Medians of several runs: the machine is shared.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Device } from '../../../../shared/model.js';
import { StatusHistory } from '../../../../electron/core/status-history/history-store.js';
import { deltaChange, device, resetChange } from '../../support/history-fixtures.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const N = 100_000;
async function longestGap(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let max = 0;
  const ticker = setInterval(() => {
    const n = performance.now();
    max = Math.max(max, n - last);
    last = n;
  }, 1);
  await work();
  clearInterval(ticker);
  return max;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

let dir: string;
beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'history-perf-'));
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

it('appends 1,000 transitions at 100k devices within 10 ms of main thread, queries within 100 ms', async () => {
  const devices: Device[] = [];
  for (let i = 0; i < N; i++)
    devices.push(device(`d${i}`, i % 10 === 0 ? 'offline' : 'online', `f${i % 500}`));
  const h = await StatusHistory.open({ dir });
  const t = performance.now();
  h.recordDevices(resetChange(devices, T0), T0);
  const baselineMs = performance.now() - t;
  await h.flush();

  const appendMs: number[] = [];
  const loopDelayMaxMs: number[] = [];
  for (let run = 1; run <= 7; run++) {
    const at = T0 + run * 60_000;
    const changed: Device[] = [];
    for (let k = 0; k < 1000; k++) {
      const i = (run * 1000 + k) % N;
      changed.push(device(`d${i}`, run % 2 ? 'offline' : 'online', `f${i % 500}`));
    }
    // The longest the event loop went without a turn while the poll was recorded, written and fsync'ed
    // (a 1 ms ticker; monitorEventLoopDelay's histogram stays empty over so short a span).
    let last = performance.now();
    let maxGap = 0;
    const ticker = setInterval(() => {
      const n = performance.now();
      maxGap = Math.max(maxGap, n - last);
      last = n;
    }, 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const start = performance.now();
    const recorded = h.recordDevices(deltaChange(changed, at), at);
    appendMs.push(performance.now() - start);
    await h.flush();
    await new Promise((resolve) => setTimeout(resolve, 5));
    clearInterval(ticker);
    loopDelayMaxMs.push(maxGap);
    expect(recorded?.transitions.length).toBeGreaterThan(0);
  }

  const queryMs: number[] = [];
  let offline: string[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    offline = h.index.query({ status: 'offline', longerThanMs: 2 * 86_400_000, now: T0 + 3 * 86_400_000 });
    queryMs.push(performance.now() - start);
  }
  expect(offline.length).toBeGreaterThan(9000);

  // Closing writes the checkpoint (100k entries): sliced, so the loop still turns every few ms.
  let last = performance.now();
  let checkpointGap = 0;
  const ticker = setInterval(() => {
    const n = performance.now();
    checkpointGap = Math.max(checkpointGap, n - last);
    last = n;
  }, 1);
  // What the loop sees with no work at all on this (shared) machine, for comparison.
  const idleGap = await longestGap(() => new Promise((resolve) => setTimeout(resolve, 300)));
  const closeStart = performance.now();
  await h.close(T0 + 3_600_000);
  const closeMs = performance.now() - closeStart;
  clearInterval(ticker);
  const reopenStart = performance.now();
  let again!: StatusHistory;
  // Opened on a console's start, while its first rows are drawn: read and indexed in slices too.
  const reopenGap = await longestGap(async () => (again = await StatusHistory.open({ dir })));
  const reopenMs = performance.now() - reopenStart;
  expect(again.index.entries.size).toBe(N);
  await again.close(T0 + 3_600_000);

  console.log(
    `history perf @100k: baseline reset ${baselineMs.toFixed(1)} ms; append 1000 median ${median(appendMs).toFixed(2)} ms ` +
      `(max ${Math.max(...appendMs).toFixed(2)}); loop gap median ${median(loopDelayMaxMs).toFixed(2)} ms; ` +
      `query offline>2d median ${median(queryMs).toFixed(2)} ms; close (checkpoint) ${closeMs.toFixed(0)} ms, ` +
      `longest loop gap ${checkpointGap.toFixed(1)} ms (idle machine: ${idleGap.toFixed(1)} ms); ` +
      `reopen ${reopenMs.toFixed(0)} ms, longest loop gap ${reopenGap.toFixed(1)} ms`,
  );
  expect(median(appendMs)).toBeLessThanOrEqual(10);
  // The loop gaps are reported, not asserted: with 2 cores shared by several processes an idle loop
  // alone sees gaps of 5–25 ms here. What our code holds the thread for is the synchronous part above.
  expect(median(queryMs)).toBeLessThanOrEqual(100);
}, 60_000);
