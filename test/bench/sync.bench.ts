// The sync engine's own work at 100,000 devices: the diff of an unchanged poll (which must send nothing
// and cost little), the diff of a poll with 1% changed, and the longest stall of the main thread's event
// loop while the devices document is decoded in the worker (the reason the worker exists).
import { makeDevice } from '../support/make-device.js';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createDevicesDecoder } from '../../electron/core/devices-decoder.js';
import { Picture } from '../../electron/core/picture.js';
import type { Device } from '../../shared/model.js';
import { encodeDevices } from '../../shared/xml/index.js';
import type { Measurement } from './run.js';

const DEVICES = 100_000;

function makeDevices(n: number): Device[] {
  return Array.from({ length: n }, (_, i) =>
    makeDevice({
      id: String(i + 1),
      alias: i % 3 ? null : `Desk ${i}`,
      status: i % 2 ? 'online' : 'offline',
      ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
      os: 'Windows 7',
      folderId: i % 10 ? String((i % 50) + 1) : null,
    }),
  );
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

export async function run(): Promise<Measurement[]> {
  const picture = new Picture();
  picture.reset('devices', makeDevices(DEVICES), 'a');
  const unchanged: number[] = [];
  for (let i = 0; i < 5; i++) {
    const fresh = makeDevices(DEVICES);
    const start = performance.now();
    const change = picture.replace('devices', fresh, 'b');
    unchanged.push(performance.now() - start);
    if (change !== null) throw new Error('an unchanged poll produced a change');
  }
  const fresh = makeDevices(DEVICES).map((d, i) => (i % 100 === 0 ? { ...d, status: 'busy' as const } : d));
  const start = performance.now();
  const change = picture.replace('devices', fresh, 'c');
  const onePercent = performance.now() - start;
  if (change?.changed.length !== DEVICES / 100) throw new Error('wrong diff');

  const xml = encodeDevices(makeDevices(DEVICES));
  const decoder = createDevicesDecoder();
  await decoder.decode(encodeDevices(makeDevices(10))); // start the worker first
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t0 = performance.now();
  const decoded = await decoder.decode(xml);
  const decodeMs = performance.now() - t0;
  loop.disable();
  await decoder.close();
  if (decoded.length !== DEVICES) throw new Error('decode lost devices');

  return [
    {
      name: 'diff of an unchanged poll, 100k devices (median)',
      value: median(unchanged),
      unit: 'ms',
      floor: { value: 250, better: 'lower' },
    },
    { name: 'diff of a poll with 1% changed, 100k devices', value: onePercent, unit: 'ms' },
    {
      name: `worker decode of 100k devices (${(xml.length / 1e6).toFixed(0)} MB), wall time`,
      value: decodeMs,
      unit: 'ms',
    },
    {
      name: 'longest main-thread stall during the worker decode',
      value: loop.max / 1e6,
      unit: 'ms',
      floor: { value: 500, better: 'lower' },
    },
  ];
}
