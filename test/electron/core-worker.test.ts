// The devices decoder runs in a worker thread, loading its TypeScript source here (tsx inside the worker).
import { afterEach, describe, expect, it } from 'vitest';
import type { DevicesDecoder } from '../../electron/core/devices-decoder.js';
import { createDevicesDecoder } from '../../electron/core/devices-decoder.js';
import { encodeDevices } from '../../shared/xml/resources.js';
import { isXmlError } from '../../shared/xml/xml-error.js';
import { device } from './support/fake-service.js';

let decoder: DevicesDecoder | null = null;
afterEach(async () => decoder?.close());

describe('devices decoder worker', () => {
  it('decodes a devices document off the main thread, in request order', async () => {
    decoder = createDevicesDecoder();
    const a = Array.from({ length: 2_000 }, (_, i) =>
      device(String(i + 1), i % 2 ? '10' : null, { alias: `A${i}` }),
    );
    const b = [device('x', '20', { ram: 512 })];
    const [da, db] = await Promise.all([decoder.decode(encodeDevices(a)), decoder.decode(encodeDevices(b))]);
    expect(da).toEqual(a);
    expect(db).toEqual(b);
  });

  it('hands back the codec error type for a hostile document', async () => {
    decoder = createDevicesDecoder();
    const error = await decoder.decode('<!DOCTYPE x [<!ENTITY a "b">]><devices/>').catch((e: unknown) => e);
    expect(isXmlError(error)).toBe(true);
    expect((error as { reason: string }).reason).toBe('doctype');
  });
});
