// The outbox against the running stand-in service (real signed HTTP on loopback, real journal on disk),
// with the service's fault injection for outages, lost answers and refusals.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { systemClock } from '../../../../electron/core/clock.js';
import { Outbox, type OutboxEntry, type SettleHow } from '../../../../electron/core/outbox/outbox.js';
import { planBulk } from '../../../../electron/core/outbox/bulk.js';
import { ServiceClient } from '../../../../shared/client/service-client.js';
import { createRequestSigner } from '../../../../shared/oauth/index.js';
import { nodeHmacSha1 } from '../../../../electron/platform/node-crypto.js';
import type { OAuthToken } from '../../../../shared/oauth/types.js';
import type { Harness } from '../../../service/support/service-harness.js';
import { ADMIN, control, signInWithPin, startTestService } from '../../../service/support/service-harness.js';
import { tempDir } from '../../support/core-harness.js';

let h: Harness;
let token: OAuthToken;
const served: string[] = [];
let dir: { dir: string; remove: () => void };
let outbox: Outbox | null = null;
const settled: Array<{ id: string; how: SettleHow; createdId?: string }> = [];

beforeAll(async () => {
  h = await startTestService({ devices: 60, seed: 5, log: (line) => served.push(line) });
  token = await signInWithPin(h, ADMIN.email, ADMIN.password);
});
afterAll(async () => h?.service.close());
beforeEach(() => {
  dir = tempDir();
  served.length = 0;
  settled.length = 0;
});
afterEach(async () => {
  await outbox?.close();
  outbox = null;
  await control(h, 'DELETE', 'faults');
  dir.remove();
});

/** Counts the requests in flight, to check the lanes. */
const inflight = { now: 0, max: 0 };
const countingFetch: typeof fetch = async (input, init) => {
  inflight.now += 1;
  inflight.max = Math.max(inflight.max, inflight.now);
  try {
    return await fetch(input, init);
  } finally {
    inflight.now -= 1;
  }
};

function client(fetchImpl: typeof fetch = countingFetch): ServiceClient {
  return new ServiceClient({
    baseUrl: h.service.baseUrl,
    consumer: h.consumer,
    token,
    signer: createRequestSigner({ hmacSha1: nodeHmacSha1 }),
    fetch: fetchImpl,
    getRetries: 0,
  });
}

/**
 * The connection drops after the service has carried out the first POST, before its answer arrives: the
 * service's faults all act before a request is handled, so this one case is played on the client's side.
 */
function answerLostOnce(method: string): typeof fetch {
  let lost = false;
  return async (input, init) => {
    const response = await countingFetch(input, init);
    if (!lost && (init?.method ?? 'GET') === method) {
      lost = true;
      await response.body?.cancel();
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    }
    return response;
  };
}

const journalFile = (): string => path.join(dir.dir, 'outbox.jsonl');

async function open(api = client(), random = () => 0.5): Promise<Outbox> {
  outbox = await Outbox.open({
    file: journalFile(),
    api: () => api,
    clock: systemClock,
    random,
    hooks: { onSettled: (e, how) => settled.push({ id: e.id, how, createdId: e.createdId }) },
  });
  return outbox;
}

const served1 = (prefix: string): string[] => served.filter((l) => l.startsWith(prefix));
const unreachable = () => control(h, 'POST', 'faults', { kind: 'reset', count: 10_000 });
const reachable = () => control(h, 'DELETE', 'faults');

function deviceWrite(
  id: string,
  alias: string,
): { write: OutboxEntry['write']; seen: Record<string, unknown> } {
  return { write: { kind: 'device', id, alias }, seen: { alias: h.service.store.getDevice(id).alias } };
}

test('a write is on disk before it is sent, and confirmed on disk once the service has it', async () => {
  const box = await open();
  const device = h.service.store.listDevices()[0]!;
  await control(h, 'POST', 'faults', { kind: 'delay', count: 1, method: 'PUT', delayMs: 400 });
  const [entry] = await box.enqueue([deviceWrite(device.id, 'Front desk')]);
  // While the PUT is held by the service, the journal already names it.
  await expect.poll(() => served1('PUT').length, { timeout: 100 }).toBe(0);
  const during = readFileSync(journalFile(), 'utf8');
  expect(during).toContain(`"t":"add"`);
  expect(during).toContain('Front desk');
  expect(during).not.toContain(`"state":"done"`);
  expect(await box.outcome(entry!.id)).toBe('done');
  expect(h.service.store.getDevice(device.id).alias).toBe('Front desk');
  expect(readFileSync(journalFile(), 'utf8')).toContain(`{"t":"set","id":"${entry!.id}","state":"done"}`);
});

