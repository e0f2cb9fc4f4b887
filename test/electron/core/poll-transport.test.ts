// One transport (issue 21): the devices poll, whose worker sends the GET, and every other call of the
// ServiceClient meet the service the same way. One table of what the service does, run against both paths
// over real loopback HTTP: the same outcome (the AppError, field by field) after the same number of
// requests (the GET retry policy: network errors, 5xx and 429 retried, Retry-After respected).
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevicesFeed } from '../../../electron/core/devices-feed.js';
import { createDevicesFeed } from '../../../electron/core/devices-poller.js';
import { ServiceClient } from '../../../shared/client/service-client.js';
import { AppFailure, type AppError } from '../../../shared/errors.js';
import { encodeDevices } from '../../../shared/xml/resources.js';
import { device } from '../support/fake-service.js';

type Step =
  'ok' | 'reset' | 'slow' | 'huge' | { status: number; headers?: Record<string, string>; body?: string };

const DEVICES = encodeDevices([device('1', null), device('2', null)]);
// The time limit leaves room for a loaded machine (at load 20 a worker answered a local 'ok' after more
// than 400 ms); 'slow' answers at three times it, so the timeout case stays unambiguous.
const LIMITS = { timeoutMs: 1_500, maxResponseBytes: 64 * 1024 };

interface Case {
  name: string;
  /** What the service does for each request, in order (the last one repeats). */
  steps: Step[];
  /** null: the call succeeds. */
  error: Partial<AppError> | null;
  requests: number;
}

const CASES: Case[] = [
  { name: 'answers', steps: ['ok'], error: null, requests: 1 },
  { name: 'a 503, then answers', steps: [{ status: 503 }, 'ok'], error: null, requests: 2 },
  {
    name: 'a 429 with Retry-After, then answers',
    steps: [{ status: 429, headers: { 'Retry-After': '0' } }, 'ok'],
    error: null,
    requests: 2,
  },
  { name: 'a dropped connection, then answers', steps: ['reset', 'ok'], error: null, requests: 2 },
  {
    name: '500 every time',
    steps: [{ status: 500 }],
    error: { kind: 'service', httpStatus: 500, retryable: true },
    requests: 3,
  },
  {
    name: 'drops every connection',
    steps: ['reset'],
    error: { kind: 'network', retryable: true },
    requests: 3,
  },
  {
    name: 'a revoked token',
    steps: [{ status: 401, headers: { 'WWW-Authenticate': 'OAuth oauth_problem="token_revoked"' } }],
    error: { kind: 'not-signed-in', httpStatus: 401 },
    requests: 1,
  },
  {
    name: 'a refused timestamp',
    steps: [{ status: 401, headers: { 'WWW-Authenticate': 'OAuth oauth_problem="timestamp_refused"' } }],
    error: { kind: 'clock-skew', httpStatus: 401 },
    requests: 1,
  },
  { name: 'a 404', steps: [{ status: 404 }], error: { kind: 'service', httpStatus: 404 }, requests: 1 },
  {
    name: 'a redirect (never followed: it would carry the signature elsewhere)',
    steps: [{ status: 302, headers: { Location: 'http://127.0.0.1:1/devices.xml' } }],
    error: { httpStatus: 302 },
    requests: 1,
  },
  { name: 'too slow', steps: ['slow'], error: { kind: 'timeout' }, requests: 1 },
  {
    name: 'an answer over the body limit',
    steps: ['huge'],
    error: { kind: 'malformed-response' },
    requests: 1,
  },
];

let server: Server;
let baseUrl: string;
let script: Step[] = [];
let served = 0;

function answer(res: ServerResponse, step: Step): void {
  if (step === 'reset') {
    res.socket?.destroy();
    return;
  }
  if (step === 'slow') {
    setTimeout(() => res.writeHead(200).end(DEVICES), LIMITS.timeoutMs * 3).unref();
    return;
  }
  if (step === 'ok' || step === 'huge') {
    const body = step === 'ok' ? DEVICES : `<devices>${' '.repeat(LIMITS.maxResponseBytes * 2)}</devices>`;
    res.writeHead(200, { 'Content-Type': 'application/xml' }).end(body);
    return;
  }
  res.writeHead(step.status, { 'Content-Type': 'application/xml', ...step.headers }).end(step.body ?? '');
}

beforeAll(async () => {
  server = createServer((_req, res) => {
    const step = script[Math.min(served, script.length - 1)]!;
    served += 1;
    // Every answer closes its connection: a request is then never on one an earlier case kept alive, which
    // a reset there would have sent again (wire-fetch.ts, tested there), and the requests counted are the
    // retry policy's attempts alone.
    res.setHeader('Connection', 'close');
    answer(res, step);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function newClient(): ServiceClient {
  return new ServiceClient({
    baseUrl,
    consumer: { key: 'key', secret: 'secret' },
    signer: { sign: (r) => ({ url: r.url, headers: { Authorization: 'OAuth test' } }) },
    retryBaseDelayMs: 1,
    ...LIMITS,
  });
}

/** The outcome as data: null when it succeeded, else the AppError it failed with. */
async function outcome(call: () => Promise<unknown>): Promise<AppError | null> {
  try {
    await call();
    return null;
  } catch (error) {
    if (error instanceof AppFailure) return error.toAppError();
    throw error;
  }
}

const PATHS: Array<{ path: string; call: (client: ServiceClient, feed: DevicesFeed) => Promise<unknown> }> = [
  { path: 'ServiceClient.listDevices', call: (client) => client.listDevices() },
  {
    path: 'the devices poll (worker)',
    call: async (client, feed) => {
      const poll = await feed.poll((attempt, signal) =>
        client.getVia('/devices.xml', 'device', attempt, signal ? { signal } : {}),
      );
      poll.discard(); // the same list again next time: every case decodes it
      return poll;
    },
  },
];

describe.each(PATHS)('$path', ({ call }) => {
  let feed: DevicesFeed;
  beforeAll(() => {
    feed = createDevicesFeed();
  });
  afterAll(() => feed.close());

  it.each(CASES)('$name', async ({ steps, error, requests }) => {
    script = steps;
    served = 0;
    const got = await outcome(() => call(newClient(), feed));
    if (error === null) expect(got).toBeNull();
    else expect(got).toMatchObject(error);
    expect(served).toBe(requests);
  });
});

describe('both paths', () => {
  it('fail with the very same AppError for every case', async () => {
    const feed = createDevicesFeed();
    try {
      for (const c of CASES) {
        const seen: Array<AppError | null> = [];
        for (const { call } of PATHS) {
          script = c.steps;
          served = 0;
          seen.push(await outcome(() => call(newClient(), feed)));
        }
        expect(seen[1], c.name).toEqual(seen[0]);
      }
    } finally {
      await feed.close();
    }
  });
});
