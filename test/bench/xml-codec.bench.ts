// The XML codec at the size of a large account: 100,000 devices. The service must answer GET /devices.xml
// in under a second in total, so encoding gets that second as its floor (it must leave room for the rest); decoding runs in a worker of the main process and
// is reported (median of a few runs after a warm-up) without one.
import type { Measurement } from './run.js';
import {
  decodeDevices,
  encodeDevices,
  decodeFolderInput,
  encodeFolderInput,
} from '../../shared/xml/index.js';
import { makeDevices } from '../shared/support/fixtures.js';

const DEVICES = 100_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(runs: number, work: () => unknown): number {
  work(); // warm-up: the first run measures the JIT, not the codec
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

export async function run(): Promise<Measurement[]> {
  const devices = makeDevices(DEVICES);
  const xml = encodeDevices(devices);
  const megabytes = new TextEncoder().encode(xml).length / 1e6;

  const encodeMs = time(5, () => encodeDevices(devices));
  const decodeMs = time(2, () => decodeDevices(xml));

  const bigInput = { name: 'Branch', devices: devices.slice(0, 20_000).map((d) => d.id) };
  const inputMs = time(3, () => decodeFolderInput(encodeFolderInput(bigInput)));

  return [
    {
      name: `encodeDevices, ${DEVICES} devices`,
      value: encodeMs,
      unit: 'ms',
      floor: { value: 1000, better: 'lower' },
    },
    { name: `encodeDevices throughput`, value: DEVICES / (encodeMs / 1000), unit: 'devices/s' },
    { name: `document size, ${DEVICES} devices`, value: megabytes, unit: 'MB' },
    { name: `decodeDevices, ${DEVICES} devices`, value: decodeMs, unit: 'ms' },
    { name: `decodeDevices throughput`, value: DEVICES / (decodeMs / 1000), unit: 'devices/s' },
    { name: `decodeDevices throughput (bytes)`, value: megabytes / (decodeMs / 1000), unit: 'MB/s' },
    { name: 'folder body with 20,000 device ids, encode + decode', value: inputMs, unit: 'ms' },
  ];
}
