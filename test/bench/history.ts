// The status history's figures (issue 11), in Node against the real store on disk: no browser needed.
//   history_append_1000_ms: a poll with 1,000 transitions at N devices, recorded, written and fsync'ed;
//     the figure is the longest main-thread stall over that whole append (monitorEventLoopDelay, 1 ms).
//     The periodic index checkpoint is not in that window (its stall is printed separately).
//   history_query_offline_2d_ms: "offline for more than 2 days" over N devices, answered from the index.
//   history_disk_30d_mb: the history's files (segments + checkpoint) after 30 simulated days of one poll a
//     minute, 1% of the devices changing per hour (the checkpoint is written once a simulated day instead
//     of every 10 minutes, so 30 days replay in seconds; its size is the same either way).
// Run alone: `npx tsx test/bench/history.ts --devices 100000 --runs 3`.

import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { DataChange } from '../../shared/ipc/contract.js';
import type { Device, KnownDeviceStatus } from '../../shared/model.js';
import { StatusHistory } from '../../electron/core/status-history/history-store.js';
import { bareDevice } from '../support/make-device.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-02T09:00:00Z');

export interface HistoryFigures {
  history_append_1000_ms: number[];
  history_query_offline_2d_ms: number[];
  history_disk_30d_mb: number[];
}

function device(i: number, status: KnownDeviceStatus): Device {
  return bareDevice({
    id: String(i + 1),
    name: `PC-${String(i + 1).padStart(6, '0')}`,
    status,
    os: 'Windows 7',
    folderId: String(1 + (i % 500)),
  });
}