test('never more than 4 writes in flight', async () => {
  const box = await open();
  const folder = h.service.store.listFolders()[1]!.id;
  const devices = h.service.store
    .listDevices()
    .filter((d) => d.folderId !== folder)
    .slice(0, 24);
  await control(h, 'POST', 'faults', { kind: 'delay', count: 24, method: 'PUT', delayMs: 40 });
  inflight.max = 0;
  const plan = planBulk({ kind: 'move', ids: devices.map((d) => d.id), folderId: folder }, (id) =>
    h.service.store.getDevice(id),
  );
  await box.enqueue(plan.writes, { label: plan.label });
  await box.idle();
  expect(served1('PUT /devices/').length).toBe(24);
  expect(inflight.max).toBe(4);
  for (const d of devices) expect(h.service.store.getDevice(d.id).folderId).toBe(folder);
});

test('offline, edits queue with a count and go out when the service is back', async () => {
  const box = await open();
  const [a, b] = h.service.store.listDevices().slice(2, 4);
  await unreachable();
  const entries = await box.enqueue([deviceWrite(a!.id, 'Queued A')]);
  // The first attempt finds the service unreachable: the write waits, the caller hears "queued".
  expect(await box.outcome(entries[0]!.id)).toBe('queued');
  await box.enqueue([deviceWrite(b!.id, 'Queued B')]);
  expect(box.state()).toMatchObject({ pending: 2, waiting: 'offline' });
  expect(h.service.store.getDevice(a!.id).alias).not.toBe('Queued A');

  await reachable();
  served.length = 0;
  box.wake();
  await box.idle();
  expect(box.state()).toMatchObject({ pending: 0, waiting: null });
  expect(h.service.store.getDevice(a!.id).alias).toBe('Queued A');
  expect(h.service.store.getDevice(b!.id).alias).toBe('Queued B');
  // Each was compared with the service (GET) before being sent once (PUT).
  expect(served1('GET /devices/').length).toBe(2);
  expect(served1('PUT /devices/').length).toBe(2);
});

test('while the service stays away its retries show nothing being sent; the retry that finds it back sends the rest', async () => {
  const [a, b] = h.service.store.listDevices().slice(4, 6);
  // What the outbox showed (its status and its list) at each request made while the service was away.
  const shownAtRetry: Array<{ waiting: string | null; states: string[] }> = [];
  let away = false;
  let held = false;
  const api = client(async (input, init) => {
    const state = outbox?.state();
    if (away && state) shownAtRetry.push({ waiting: state.waiting, states: state.items.map((i) => i.state) });
    // A's first request is held back, so that B finds the service gone while A is still on its way.
    if (!held && String(input).includes(`/devices/${a!.id}`)) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    return countingFetch(input, init);
  });
  const box = await open(api, () => 0); // retries after 0.5 s, then 1 s
  await unreachable();
  const [first] = await box.enqueue([deviceWrite(a!.id, 'Probe A'), deviceWrite(b!.id, 'Probe B')]);
  // Both went at once and found the service gone: each caller hears "queued", A's too, though B's
  // failure had already said the service was gone when A's came.
  const heard = await Promise.race([
    box.outcome(first!.id),
    new Promise((resolve) => setTimeout(() => resolve('nothing yet'), 3_000)),
  ]);
  expect(heard).toBe('queued');
  away = true;
  await expect.poll(() => shownAtRetry.length, { timeout: 5_000 }).toBeGreaterThan(0);
  away = false;
  // The retry's write is listed as waiting, and the outbox as waiting for the service, while it goes.
  expect(shownAtRetry).toEqual([{ waiting: 'offline', states: ['queued', 'queued'] }]);
  await reachable();
  // The next retry finds it back: no wake from outside, and everything goes.
  await expect.poll(() => box.state().pending, { timeout: 10_000 }).toBe(0);
  expect(h.service.store.getDevice(a!.id).alias).toBe('Probe A');
  expect(h.service.store.getDevice(b!.id).alias).toBe('Probe B');
});

