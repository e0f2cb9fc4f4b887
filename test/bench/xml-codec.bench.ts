// The XML codec at the size of a large account: 100,000 devices. The service must answer GET /devices.xml
// in under a second in total, so encoding gets that second as its floor (it must leave room for the rest); decoding runs in a worker of the main process and
// is reported (median of a few runs after a warm-up) without one.
// decodeDevices streams through saxes (shared/xml/stream.ts); the same document read as a tree by
// fast-xml-parser (parseDocument: XMLValidator + XMLParser, the codec's parser for everything else) is
// measured once beside it, as the reference that justifies the streaming path.
import type { Measurement } from './run.js';
import {
  decodeDevices,
  encodeDevices,
  decodeFolderInput,
  encodeFolderInput,
} from '../../shared/xml/index.js';
import { DEFAULT_MAX_COLLECTION_BYTES } from '../../shared/xml/resources.js';
import { parseDocument } from '../../shared/xml/read.js';
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
  const decodeMs = time(3, () => decodeDevices(xml));
  // One run, no warm-up: it takes several seconds, and it is a reference, not a figure to meet.
  const treeStart = performance.now();
  parseDocument(xml, DEFAULT_MAX_COLLECTION_BYTES, ['devices']);
  const treeMs = performance.now() - treeStart;

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
    { name: `decodeDevices (saxes stream), ${DEVICES} devices`, value: decodeMs, unit: 'ms' },
    { name: `decodeDevices throughput`, value: DEVICES / (decodeMs / 1000), unit: 'devices/s' },
    { name: `decodeDevices throughput (bytes)`, value: megabytes / (decodeMs / 1000), unit: 'MB/s' },
    {
      name: `reference: fast-xml-parser tree of ${DEVICES} devices (validate + parse, no conversion)`,
      value: treeMs,
      unit: 'ms',
    },
    { name: 'folder body with 20,000 device ids, encode + decode', value: inputMs, unit: 'ms' },
  ];
}