function change(reset: boolean, devices: Device[], at: number): DataChange<'devices'> {
  return {
    dataset: 'devices',
    reset,
    added: reset ? devices : [],
    changed: reset ? [] : devices,
    removed: [],
    fetchedAt: new Date(at).toISOString(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function dirBytes(dir: string): Promise<number> {
  let sum = 0;
  for (const name of await fsp.readdir(dir)) sum += (await fsp.stat(path.join(dir, name))).size;
  return sum;
}

/** One run of the append and query figures: a fresh store with N devices, 10% offline since day 0. */
async function appendAndQuery(devices: number, root: string): Promise<{ appendMs: number; queryMs: number }> {
  const dir = await fsp.mkdtemp(path.join(root, 'aq-'));
  // The index checkpoint (every 10 minutes of recorded time, sliced) is not part of a poll's append: it
  // is kept out of this window and its own stall is printed at close.
  const h = await StatusHistory.open({ dir, checkpointEveryMs: 30 * DAY });
  const status = (i: number): KnownDeviceStatus => (i % 10 === 0 ? 'offline' : 'online');
  const all: Device[] = [];
  for (let i = 0; i < devices; i++) all.push(device(i, status(i)));
  h.recordDevices(change(true, all, T0), T0);
  await h.flush();
  // Three days later a poll in which 1,000 devices (none of the long-offline ones) change.
  const at = T0 + 3 * DAY;
  const changed: Device[] = [];
  for (let k = 0, i = 1; k < Math.min(1000, devices) && i < devices; i++) {
    if (i % 10 === 0) continue;
    changed.push(device(i, k % 2 ? 'offline' : 'busy'));
    k++;
  }
  // Let the collector finish with the 100k devices just built, so its pause is not counted as the append's.
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The same probe over a window with no work: what the machine's load alone shows (printed, for reading
  // the figure on a shared machine; not subtracted).
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 50));
  idle.disable();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const recorded = h.recordDevices(change(false, changed, at), at);
  await h.flush();
  await tick();
  loop.disable();
  if (recorded?.transitions.length !== changed.length)
    throw new Error('the append recorded the wrong transitions');
  // The histogram holds how late each 1 ms timer fired: its max is the longest stall (ns → ms).
  const appendMs = loop.count > 0 ? loop.max / 1e6 : 0;
  console.log(
    `  history append: loop stall ${appendMs.toFixed(1)} ms (idle window ${(idle.max / 1e6).toFixed(1)} ms), load ${os.loadavg()[0]!.toFixed(1)}`,
  );

  const start = performance.now();
  const ids = h.index.query({ status: 'offline', longerThanMs: 2 * DAY, now: at });
  const queryMs = performance.now() - start;
  if (ids.length !== Math.ceil(devices / 10)) throw new Error(`offline > 2 days: ${ids.length} devices`);
  const checkpoint = monitorEventLoopDelay({ resolution: 1 });
  checkpoint.enable();
  await h.close(at + MIN);
  await tick();
  checkpoint.disable();
  console.log(`  history checkpoint at close: loop stall ${(checkpoint.max / 1e6).toFixed(1)} ms`);
  await fsp.rm(dir, { recursive: true, force: true });
  return { appendMs, queryMs };
}

/** 30 days, one poll a minute, 1% of the devices changing per hour, spread over the hour's polls. */
async function thirtyDays(devices: number, root: string): Promise<number> {
  const dir = await fsp.mkdtemp(path.join(root, 'days-'));
  const h = await StatusHistory.open({ dir, checkpointEveryMs: DAY });
  const state: KnownDeviceStatus[] = [];
  const all: Device[] = [];
  for (let i = 0; i < devices; i++) {
    state.push(i % 10 === 0 ? 'offline' : 'online');
    all.push(device(i, state[i]!));
  }
  h.recordDevices(change(true, all, T0), T0);
  const perHour = Math.round(devices / 100);
  let next = 0;
  let carry = 0;
  for (let minute = 1; minute <= 30 * 24 * 60; minute++) {
    const at = T0 + minute * MIN;
    carry += perHour / 60;
    const changed: Device[] = [];
    for (; carry >= 1; carry--) {
      // A stride through the devices so changes spread over all of them, not the first few.
      const i = (next * 7919) % devices;
      next++;
      state[i] = state[i] === 'online' ? (next % 5 === 0 ? 'busy' : 'offline') : 'online';
      changed.push(device(i, state[i]!));
    }
    if (changed.length > 0) h.recordDevices(change(false, changed, at), at);
    else h.heartbeat(at);
    if (minute % 1440 === 0) await h.flush();
  }
  await h.close(T0 + 30 * DAY + MIN);
  const bytes = await dirBytes(dir);
  await fsp.rm(dir, { recursive: true, force: true });
  return bytes / 1e6;
}

export async function measureHistory(devices: number, runs: number): Promise<HistoryFigures> {
  // tmpfs when there is one: the sizes are the same and 43,200 fsyncs do not wear a shared disk.
  const base = (await fsp
    .stat('/dev/shm')
    .then((s) => s.isDirectory())
    .catch(() => false))
    ? '/dev/shm'
    : os.tmpdir();
  const root = await fsp.mkdtemp(path.join(base, 'sc-bench-history-'));
  const out: HistoryFigures = {
    history_append_1000_ms: [],
    history_query_offline_2d_ms: [],
    history_disk_30d_mb: [],
  };
  try {
    for (let run = 0; run < runs; run++) {
      const { appendMs, queryMs } = await appendAndQuery(devices, root);
      out.history_append_1000_ms.push(appendMs);
      out.history_query_offline_2d_ms.push(queryMs);
    }
    // Deterministic: once is enough.
    out.history_disk_30d_mb.push(await thirtyDays(devices, root));
  } finally {
    await fsp.rm(root, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { devices: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
  });
  const started = performance.now();
  const figures = await measureHistory(Number(values.devices), Number(values.runs));
  const fmt = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
  console.log(`status history @ ${Number(values.devices).toLocaleString('en-US')} devices:`);
  for (const [key, xs] of Object.entries(figures)) console.log(`  ${key.padEnd(28)} ${fmt(xs)}`);
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
