// A finished bulk move or alias change keeps its undo record with its batch in the outbox's journal: a
// reload of the page asks the main side for it, and a restart finds it again (derived from the batch's
// writes before compaction drops them, then kept as one `undo` record). Only the most recent finished
// changes keep theirs. Against the running stand-in over loopback HTTP, with the real journal on disk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { planBulk } from '../../../../electron/core/outbox/bulk.js';
import { systemClock } from '../../../../electron/core/clock.js';
import { KEPT_UNDOS, Outbox } from '../../../../electron/core/outbox/outbox.js';
import { nodeHmacSha1 } from '../../../../electron/platform/node-crypto.js';
import { ServiceClient } from '../../../../shared/client/service-client.js';
import { createRequestSigner } from '../../../../shared/oauth/index.js';
import type { OAuthToken } from '../../../../shared/oauth/types.js';
import type { BulkRequest } from '../../../../shared/outbox.js';
import type { Harness } from '../../../service/support/service-harness.js';
import { ADMIN, control, signInWithPin, startTestService } from '../../../service/support/service-harness.js';
import { tempDir } from '../../support/core-harness.js';

let h: Harness;
let token: OAuthToken;
let dir: { dir: string; remove: () => void };
let outbox: Outbox | null = null;

beforeAll(async () => {
  h = await startTestService({ devices: 30, seed: 7 });
  token = await signInWithPin(h, ADMIN.email, ADMIN.password);
});
afterAll(async () => h?.service.close());
beforeEach(() => {
  dir = tempDir();
});
afterEach(async () => {
  await outbox?.close();
  outbox = null;
  dir.remove();
});

const journalFile = (): string => path.join(dir.dir, 'outbox.jsonl');

async function open(): Promise<Outbox> {
  const api = new ServiceClient({
    baseUrl: h.service.baseUrl,
    consumer: h.consumer,
    token,
    signer: createRequestSigner({ hmacSha1: nodeHmacSha1 }),
    getRetries: 0,
  });
  outbox = await Outbox.open({ file: journalFile(), api: () => api, clock: systemClock, random: () => 0.5 });
  return outbox;
}

async function restart(): Promise<Outbox> {
  await outbox?.close();
  outbox = null;
  return open();
}

/** Runs a bulk change to its end, as `bulk:start` does; its batch id. */
async function run(box: Outbox, request: BulkRequest): Promise<string> {
  const plan = planBulk(request, (id) => h.service.store.getDevice(id));
  const [first] = await box.enqueue(plan.writes, { label: plan.label });
  await box.idle();
  expect(box.batchProgress(first!.batchId!).state).toBe('finished');
  return first!.batchId!;
}

test('a finished move keeps what each device held before, through two restarts, with its writes compacted away', async () => {
  const store = h.service.store;
  const target = store.listFolders()[0]!.id;
  const devices = store
    .listDevices()
    .filter((d) => d.folderId !== target)
    .slice(0, 4);
  const before = devices.map((d) => ({ id: d.id, before: d.folderId, after: target }));
  let box = await open();
  const batchId = await run(box, { kind: 'move', ids: devices.map((d) => d.id), folderId: target });
  expect(box.batchProgress(batchId).undoable).toBe(true);
  expect(box.undoRecord(batchId)).toEqual({ kind: 'move', items: before });

  // First restart: the record comes from the journalled writes; then only it is kept.
  box = await restart();
  expect(box.state().batches).toMatchObject([{ id: batchId, state: 'finished', undoable: true }]);
  expect(box.undoRecord(batchId)).toEqual({ kind: 'move', items: before });
  const journal = readFileSync(journalFile(), 'utf8');
  expect(journal).not.toContain('"t":"add"');
  expect(journal).toContain(`"t":"undo","batchId":"${batchId}"`);

  // Second restart: from the undo record alone.
  box = await restart();
  expect(box.undoRecord(batchId)).toEqual({ kind: 'move', items: before });
  expect(box.state().pending).toBe(0);
});

test('an alias change keeps "no alias" as empty; a cancelled change keeps no undo; only the last few survive a restart', async () => {
  const store = h.service.store;
  const [a, b] = store.listDevices().slice(10, 12);
  store.updateDevice(a!.id, { alias: '' });
  let box = await open();
  const aliasBatch = await run(box, {
    kind: 'alias',
    items: [
      { id: a!.id, alias: 'U-1' },
      { id: b!.id, alias: 'U-2' },
    ],
  });
  expect(box.undoRecord(aliasBatch)).toEqual({
    kind: 'alias',
    items: [
      { id: a!.id, before: '', after: 'U-1' },
      { id: b!.id, before: b!.alias ?? '', after: 'U-2' },
    ],
  });

  const folders = store.listFolders();
  const later: string[] = [];
  for (let i = 0; i < KEPT_UNDOS; i += 1) {
    const folderId = folders[i % 2]!.id;
    const device = store.listDevices().find((d) => d.folderId !== folderId)!;
    later.push(await run(box, { kind: 'move', ids: [device.id], folderId }));
  }
  const plan = planBulk({ kind: 'move', ids: [a!.id], folderId: folders[2]!.id }, (id) =>
    store.getDevice(id),
  );
  const [cancelled] = await box.enqueue(plan.writes, { label: plan.label });
  await box.cancelBatch(cancelled!.batchId!);
  await box.idle();
  expect(box.undoRecord(cancelled!.batchId!)).toBeNull();

  box = await restart();
  // The oldest (the alias change) and the cancelled one are gone; the last KEPT_UNDOS are offered.
  expect(box.state().batches.map((x) => x.id)).toEqual(later);
  expect(() => box.undoRecord(aliasBatch)).toThrow('no longer known');
});

test('a finished change whose failed write was given up still says so after a restart (not all done)', async () => {
  const store = h.service.store;
  const folder = store.listFolders()[1]!.id;
  const devices = store
    .listDevices()
    .filter((d) => d.folderId !== folder)
    .slice(0, 3);
  const broken = devices[1]!.id;
  // The service fails that device's move every time it is tried (500): reported failed.
  await control(h, 'POST', 'faults', {
    kind: 'error',
    count: 3,
    method: 'PUT',
    pathPrefix: `/devices/${broken}.`,
  });
  let box = await open();
  const plan = planBulk({ kind: 'move', ids: devices.map((d) => d.id), folderId: folder }, (id) =>
    store.getDevice(id),
  );
  const [first] = await box.enqueue(plan.writes, { label: plan.label });
  const batchId = first!.batchId!;
  await expect.poll(() => box.batchProgress(batchId).pending, { timeout: 15_000 }).toBe(0);
  const failure = box.batchProgress(batchId).failures[0]!;
  expect(failure.itemId).toBe(broken);
  // The technician reads why and gives it up: the change is finished, two of three done.
  await box.discard(failure.entryId);
  const given = { total: 3, done: 2, failed: 0, cancelled: 1, state: 'finished' };
  expect(box.batchProgress(batchId)).toMatchObject(given);

  box = await restart();
  expect(box.batchProgress(batchId)).toMatchObject(given);
  box = await restart();
  expect(box.batchProgress(batchId)).toMatchObject(given);
  await control(h, 'DELETE', 'faults');
});