test('a retry that gets a page the service never gives (a captive portal) fails that write alone: the rest wait for the next retry', async () => {
  const ids = h.service.store
    .listDevices()
    .slice(6, 9)
    .map((d) => d.id);
  const writes = ids.map((id, i) => deviceWrite(id, `Portal ${i}`));
  const sent: string[] = [];
  const api = client(async (input, init) => {
    sent.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return countingFetch(input, init);
  });
  const box = await open(api, () => 0); // retries after 0.5 s, then 1 s
  await unreachable();
  const [first] = await box.enqueue(writes);
  expect(await box.outcome(first!.id)).toBe('queued');
  await reachable();
  await control(h, 'POST', 'faults', { kind: 'malformed', count: 10_000 });
  sent.length = 0;
  // The retry's write meets the unreadable answer and fails with it; the others wait, still "offline".
  await expect.poll(() => box.state().items.some((i) => i.state === 'failed'), { timeout: 5_000 }).toBe(true);
  const afterProbe = sent.length;
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(sent.length).toBe(afterProbe);
  expect(box.state()).toMatchObject({ pending: 2, waiting: 'offline' });
  // The service itself again: the next retry finds it, and the two waiting go.
  await reachable();
  await expect.poll(() => box.state().pending, { timeout: 10_000 }).toBe(0);
  expect(h.service.store.getDevice(ids[1]!).alias).toBe('Portal 1');
  expect(h.service.store.getDevice(ids[2]!).alias).toBe('Portal 2');
});

test('a queued edit of an item changed meanwhile on the service is a conflict; the technician chooses', async () => {
  const box = await open();
  const [a, b, c] = h.service.store.listDevices().slice(5, 8);
  await unreachable();
  const [ea] = await box.enqueue([deviceWrite(a!.id, 'Mine A')]);
  const [eb] = await box.enqueue([deviceWrite(b!.id, 'Mine B')]);
  await box.enqueue([deviceWrite(c!.id, 'Same C')]);
  // Meanwhile someone else changes A and B, and makes C what the technician wanted too.
  h.service.store.updateDevice(a!.id, { alias: 'Theirs A' });
  h.service.store.updateDevice(b!.id, { alias: 'Theirs B' });
  h.service.store.updateDevice(c!.id, { alias: 'Same C' });
  // Every attempt made so far has hit the outage (the service logs a reset request as served).
  await box.idle();
  expect(box.state().waiting).toBe('offline');
  await reachable();
  served.length = 0;
  box.wake();
  await box.idle();

  const { conflicts, pending } = box.state();
  expect(pending).toBe(2);
  expect(conflicts.map((x) => [x.entryId, x.seen.alias, x.theirs.alias])).toEqual([
    [ea!.id, a!.alias, 'Theirs A'],
    [eb!.id, b!.alias, 'Theirs B'],
  ]);
  // Nothing was overwritten, and C (already as wanted) was not sent at all.
  expect(served1('PUT').length).toBe(0);
  expect(h.service.store.getDevice(a!.id).alias).toBe('Theirs A');

  await box.resolveConflict(ea!.id, 'mine');
  await box.resolveConflict(eb!.id, 'theirs');
  await box.idle();
  expect(h.service.store.getDevice(a!.id).alias).toBe('Mine A');
  expect(h.service.store.getDevice(b!.id).alias).toBe('Theirs B');
  expect(box.state()).toMatchObject({ pending: 0, conflicts: [] });
  expect(settled.filter((s) => s.id === eb!.id).map((s) => s.how)).toEqual(['conflict', 'cancelled']);
});

test('a folder create whose answer was lost is not created twice: the retry finds it under its parent', async () => {
  const box = await open(client(answerLostOnce('POST')));
  const parent = h.service.store.listFolders()[0]!;
  const [entry] = await box.enqueue([
    { write: { kind: 'folder-create', name: 'Night shift', parentId: parent.id }, seen: {} },
  ]);
  // Created on the service, but the outbox heard a network failure: it waits, outcome unknown.
  expect(await box.outcome(entry!.id)).toBe('queued');
  expect(served1('POST /folders/')).toHaveLength(1);
  expect(h.service.store.listFolders(parent.id).filter((f) => f.name === 'Night shift')).toHaveLength(1);

  box.wake();
  expect(await box.outcome(entry!.id)).toBe('done');
  const named = h.service.store.listFolders(parent.id).filter((f) => f.name === 'Night shift');
  expect(named).toHaveLength(1);
  expect(settled.find((s) => s.id === entry!.id)?.createdId).toBe(named[0]!.id);
  expect(served1('POST /folders').length).toBe(1);
});

