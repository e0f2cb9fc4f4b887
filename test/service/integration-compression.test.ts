// Large answers travel gzipped when the client accepts it (fetch does), plain otherwise; both carry the
// same document.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDevices } from '../../shared/xml/index.js';
import type { OAuthToken } from '../../shared/oauth/types.js';
import {
  ADMIN,
  signInWithPin,
  signedFetch,
  startTestService,
  type Harness,
} from './support/service-harness.js';

let h: Harness;
let token: OAuthToken;

beforeAll(async () => {
  h = await startTestService({ devices: 600 });
  token = await signInWithPin(h, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await h.service.close();
});

function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  const signed = h.signer.sign({ method: 'GET', url: `${h.service.baseUrl}${path}` }, h.consumer, token);
  return new Promise((resolve, reject) => {
    request(signed.url, { headers: { ...signed.headers, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('compression of large answers', () => {
  it('gzips the device list for a client that accepts gzip, and not for one that does not', async () => {
    const zipped = await rawGet('/devices.xml', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await rawGet('/devices.xml', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    const refused = await rawGet('/devices.xml', { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('fetch reads the compressed list transparently, also after a change', async () => {
    const before = decodeDevices(await (await signedFetch(h, token, 'GET', '/devices.xml')).text());
    expect(before).toHaveLength(600);
    h.service.store.setDeviceStatuses([['600', 'busy']], h.service.clock.now());
    const after = decodeDevices(await (await signedFetch(h, token, 'GET', '/devices.xml')).text());
    expect(after.find((d) => d.id === '600')?.status).toBe('busy');
  });

  it('small answers stay plain', async () => {
    const user = await rawGet('/users/1.xml', { 'Accept-Encoding': 'gzip' });
    expect(user.headers['content-encoding']).toBeUndefined();
  });
});
