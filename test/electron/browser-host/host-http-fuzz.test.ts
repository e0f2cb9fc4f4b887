// The browser host's HTTP surface fuzzed (issue 24 §3): every POST it accepts (/ipc/<channel>) and the
// event stream, sent malformed bodies, content types, methods, channel paths and query strings by raw
// HTTP on loopback, with the host in front of a core signed in to the running stand-in. Whatever arrives
// gets a 4xx with a message, or a 200 whose IpcResult refuses it, never a 5xx; the host keeps answering;
// and the account's state is as it was.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../../electron/browser-host/server.js';
import { INVOKE_CHANNELS, invokeTable } from '../../../shared/ipc/schemas.js';
import { startTestService, type Harness } from '../../service/support/service-harness.js';
import { payloadFor, strangeChannel } from '../support/ipc-fuzz.js';
import { liveCores, type LiveRun } from '../support/live-core.js';

const SECRET = 'fuzz-launch-secret-0123456789abcdef';
let svc: Harness;
const cores = liveCores(() => svc);
let run: LiveRun;
let host: BrowserHost;
let rendererDir: string;
let cookie: string;

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** One raw HTTP request: any method, path, headers and bytes (fetch would tidy some of them up). */
function send(
  method: string,
  requestPath: string,
  body: Buffer | string | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        method,
        path: requestPath,
        headers: {
          host: `127.0.0.1:${host.port}`,
          cookie,
          origin: host.origin,
          'content-type': 'application/json',
          // Always framed: node sends a DELETE's body unframed otherwise, and the server reads it as the
          // next request.
          ...(body !== null ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

beforeAll(async () => {
  svc = await startTestService({ devices: 20 });
  run = await cores.launch();
  await cores.signIn(run);
  rendererDir = await mkdtemp(path.join(tmpdir(), 'sc-host-fuzz-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Support Console</title>');
  host = await startBrowserHost({
    core: run.core,
    rendererDir,
    port: 0,
    launchSecret: SECRET,
    heartbeatMs: 60_000,
    maxBodyBytes: 256 * 1024,
  });
  const launch = await fetch(`${host.origin}/?launch=${SECRET}`, { redirect: 'manual' });
  cookie = (launch.headers.get('set-cookie') ?? '').split(';')[0]!;
}, 30_000);
afterAll(async () => {
  await host?.close();
  await cores.disposeAll();
  cores.removeDirs();
  await svc?.service.close();
  if (rendererDir) await rm(rendererDir, { recursive: true, force: true });
});

async function stateDigest(): Promise<string> {
  const snap = await run.core.snapshot();
  return createHash('sha256')
    .update(JSON.stringify(svc.service.store.snapshot()))
    .update(JSON.stringify({ auth: snap.auth, settings: snap.settings, data: snap.data }))
    .update(JSON.stringify(await run.core.handlers['outbox:state']({})))
    .update(JSON.stringify(await run.core.handlers['views:load']({})))
    .update(JSON.stringify(await run.core.handlers['watch:get']({})))
    .digest('hex');
}

/** A 4xx says what is wrong in words; a 200 carries an IpcResult that refused the request. */
function expectRefused(answer: Answer): void {
  expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(500);
  expect(answer.status).toBeGreaterThanOrEqual(200);
  if (answer.status === 200) {
    const result = JSON.parse(answer.body) as { ok: boolean; error?: { kind: string; message: string } };
    expect(result.ok).toBe(false);
    expect(result.error?.kind).toBe('validation');
    expect(result.error?.message.length).toBeGreaterThan(10);
  } else {
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.trim().length).toBeGreaterThan(5);
  }
}

/** Whether the host would hand this to a handler: a channel that decodes, a body its schema accepts. */
function acceptedOver(where: string, bytes: Buffer | string): boolean {
  let channel: string;
  let payload: unknown;
  try {
    channel = decodeURIComponent(where.slice('/ipc/'.length));
    const text = Buffer.isBuffer(bytes) ? bytes.toString('utf8') : bytes;
    payload = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    return false;
  }
  if (!Object.hasOwn(invokeTable, channel)) return false;
  return invokeTable[channel as keyof typeof invokeTable].request.safeParse(payload ?? {}).success;
}

/** A body as bytes: JSON of a refused payload, JSON cut short, not JSON, or not even UTF-8. */
const body = fc.oneof(
  fc
    .constantFrom(...INVOKE_CHANNELS)
    .chain((channel) => payloadFor(channel).map((payload) => ({ channel, payload }))),
  fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom('{', '{"a":', '[1,', 'nul', '"\\ud800"', '{"__proto__":1}', '1e999', '-', '\u0000'),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    // Printed by its shape if it is ever the failing case, not as 200,000 characters.
    fc.constant({ raw: '['.repeat(200_000), [fc.toStringMethod]: () => '<200,000 × "[">' }),
  ),
);

const channelPath = fc.oneof(
  fc.constantFrom(...INVOKE_CHANNELS).map((c) => `/ipc/${encodeURIComponent(c)}`),
  fc.constantFrom('/ipc/%E0%A4%A', '/ipc/%', '/ipc/%zz', '/ipc/', '/ipc', '/ipc/..%2F..%2Fetc', '/ipc/a/b'),
  strangeChannel.map((c) => `/ipc/${encodeURIComponent(String(c))}`),
);

it('any body POSTed to any channel path is refused with a 4xx or a refusing IpcResult, never a 5xx', async () => {
  const before = await stateDigest();
  await fc.assert(
    fc.asyncProperty(channelPath, body, async (where, what) => {
      let bytes: Buffer | string;
      if (typeof what === 'object' && what !== null && 'channel' in what && !Buffer.isBuffer(what)) {
        const { channel, payload } = what as { channel: keyof typeof invokeTable; payload: unknown };
        let json: string | undefined;
        try {
          json = JSON.stringify(payload);
        } catch {
          json = undefined; // cyclic, BigInt, too deep: not something a browser could send
        }
        fc.pre(json !== undefined);
        const parsed: unknown = JSON.parse(json!);
        fc.pre(!invokeTable[channel].request.safeParse(parsed ?? {}).success);
        where = `/ipc/${encodeURIComponent(channel)}`;
        bytes = json!;
      } else {
        bytes = typeof what === 'object' && 'raw' in what ? what.raw : (what as Buffer | string);
        fc.pre(!acceptedOver(where, bytes));
      }
      expectRefused(await send('POST', where, bytes));
    }),
    { numRuns: 250 },
  );
  expect(await stateDigest()).toBe(before);
}, 60_000);

it('wrong methods, content types, sizes and event-stream queries get a 4xx with a message', async () => {
  const before = await stateDigest();
  const cases: Array<Parameters<typeof send>> = [
    ['GET', '/ipc/app:snapshot', null],
    ['PUT', '/ipc/folders:create', '{}'],
    ['DELETE', '/ipc/folders:delete', '{"id":"1"}'],
    ['POST', '/ipc/folders:create', '{"name":"x","parentId":null}', { 'content-type': 'text/plain' }],
    ['POST', '/ipc/folders:create', '{"name":"x","parentId":null}', { 'content-type': '' }],
    ['POST', '/ipc/folders:create', '{"name":"x","parentId":null}', { origin: 'http://evil.example' }],
    ['POST', '/ipc/folders:create', '{"name":"x","parentId":null}', { cookie: 'x=y' }],
    ['POST', '/ipc/folders:create', '{"name":"x","parentId":null}', { host: 'evil.example' }],
    ['POST', '/ipc/views:save', `{"views":[{"id":"a","name":"${'n'.repeat(300_000)}"}]}`],
    ['POST', '/events', '{}'],
    ['GET', '/%E0%A4%A', null],
    ['GET', '/..%2F..%2Fetc%2Fpasswd', null],
    ['POST', '/?launch=%E0%A4%A', null],
  ];
  for (const args of cases) {
    const answer = await send(...args);
    expect(answer.status, `${args[0]} ${args[1]}: ${answer.body.slice(0, 100)}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${args[0]} ${args[1]}`).toBeLessThan(500);
    expect(answer.body.trim().length, `${args[0]} ${args[1]} ${answer.status}`).toBeGreaterThan(5);
  }
  // Found by the fuzz: a channel name that does not decode threw URIError and the host answered 500.
  const undecodable = await send('POST', '/ipc/%E0%A4%A', '{}');
  expect(undecodable.status).toBe(200);
  expect(JSON.parse(undecodable.body)).toEqual({
    ok: false,
    error: { kind: 'validation', message: 'Unknown request.', key: 'error.app.unknownRequest' },
  });
  expect(await stateDigest()).toBe(before);
  // Still serving.
  const alive = await send('POST', '/ipc/outbox:state', '{}');
  expect(alive.status).toBe(200);
  expect(JSON.parse(alive.body)).toMatchObject({ ok: true });
});
