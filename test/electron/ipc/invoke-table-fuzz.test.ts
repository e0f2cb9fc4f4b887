// The invoke table fuzzed (issue 24 §3), against a core signed in to the running stand-in over loopback:
// - any payload a channel's schema refuses (wrong types, extra keys, huge strings, __proto__ and
//   constructor keys, NaN, deep nesting, anything at all) is refused with a validation error that says
//   what was wrong, no handler runs, and dispatch never throws;
// - a name that is not a channel is refused the same way;
// - well-formed requests about things that do not exist reach the handlers, which answer with a clear
//   error (never "internal") and change nothing; so do read-only requests with any values they accept;
// and through all of it the account's state (the service's records, the core's picture, outbox, views,
// watches and files on disk) and Object.prototype stay as they were.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InvokeChannel, InvokeHandlers } from '../../../shared/ipc/contract.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import { INVOKE_CHANNELS, invokeTable } from '../../../shared/ipc/schemas.js';
import { startTestService, type Harness } from '../../service/support/service-harness.js';
import { payloadFor, strangeChannel } from '../support/ipc-fuzz.js';
import { liveCores, type LiveRun } from '../support/live-core.js';

let svc: Harness;
const cores = liveCores(() => svc);
let run: LiveRun;
const calls: string[] = [];
let spied: InvokeHandlers;