test('a bulk change: progress per item, pause, a failure kept with its reason, retry of the failed, cancel', async () => {
  const box = await open();
  const store = h.service.store;
  const folder = store.listFolders()[2]!.id;
  const devices = store
    .listDevices()
    .filter((d) => d.folderId !== folder)
    .slice(10, 30);
  const broken = devices[3]!.id;
  // The service fails that device's move three times (500): the write is reported failed, not lost.
  await control(h, 'POST', 'faults', {
    kind: 'error',
    count: 3,
    method: 'PUT',
    pathPrefix: `/devices/${broken}.`,
  });
  const plan = planBulk({ kind: 'move', ids: devices.map((d) => d.id), folderId: folder }, (id) =>
    store.getDevice(id),
  );
  const [first] = await box.enqueue(plan.writes, { label: plan.label });
  const batchId = first!.batchId!;
  await box.pauseBatch(batchId, true);
  await box.idle();
  const paused = box.batchProgress(batchId);
  expect(paused.state).toBe('paused');
  const movedWhilePaused = served1('PUT /devices/').length;
  expect(movedWhilePaused).toBeLessThanOrEqual(4);

  await box.pauseBatch(batchId, false);
  await expect.poll(() => box.batchProgress(batchId).pending, { timeout: 15_000 }).toBe(0);
  const done = box.batchProgress(batchId);
  expect(done).toMatchObject({ total: 20, done: 19, failed: 1, state: 'finished' });
  expect(done.failures).toEqual([expect.objectContaining({ itemId: broken })]);
  expect(done.failures[0]!.error.httpStatus).toBe(500);
  expect(store.getDevice(broken).folderId).not.toBe(folder);

  expect(await box.retry({ batchId })).toBe(1);
  await box.idle();
  expect(box.batchProgress(batchId)).toMatchObject({ done: 20, failed: 0 });
  expect(store.getDevice(broken).folderId).toBe(folder);

  // Cancel: what is still queued is dropped and never sent.
  const others = store
    .listDevices()
    .filter((d) => d.folderId !== folder)
    .slice(0, 12);
  const plan2 = planBulk({ kind: 'move', ids: others.map((d) => d.id), folderId: folder }, (id) =>
    store.getDevice(id),
  );
  await control(h, 'POST', 'faults', { kind: 'delay', count: 12, method: 'PUT', delayMs: 300 });
  served.length = 0;
  const [b2] = await box.enqueue(plan2.writes, { label: plan2.label });
  await box.cancelBatch(b2!.batchId!);
  await box.idle();
  const cancelled = box.batchProgress(b2!.batchId!);
  expect(cancelled.state).toBe('cancelled');
  expect(cancelled.cancelled).toBe(12 - cancelled.done);
  expect(served1('PUT /devices/').length).toBe(cancelled.done);
  expect(cancelled.done).toBeLessThanOrEqual(4);
});

test('retrying the failures of a cancelled bulk change re-opens it for them: they are sent', async () => {
  const box = await open();
  const store = h.service.store;
  const folder = store.listFolders()[1]!.id;
  const devices = store
    .listDevices()
    .filter((d) => d.folderId !== folder)
    .slice(0, 3);
  const broken = devices[0]!.id;
  await control(h, 'POST', 'faults', {
    kind: 'error',
    count: 3,
    method: 'PUT',
    pathPrefix: `/devices/${broken}.`,
  });
  const plan = planBulk({ kind: 'move', ids: devices.map((d) => d.id), folderId: folder }, (id) =>
    store.getDevice(id),
  );
  const [first] = await box.enqueue(plan.writes, { label: plan.label });
  const batchId = first!.batchId!;
  await expect.poll(() => box.batchProgress(batchId).failed, { timeout: 15_000 }).toBe(1);
  await box.cancelBatch(batchId);
  expect(box.batchProgress(batchId).state).toBe('cancelled');

  expect(await box.retry({ batchId })).toBe(1);
  await box.idle();
  expect(box.batchProgress(batchId)).toMatchObject({ failed: 0, pending: 0, done: 3, state: 'finished' });
  expect(store.getDevice(broken).folderId).toBe(folder);

  // Re-opened on disk too: after a restart it is not shown cancelled with nothing pending, but finished
  // (kept for its undo).
  await box.close();
  outbox = null;
  const again = await open();
  expect(again.state().batches).toMatchObject([{ id: batchId, state: 'finished', pending: 0 }]);
});

