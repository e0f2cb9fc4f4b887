// The outbox restarted on a journal a kill left behind: a folder create recorded (`add`) but never
// confirmed (no `set … done`) may have reached the service before the kill. Against the running stand-in
// over loopback HTTP: the restarted outbox looks the folder up under its parent before it would POST, so a
// create that did arrive settles done with the service's id and is not sent a second time. The same holds
// for a create whose answer was a 5xx from in front of the service, retried by hand.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { systemClock } from '../../../../electron/core/clock.js';
import { Outbox, type OutboxEntry, type SettleHow } from '../../../../electron/core/outbox/outbox.js';
import { nodeHmacSha1 } from '../../../../electron/platform/node-crypto.js';
import { ServiceClient } from '../../../../shared/client/service-client.js';
import { createRequestSigner } from '../../../../shared/oauth/index.js';
import type { OAuthToken } from '../../../../shared/oauth/types.js';
import type { Harness } from '../../../service/support/service-harness.js';
import { ADMIN, signInWithPin, startTestService } from '../../../service/support/service-harness.js';
import { tempDir } from '../../support/core-harness.js';

let h: Harness;
let token: OAuthToken;
const served: string[] = [];
let dir: { dir: string; remove: () => void };
let outbox: Outbox | null = null;
const settled: Array<{ id: string; how: SettleHow; createdId?: string }> = [];

beforeAll(async () => {
  h = await startTestService({ devices: 10, seed: 3, log: (line) => served.push(line) });
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
  dir.remove();
});

function client(): ServiceClient {
  return new ServiceClient({
    baseUrl: h.service.baseUrl,
    consumer: h.consumer,
    token,
    signer: createRequestSigner({ hmacSha1: nodeHmacSha1 }),
    getRetries: 0,
  });
}

/** The journal as the killed process left it: the create recorded as `enqueue` writes it, nothing more. */
function journalWithOnlyTheAdd(name: string, parentId: string): { file: string; entryId: string } {
  const entry: OutboxEntry = {
    id: 'entry-1',
    seq: 1,
    write: { kind: 'folder-create', name, parentId },
    seen: {},
    batchId: null,
    queuedAt: new Date().toISOString(),
    attempts: 0,
    state: 'queued',
    maybeSent: false,
    verify: false,
  };
  const file = path.join(dir.dir, 'outbox.jsonl');
  writeFileSync(file, `${JSON.stringify({ t: 'add', e: entry })}\n`);
  return { file, entryId: entry.id };
}

async function reopen(file: string): Promise<Outbox> {
  const api = client();
  outbox = await Outbox.open({
    file,
    api: () => api,
    clock: systemClock,
    random: () => 0.5,
    hooks: { onSettled: (e, how) => settled.push({ id: e.id, how, createdId: e.createdId }) },
  });
  return outbox;
}

const posts = (): string[] => served.filter((l) => l.startsWith('POST /folders'));

test('a recorded create that reached the service before the kill settles done with its id and is not posted again', async () => {
  const parent = h.service.store.listFolders()[0]!;
  // The first process's POST arrived and was carried out; the kill came before its answer was recorded.
  const createdBeforeKill = await client().createFolder(
    { name: 'Late shift', parentId: parent.id },
    { parentInPath: true },
  );
  const { file, entryId } = journalWithOnlyTheAdd('Late shift', parent.id);
  served.length = 0;

  const box = await reopen(file);
  await box.idle();

  expect(settled).toEqual([{ id: entryId, how: 'done', createdId: createdBeforeKill }]);
  expect(posts()).toEqual([]);
  expect(h.service.store.listFolders(parent.id).filter((f) => f.name === 'Late shift')).toHaveLength(1);
  expect(box.state()).toMatchObject({ pending: 0, items: [] });
});

test('a recorded create that never reached the service is created once after the restart', async () => {
  const parent = h.service.store.listFolders()[1]!;
  const { file, entryId } = journalWithOnlyTheAdd('Weekend desk', parent.id);

  const box = await reopen(file);
  await box.idle();

  const named = h.service.store.listFolders(parent.id).filter((f) => f.name === 'Weekend desk');
  expect(named).toHaveLength(1);
  expect(settled).toEqual([{ id: entryId, how: 'done', createdId: named[0]!.id }]);
  expect(posts()).toHaveLength(1);
});

test('a create answered 502 after the service made it is looked up, not posted again, when retried by hand', async () => {
  const parent = h.service.store.listFolders()[2]!;
  let answered = false;
  // A proxy in front of the service: the POST reaches it and is carried out, the proxy answers 502.
  const proxied = new ServiceClient({
    baseUrl: h.service.baseUrl,
    consumer: h.consumer,
    token,
    signer: createRequestSigner({ hmacSha1: nodeHmacSha1 }),
    getRetries: 0,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (answered || init?.method !== 'POST') return response;
      answered = true;
      await response.body?.cancel();
      return new Response('Bad gateway', { status: 502 });
    },
  });
  outbox = await Outbox.open({
    file: path.join(dir.dir, 'outbox.jsonl'),
    api: () => proxied,
    clock: systemClock,
    random: () => 0.5,
    hooks: { onSettled: (e, how) => settled.push({ id: e.id, how, createdId: e.createdId }) },
  });
  const [entry] = await outbox.enqueue([
    { write: { kind: 'folder-create', name: 'Night desk', parentId: parent.id }, seen: {} },
  ]);
  expect(await outbox.outcome(entry!.id)).toBe('failed');

  await outbox.retry({ entryId: entry!.id });
  await outbox.idle();

  const named = h.service.store.listFolders(parent.id).filter((f) => f.name === 'Night desk');
  expect(named).toHaveLength(1);
  expect(settled.map((s) => s.how)).toEqual(['failed', 'done']);
  expect(settled[1]!.createdId).toBe(named[0]!.id);
  expect(posts()).toHaveLength(1);
});
