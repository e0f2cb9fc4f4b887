// Withdrawing a waiting edit from the outbox, against the running stand-in service (real signed HTTP on
// loopback, real journal on disk): a write not yet sent is cancelled for good (after a restart too), never
// sent even when the service comes back while the cancel is being recorded; one already sent is not.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { systemClock } from '../../../../electron/core/clock.js';
import { Outbox, type OutboxEntry, type SettleHow } from '../../../../electron/core/outbox/outbox.js';
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
const settled: Array<{ id: string; how: SettleHow }> = [];

beforeAll(async () => {
  h = await startTestService({ devices: 20, seed: 7, log: (line) => served.push(line) });
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

async function open(): Promise<Outbox> {
  const api = new ServiceClient({
    baseUrl: h.service.baseUrl,
    consumer: h.consumer,
    token,
    signer: createRequestSigner({ hmacSha1: nodeHmacSha1 }),
    fetch,
    getRetries: 0,
  });
  outbox = await Outbox.open({
    file: `${dir.dir}/outbox.jsonl`,
    api: () => api,
    clock: systemClock,
    random: () => 0.5,
    hooks: { onSettled: (e, how) => settled.push({ id: e.id, how }) },
  });
  return outbox;
}

function aliasWrite(
  id: string,
  alias: string,
): { write: OutboxEntry['write']; seen: Record<string, unknown> } {
  return { write: { kind: 'device', id, alias }, seen: { alias: h.service.store.getDevice(id).alias } };
}

const putsTo = (id: string) => served.filter((l) => l.startsWith(`PUT /devices/${id}`)).length;

test('a waiting edit is withdrawn: never sent, its change undone, still gone after a restart', async () => {
  const box = await open();
  const [a, b] = h.service.store.listDevices().slice(0, 2);
  await control(h, 'POST', 'faults', { kind: 'reset', count: 10_000 });
  const [ea] = await box.enqueue([aliasWrite(a!.id, 'Withdrawn A')]);
  const [eb] = await box.enqueue([aliasWrite(b!.id, 'Kept B')]);
  expect(await box.outcome(ea!.id)).toBe('queued');
  expect(box.state().items.map((i) => i.id)).toEqual([ea!.id, eb!.id]);

  // The service comes back while the cancel is being recorded: the write must not slip out meanwhile.
  await control(h, 'DELETE', 'faults');
  served.length = 0;
  const cancelling = box.cancel(ea!.id);
  box.wake();
  expect(await cancelling).toBe(true);
  await box.idle();
  expect(putsTo(a!.id)).toBe(0);
  expect(h.service.store.getDevice(a!.id).alias).not.toBe('Withdrawn A');
  expect(h.service.store.getDevice(b!.id).alias).toBe('Kept B');
  expect(settled.find((s) => s.id === ea!.id)?.how).toBe('cancelled');
  expect(box.state()).toMatchObject({ pending: 0, items: [] });

  // Sent already: too late to withdraw.
  expect(await box.cancel(eb!.id)).toBe(false);
  await box.close();
  outbox = null;
  const again = await open();
  await again.idle();
  expect(again.state().items).toEqual([]);
  expect(putsTo(a!.id)).toBe(0);
});

test('a Cancel clicked while the outbox is trying the write again, with the service still away, holds', async () => {
  const box = await open();
  const [, , c] = h.service.store.listDevices();
  const before = h.service.store.getDevice(c!.id).alias;
  await control(h, 'POST', 'faults', { kind: 'reset', count: 10_000 });
  const [ec] = await box.enqueue([aliasWrite(c!.id, 'Withdrawn C')]);
  expect(await box.outcome(ec!.id)).toBe('queued');

  // A reconnection attempt takes it (the service is still away) and the technician clicks Cancel then.
  box.wake();
  expect(box.state().items.find((i) => i.id === ec!.id)?.state).toBe('sending');
  expect(await box.cancel(ec!.id)).toBe(true);
  expect(settled.find((s) => s.id === ec!.id)?.how).toBe('cancelled');

  // Back: nothing of it goes out.
  await control(h, 'DELETE', 'faults');
  served.length = 0;
  box.wake();
  await box.idle();
  expect(putsTo(c!.id)).toBe(0);
  expect(h.service.store.getDevice(c!.id).alias).toBe(before);
  expect(box.state().items).toEqual([]);
});
