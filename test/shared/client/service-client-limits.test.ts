// Limits on what the client reads: a broken or hostile answer must not fill memory, a large folder must
// still be readable, and the service's own wording reaches the technician as one tidy line.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeErrorBody, encodeFolder } from '../../../shared/xml/index.js';
import { requestToken } from '../../../shared/oauth/flow.js';
import { OAuthFlowError } from '../../../shared/oauth/flow.js';
import { failure, startHarness, type Harness } from '../support/client-harness.js';
import { CountingSigner } from '../support/test-server.js';
import { makeDevices, makeFolder } from '../support/fixtures.js';

let h: Harness | undefined;
let raw: Server | undefined;
afterEach(async () => {
  await h?.server.close();
  h = undefined;
  await new Promise<void>((resolve) => (raw ? raw.close(() => resolve()) : resolve()));
  raw = undefined;
});

/** A server that streams `chunks` pieces of `chunk` without a Content-Length (chunked encoding). */
async function streamingServer(chunk: string, chunks: number): Promise<string> {
  raw = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    let sent = 0;
    const next = (): void => {
      if (sent++ >= chunks || res.destroyed) {
        res.end();
        return;
      }
      res.write(chunk, () => setImmediate(next));
    };
    next();
  });
  await new Promise<void>((resolve) => raw!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(raw!.address() as AddressInfo).port}`;
}

describe('response size limits', () => {
  it('refuses an answer whose Content-Length is over the limit, as a malformed response', async () => {
    h = await startHarness(() => ({ status: 200, body: `<devices>${' '.repeat(5_000)}</devices>` }), {
      maxResponseBytes: 1_000,
    });
    const error = await failure(h.client.listDevices());
    expect(error.kind).toBe('malformed-response');
  });

  it('stops reading a streamed answer once it passes the limit', async () => {
    const { ServiceClient } = await import('../../../shared/client/service-client.js');
    const baseUrl = await streamingServer(`<device><id>1</id></device>`.repeat(100), 10_000);
    const client = new ServiceClient({
      baseUrl,
      consumer: { key: 'k', secret: 's' },
      signer: new CountingSigner(),
      maxResponseBytes: 64 * 1024,
      getRetries: 0,
    });
    const error = await failure(client.listDevices());
    expect(error.kind).toBe('malformed-response');
  });

  it('reads a folder whose nested devices make it larger than a single resource (1 MiB)', async () => {
    const devices = makeDevices(4_000).map((d) => ({ ...d, folderId: '5' }));
    const body = encodeFolder({ ...makeFolder(5, { id: '5', name: 'Big' }), devices });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    h = await startHarness(() => ({ status: 200, body }));
    const folder = await h.client.getFolder('5');
    expect(folder.devices).toHaveLength(4_000);
  });

  it('refuses a token answer that is far larger than a token', async () => {
    const baseUrl = await streamingServer('oauth_token=x&'.repeat(1_000), 100);
    const error = await requestToken({
      baseUrl,
      consumer: { key: 'k', secret: 's' },
      signer: new CountingSigner(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthFlowError);
    expect((error as OAuthFlowError).kind).toBe('malformed-response');
  });
});

describe("the service's own wording", () => {
  it('shows a long refusal as one line of at most 300 characters', async () => {
    const message = `Not allowed:\n${'because '.repeat(2_000)}`;
    h = await startHarness(() => ({ status: 403, body: encodeErrorBody({ message }) }));
    const error = await failure(h.client.deleteFolder('5'));
    expect(error.kind).toBe('not-allowed');
    expect(error.message.length).toBeLessThanOrEqual(300);
    expect(error.message).toMatch(/^Not allowed: because because/);
    expect(error.message).not.toContain('\n');
  });
});