beforeAll(async () => {
  svc = await startTestService({ devices: 30 });
  run = await cores.launch();
  await cores.signIn(run);
  // A folder, a session and a queued-nothing outbox: something to leave unchanged.
  await run.invoke('folders:create', { name: 'Fuzz target', parentId: null });
  spied = new Proxy(run.core.handlers, {
    get(target, key, receiver) {
      const handler = Reflect.get(target, key, receiver) as unknown;
      if (typeof handler !== 'function') return handler;
      return (payload: unknown) => {
        calls.push(String(key));
        return (handler as (p: unknown) => unknown).call(target, payload);
      };
    },
  });
}, 30_000);
afterAll(async () => {
  await cores.disposeAll();
  cores.removeDirs();
  await svc?.service.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const digest = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex').slice(0, 16);

/** Everything the account's state is made of, each part hashed (a difference names its part). */
async function fingerprint(): Promise<Record<string, string>> {
  const snap = await run.core.snapshot();
  const parts: Record<string, string> = {
    service: digest(JSON.stringify(svc.service.store.snapshot())),
    auth: digest(JSON.stringify(snap.auth)),
    settings: digest(JSON.stringify(snap.settings)),
    data: digest(JSON.stringify(snap.data)),
    prototype: Object.getOwnPropertyNames(Object.prototype).join(','),
  };
  for (const channel of ['outbox:state', 'views:load', 'watch:get'] as const)
    parts[channel] = digest(JSON.stringify(await run.core.handlers[channel]({})));
  for (const file of filesUnder(run.dataDir))
    parts[path.relative(run.dataDir, file)] = digest(readFileSync(file));
  return parts;
}

/**
 * The fingerprint once the core has settled (the folder made at start confirmed, its picture updated, no
 * file half-written: an atomic write's temporary file, such as the status history's checkpoint waiting
 * for its fsync under load, can look the same twice and then become the file it stands for).
 */
async function steadyFingerprint(): Promise<Record<string, string>> {
  const writing = (parts: Record<string, string>) => Object.keys(parts).some((f) => f.endsWith('.tmp'));
  let last = await fingerprint();
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await fingerprint();
    if (!writing(now) && JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error('the core never settled');
}

/** Whether the schema accepts it; a schema that throws on it (a bug to fix) counts as refusing. */
function accepted(channel: InvokeChannel, payload: unknown): boolean {
  try {
    return invokeTable[channel].request.safeParse(payload ?? {}).success;
  } catch {
    return false;
  }
}

function expectClearRefusal(result: Awaited<ReturnType<typeof dispatchInvoke>>): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.kind).toBe('validation');
  expect(result.error.message.length).toBeGreaterThan(10);
  expect(result.error.message.length).toBeLessThan(400);
}

it('every payload a channel refuses is refused clearly, before any handler, and changes nothing', async () => {
  const before = await steadyFingerprint();
  // Channel by channel, so each gets its share of cases.
  for (const channel of INVOKE_CHANNELS) {
    await fc.assert(
      fc.asyncProperty(payloadFor(channel), async (payload) => {
        fc.pre(!accepted(channel, payload));
        calls.length = 0;
        const result = await dispatchInvoke(spied, channel, payload);
        expectClearRefusal(result);
        expect(calls).toEqual([]);
      }),
      { numRuns: 60 },
    );
  }
  expect(await fingerprint()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}, 60_000);

it('a name that is not a channel is refused, and no handler runs', async () => {
  await fc.assert(
    fc.asyncProperty(strangeChannel, payloadFor('app:snapshot'), async (channel, payload) => {
      fc.pre(typeof channel !== 'string' || !Object.hasOwn(invokeTable, channel));
      calls.length = 0;
      const result = await dispatchInvoke(spied, channel, payload);
      expect(result).toEqual({
        ok: false,
        error: { kind: 'validation', message: 'Unknown request.', key: 'error.app.unknownRequest' },
      });
      expect(calls).toEqual([]);
    }),
    { numRuns: 200 },
  );
});

/** Ids that are no item of the account, some looking like one or like a path. */
const strangeId = fc
  .oneof(
    fc.constantFrom('0', '-1', '999999', '1/../2', '..', '%2e%2e', '3?x=1', '3#', '3.xml', ' 3', '3 ', '٣'),
    fc.string({ minLength: 1, maxLength: 64 }),
  )
  .filter(
    (id) =>
      !svc.service.store.listDevices().some((d) => d.id === id) &&
      !svc.service.store.listFolders().some((f) => f.id === id),
  );

const aboutNothing: fc.Arbitrary<[InvokeChannel, unknown]> = fc.oneof(
  strangeId.map((id) => ['devices:set-alias', { id, alias: 'Fuzz' }] as [InvokeChannel, unknown]),
  strangeId.map((id) => ['devices:move', { ids: [id], folderId: null }] as [InvokeChannel, unknown]),
  strangeId.map((id) => ['folders:rename', { id, name: 'Fuzz' }] as [InvokeChannel, unknown]),
  strangeId.map((id) => ['folders:move', { id, parentId: null }] as [InvokeChannel, unknown]),
  strangeId.map((id) => ['folders:delete', { id }] as [InvokeChannel, unknown]),
  strangeId.map((id) => ['folders:create', { name: 'Fuzz child', parentId: id }] as [InvokeChannel, unknown]),
  strangeId.map((id) => ['sessions:update', { id, customer: 'Fuzz' }] as [InvokeChannel, unknown]),
  strangeId.map((id) => ['sessions:delete', { id }] as [InvokeChannel, unknown]),
  strangeId.map((entryId) => ['outbox:resolve', { entryId, choice: 'mine' }] as [InvokeChannel, unknown]),
  strangeId.map((entryId) => ['outbox:retry', { entryId }] as [InvokeChannel, unknown]),
  strangeId.map((entryId) => ['outbox:discard', { entryId }] as [InvokeChannel, unknown]),
  fc
    .tuple(fc.constantFrom('bulk:pause', 'bulk:resume', 'bulk:cancel', 'bulk:retry'), strangeId)
    .map(([channel, batchId]) => [channel, { batchId }] as [InvokeChannel, unknown]),
  strangeId.map(
    (id) => ['bulk:start', { kind: 'alias', items: [{ id, alias: 'F' }] }] as [InvokeChannel, unknown],
  ),
  strangeId.map((deviceId) => ['history:device', { deviceId, days: 30 }] as [InvokeChannel, unknown]),
  fc
    .tuple(strangeId, fc.constantFrom('UTC', 'Europe/Berlin', 'Not/AZone', '../../etc'))
    .map(
      ([id, zone]) =>
        ['history:export', { target: { kind: 'folder', id }, days: 2, zone }] as [InvokeChannel, unknown],
    ),
);

it('well-formed requests about things that do not exist get a clear answer and change nothing', async () => {
  const before = await steadyFingerprint();
  await fc.assert(
    fc.asyncProperty(aboutNothing, async ([channel, payload]) => {
      expect(accepted(channel, payload)).toBe(true);
      const result = await dispatchInvoke(spied, channel, payload);
      if (!result.ok) {
        expect(result.error.kind).not.toBe('internal');
        expect(result.error.message.length).toBeGreaterThan(10);
      }
      expect(await fingerprint()).toEqual(before);
    }),
    { numRuns: 120 },
  );
}, 60_000);

const someDeviceId = fc.oneof(
  fc.constantFrom(...['1', '2', '3', '17']),
  fc.string({ minLength: 1, maxLength: 64 }),
);
const zone = fc.oneof(
  fc.constantFrom('UTC', 'Europe/Berlin', 'America/St_Johns', 'Asia/Kathmandu', 'Etc/GMT+12', 'Etc/GMT-14'),
  fc.string({ minLength: 1, maxLength: 64 }),
);
const minutesArb = fc.integer({ min: 0, max: 366 * 24 * 60 });
const readOnly: fc.Arbitrary<[InvokeChannel, unknown]> = fc.oneof(
  fc
    .record(
      {
        status: fc.constantFrom('online', 'offline', 'busy'),
        longerThanMinutes: minutesArb,
        changedWithinMinutes: minutesArb,
        flapping: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    .map((p) => ['history:query', p] as [InvokeChannel, unknown]),
  fc
    .record({ deviceId: someDeviceId, days: fc.constantFrom(1, 30) })
    .map((p) => ['history:device', p] as [InvokeChannel, unknown]),
  fc
    .record({
      target: fc.oneof(
        someDeviceId.map((id) => ({ kind: 'device', id })),
        someDeviceId.map((id) => ({ kind: 'folder', id })),
      ),
      days: fc.integer({ min: 1, max: 366 }),
      zone,
    })
    .map((p) => ['history:export', p] as [InvokeChannel, unknown]),
  fc.constantFrom<[InvokeChannel, unknown]>(
    ['app:snapshot', {}],
    ['history:overview', {}],
    ['outbox:state', {}],
    ['updates:status', {}],
    ['views:load', {}],
    ['watch:get', {}],
  ),
);

it('read-only requests with any values their schema accepts answer without an internal error', async () => {
  const before = await steadyFingerprint();
  await fc.assert(
    fc.asyncProperty(readOnly, async ([channel, payload]) => {
      expect(accepted(channel, payload)).toBe(true);
      const result = await dispatchInvoke(spied, channel, payload);
      if (!result.ok) {
        expect(result.error.kind, result.error.message).not.toBe('internal');
        expect(result.error.message.length).toBeGreaterThan(10);
      }
    }),
    { numRuns: 150 },
  );
  expect(await fingerprint()).toEqual(before);
}, 60_000);
