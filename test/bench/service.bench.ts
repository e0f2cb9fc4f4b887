// The stand-in service's speed on this machine: generating a 100,000-device account, GET /devices.xml
// over it (first and cached, with fetch and with node:http), after a simulator tick, and signed small requests per second on loopback.
import { request } from 'node:http';
import { generateAccount } from '../../service/domain/seed.js';
import { ADMIN, signInWithPin, signedFetch, startTestService } from '../service/support/service-harness.js';
import type { Measurement } from './run.js';

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

export async function run(): Promise<Measurement[]> {
  const results: Measurement[] = [];
  const h = await startTestService({ devices: 100_000, seed: 42 });
  try {
    const token = await signInWithPin(h, ADMIN.email, ADMIN.password);
    let bytes = 0;
    const list = async (): Promise<void> => {
      const response = await signedFetch(h, token, 'GET', '/devices.xml');
      if (response.status !== 200) throw new Error(`GET /devices.xml answered ${response.status}`);
      bytes = (await response.arrayBuffer()).byteLength;
    };
    results.push({
      name: 'GET /devices.xml, 100,000 devices, first after start',
      value: await timed(list),
      unit: 'ms',
      floor: { value: 1000, better: 'lower' },
    });
    results.push({
      name: 'GET /devices.xml, 100,000 devices, cached',
      value: await timed(list),
      unit: 'ms',
      floor: { value: 1000, better: 'lower' },
    });
    // The same over node:http, reading and dropping the bytes: the service's share without fetch's buffering.
    const raw = (): Promise<number> => {
      const signed = h.signer.sign(
        { method: 'GET', url: `${h.service.baseUrl}/devices.xml` },
        h.consumer,
        token,
      );
      return new Promise((resolve, reject) => {
        request(signed.url, { headers: signed.headers }, (res) => {
          let n = 0;
          res.on('data', (chunk: Buffer) => (n += chunk.length));
          res.on('end', () => resolve(n));
        })
          .on('error', reject)
          .end();
      });
    };
    results.push({
      name: 'GET /devices.xml, 100,000 devices, cached, node:http client',
      value: await timed(raw),
      unit: 'ms',
      floor: { value: 1000, better: 'lower' },
    });
    h.service.controls.simulator.tick();
    results.push({
      name: 'GET /devices.xml after a simulator tick (500 changes)',
      value: await timed(list),
      unit: 'ms',
      floor: { value: 1000, better: 'lower' },
    });
    results.push({ name: 'size of the 100,000-device list', value: bytes / 1024 / 1024, unit: 'MB' });

    // Small signed requests: 8 concurrent callers for ~3 s, each loop bounded.
    const deadline = performance.now() + 3000;
    let count = 0;
    const worker = async (): Promise<void> => {
      for (let i = 0; i < 100_000 && performance.now() < deadline; i++) {
        const response = await signedFetch(h, token, 'GET', '/users/current.xml');
        if (response.status !== 200) throw new Error(`GET /users/current.xml answered ${response.status}`);
        await response.arrayBuffer();
        count++;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: 8 }, worker));
    const seconds = (performance.now() - started) / 1000;
    results.push({
      name: 'signed GET /users/current.xml on loopback (8 callers)',
      value: count / seconds,
      unit: 'req/s',
      floor: { value: 500, better: 'higher' },
    });
  } finally {
    await h.service.close();
  }
  // Last, so its garbage does not weigh on the HTTP figures.
  const generate = performance.now();
  generateAccount({ seed: 42, devices: 100_000, now: Date.now() });
  results.push({
    name: 'generate a 100,000-device account',
    value: performance.now() - generate,
    unit: 'ms',
  });
  return results;
}