test('a bulk write waiting after a 5xx is sent even when its timer fires a little before its time', async () => {
  // Timers and Date.now() can disagree by a millisecond or two: a retry that wakes early must not strand it.
  const early: typeof systemClock = {
    ...systemClock,
    setTimeout: (cb, ms) => systemClock.setTimeout(cb, Math.max(0, ms - 20)),
  };
  outbox = await Outbox.open({ file: journalFile(), api: () => client(), clock: early, random: () => 0.5 });
  const box = outbox;
  const store = h.service.store;
  const folder = store.listFolders()[0]!.id;
  const device = store.listDevices().find((d) => d.folderId !== folder)!;
  await control(h, 'POST', 'faults', {
    kind: 'error',
    count: 1,
    method: 'PUT',
    pathPrefix: `/devices/${device.id}.`,
  });
  const plan = planBulk({ kind: 'move', ids: [device.id], folderId: folder }, (id) => store.getDevice(id));
  const [entry] = await box.enqueue(plan.writes, { label: plan.label });
  await expect.poll(() => box.batchProgress(entry!.batchId!).state, { timeout: 10_000 }).toBe('finished');
  expect(box.batchProgress(entry!.batchId!)).toMatchObject({ done: 1, failed: 0 });
  expect(store.getDevice(device.id).folderId).toBe(folder);
});

test('a failed write of a bulk change given up on: the change is finished, and after a restart holds no failure', async () => {
  const box = await open();
  const store = h.service.store;
  const folder = store.listFolders()[2]!.id;
  const devices = store
    .listDevices()
    .filter((d) => d.folderId !== folder)
    .slice(-2); // earlier tests moved many into folders: any two not in this one
  const broken = devices[0]!.id;
  await control(h, 'POST', 'faults', {
    kind: 'error',
    count: 3,
    method: 'PUT',
    pathPrefix: `/devices/${broken}.`,
  });
  const plan = planBulk({ kind: 'move', ids: devices.map((d) => d.id), folderId: folder }, (id) =>
    store.getDevice(id),
  );
  const [first] = await box.enqueue(plan.writes, { label: plan.label });
  const batchId = first!.batchId!;
  await expect.poll(() => box.batchProgress(batchId).failed, { timeout: 15_000 }).toBe(1);
  const [failure] = box.batchProgress(batchId).failures;
  await box.discard(failure!.entryId);
  expect(box.batchProgress(batchId)).toMatchObject({ done: 1, failed: 0, cancelled: 1, state: 'finished' });
  expect(store.getDevice(broken).folderId).not.toBe(folder);

  await box.close();
  outbox = null;
  expect((await open()).state().batches).toMatchObject([
    { id: batchId, state: 'finished', failed: 0, pending: 0, failures: [] },
  ]);
});

// Found by the chaos soak (seed 101): a bulk move and a later single move of one of its devices, both
// waiting when the service came back. The device list read to compare the waiting writes was taken before
// the bulk's write was sent, so the later move back found "already there" in it and was settled done
// without being sent: the device stayed where the earlier write put it.
test('two waiting moves of one device go in order: the later one is compared with the service after the earlier was sent', async () => {
  const box = await open();
  const away = h.service.store.listFolders()[2]!.id;
  const devices = h.service.store
    .listDevices()
    .filter((d) => d.folderId !== away)
    .slice(0, 12);
  const moved = devices[0]!;
  const home = moved.folderId ?? null;
  await unreachable();
  // The bulk change: twelve devices to `away` (enough waiting writes to be compared with one device list).
  await box.enqueue(
    devices.map((d) => ({
      write: { kind: 'device', id: d.id, folderId: away },
      seen: { folderId: d.folderId ?? null },
    })),
  );
  // Then the technician moves one of them back, as the picture now shows it in `away`.
  await box.enqueue([{ write: { kind: 'device', id: moved.id, folderId: home }, seen: { folderId: away } }]);
  expect(box.state().pending).toBe(devices.length + 1);
  // The outbox finds the service unreachable on its own attempt (later on a loaded machine): both wait.
  await expect.poll(() => box.state().waiting, { timeout: 10_000 }).toBe('offline');
  expect(box.state().pending).toBe(devices.length + 1);

  await reachable();
  served.length = 0;
  box.wake();
  await box.idle();
  expect(box.state()).toMatchObject({ pending: 0, waiting: null });
  // The last write the technician made is what the service holds: both moves were sent, in order.
  expect(h.service.store.getDevice(moved.id).folderId ?? null).toBe(home);
  expect(served1(`PUT /devices/${moved.id}.`).length).toBe(2);
});
