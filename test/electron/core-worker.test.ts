// The devices decoder runs in a worker thread, loading its TypeScript source here (tsx inside the worker).
// A worker that cannot start must not cost the technician the device list: the decoder falls back to the
// main thread.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { DevicesDecoder } from '../../electron/core/devices-decoder.js';
import { createDevicesDecoder, workerLocation } from '../../electron/core/devices-decoder.js';
import type { LogLevel } from '../../electron/core/logger.js';
import { createLogger } from '../../electron/core/logger.js';
import { encodeDevices } from '../../shared/xml/resources.js';
import { isXmlError } from '../../shared/xml/xml-error.js';
import { device } from './support/fake-service.js';

let decoder: DevicesDecoder | null = null;
afterEach(async () => decoder?.close());

function recordingLogger() {
  const lines: Array<{ level: LogLevel; line: string }> = [];
  return { lines, logger: createLogger((level, line) => lines.push({ level, line })) };
}

describe('devices decoder worker', () => {
  it('decodes a devices document off the main thread, in request order', async () => {
    const { lines, logger } = recordingLogger();
    decoder = createDevicesDecoder({ logger });
    const a = Array.from({ length: 2_000 }, (_, i) =>
      device(String(i + 1), i % 2 ? '10' : null, { alias: `A${i}` }),
    );
    const b = [device('x', '20', { ram: 512 })];
    const [da, db] = await Promise.all([decoder.decode(encodeDevices(a)), decoder.decode(encodeDevices(b))]);
    expect(da).toEqual(a);
    expect(db).toEqual(b);
    expect(lines).toEqual([]); // the worker started: no fallback
  });

  it('hands back the codec error type for a hostile document', async () => {
    decoder = createDevicesDecoder();
    const error = await decoder.decode('<!DOCTYPE x [<!ENTITY a "b">]><devices/>').catch((e: unknown) => e);
    expect(isXmlError(error)).toBe(true);
    expect((error as { reason: string }).reason).toBe('doctype');
  });
});

describe('a worker that cannot start', () => {
  const devices = [device('1', null, { alias: 'Front desk' }), device('2', '10', { ram: 2048 })];

  it('a missing worker file: decodes in the main thread, says so once', async () => {
    const { lines, logger } = recordingLogger();
    const missing = pathToFileURL(path.join(import.meta.dirname, 'no-such-worker.js'));
    decoder = createDevicesDecoder({ logger, worker: { source: missing, eval: false } });
    const [first, second] = await Promise.all([
      decoder.decode(encodeDevices(devices)),
      decoder.decode(encodeDevices(devices.slice(1))),
    ]);
    expect(first).toEqual(devices);
    expect(second).toEqual(devices.slice(1));
    expect(await decoder.decode(encodeDevices(devices))).toEqual(devices);
    const warnings = lines.filter((l) => l.line.includes('decoding worker could not start'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe('warn');
  });

  it('a worker whose module fails to load: same codec, same errors, in the main thread', async () => {
    decoder = createDevicesDecoder({
      worker: { source: 'throw new Error("cannot load the codec")', eval: true },
    });
    expect(await decoder.decode(encodeDevices(devices))).toEqual(devices);
    const error = await decoder.decode('<!DOCTYPE x [<!ENTITY a "b">]><devices/>').catch((e: unknown) => e);
    expect(isXmlError(error) && error.reason).toBe('doctype');
  });
});

describe('worker location', () => {
  it('is the one-file CommonJS bundle when the decoder runs from app.asar, the built module otherwise', () => {
    expect(
      workerLocation('file:///opt/sc/resources/app.asar/dist/electron/electron/core/devices-decoder.js'),
    ).toBe('/opt/sc/resources/app.asar/dist/worker/devices-poll-worker.cjs');
    expect(String(workerLocation('file:///work/dist/electron/electron/core/devices-decoder.js'))).toBe(
      'file:///work/dist/electron/electron/core/devices-poll-worker.js',
    );
  });
});
