// The outbox survives kills: a process moving 5,000 devices through it is SIGKILLed twice part-way, and
// the restarted process finishes the moves. Counted at the service (its access log): every device ends in
// the folder, no device whose move was confirmed in the journal before a kill is sent again, and the
// repeats are bounded by the writes in flight at the kills (at most 4 lanes each).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import type { Harness } from '../../../service/support/service-harness.js';
import { ADMIN, signInWithPin, startTestService } from '../../../service/support/service-harness.js';

const DEVICES = 5_000;
// test/electron/support/outbox-child.ts, bundled for this run (test/support/spawned-bundle.ts).
const CHILD = path.join(inject('spawnedBundle'), 'outbox-child.js');

let h: Harness;
let dir: string;
let env: NodeJS.ProcessEnv;
/** Every request the service served, from its access log: "PUT /devices/17.xml 200 1.3ms". */
const served: string[] = [];

beforeAll(async () => {
  h = await startTestService({ devices: DEVICES + 20, seed: 11, log: (line) => served.push(line) });
  const token = await signInWithPin(h, ADMIN.email, ADMIN.password);
  dir = mkdtempSync(path.join(tmpdir(), 'outbox-crash-'));
  env = {
    ...process.env,
    OUTBOX_BASE_URL: h.service.baseUrl,
    OUTBOX_CONSUMER_KEY: h.consumer.key,
    OUTBOX_CONSUMER_SECRET: h.consumer.secret,
    OUTBOX_TOKEN: token.token,
    OUTBOX_TOKEN_SECRET: token.secret,
    OUTBOX_FILE: path.join(dir, 'outbox.jsonl'),
  };
});

afterAll(async () => {
  await h?.service.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(extra: NodeJS.ProcessEnv = {}): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [CHILD], {
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code !== 0 && code !== null) console.error(output);
      resolve(code);
    }),
  );
  return { child, exited };
}

/** Moves the service carried out (answered 200), in order, by device id. */
const devicePuts = (): string[] =>
  served.flatMap((l) => /^PUT \/devices\/([^./]+)\.xml 200 /.exec(l)?.[1] ?? []);

async function killAfter(child: ChildProcess, puts: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (devicePuts().length < puts) {
    if (Date.now() > deadline) throw new Error(`only ${devicePuts().length} moves before the deadline`);
    if (child.exitCode !== null)
      throw new Error(`the outbox process ended before it could be killed: ${served.slice(-5).join(' / ')}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Device ids whose move the journal on disk holds as confirmed. */
function confirmedInJournal(): Set<string> {
  const lines = readFileSync(env.OUTBOX_FILE!, 'utf8').split('\n');
  const deviceOf = new Map<string, string>();
  const confirmed = new Set<string>();
  for (const line of lines) {
    let r: { t: string; e?: { id: string; write: { id: string } }; id?: string; state?: string };
    try {
      r = JSON.parse(line) as typeof r;
    } catch {
      continue; // the line the kill cut short
    }
    if (r.t === 'add' && r.e) deviceOf.set(r.e.id, r.e.write.id);
    if (r.t === 'set' && r.state === 'done') confirmed.add(deviceOf.get(r.id!)!);
  }
  return confirmed;
}

test('killed twice halfway through 5,000 moves, the restarted outbox finishes them without repeating confirmed ones', async () => {
  const store = h.service.store;
  const target = store.listFolders()[0]!.id;
  const devices = store
    .listDevices()
    .filter((d) => d.folderId !== target)
    .slice(0, DEVICES);
  expect(devices).toHaveLength(DEVICES);
  const list = path.join(dir, 'ids.json');
  writeFileSync(list, JSON.stringify(devices.map((d) => ({ id: d.id, from: d.folderId }))));

  // First run: records the 5,000 moves, then is killed after ~1,500 reached the service.
  const t0 = Date.now();
  const first = run({ OUTBOX_ENQUEUE: list, OUTBOX_FOLDER: target });
  await killAfter(first.child, 1_500);
  const putsAtKill1 = devicePuts().length;
  const t1 = Date.now();
  const confirmed1 = confirmedInJournal();
  expect(confirmed1.size).toBeGreaterThan(1_000);

  // Second run (the restarted app) is killed again further on.
  const second = run();
  await killAfter(second.child, putsAtKill1 + 1_500);
  const putsAtKill2 = devicePuts().length;
  const t2 = Date.now();
  const confirmed2 = confirmedInJournal();

  // Third run finishes.
  const third = run();
  expect(await third.exited).toBe(0);
  const t3 = Date.now();

  const puts = devicePuts();
  // Every device is in the folder on the service.
  for (const d of devices) expect(store.getDevice(d.id).folderId).toBe(target);
  // After each kill, nothing the journal held as confirmed was sent again.
  const afterKill1 = puts.slice(putsAtKill1);
  expect(afterKill1.filter((id) => confirmed1.has(id))).toEqual([]);
  const afterKill2 = puts.slice(putsAtKill2);
  expect(afterKill2.filter((id) => confirmed2.has(id))).toEqual([]);
  // Not even the moves in flight at a kill (carried out, answer lost) were repeated: the restarted process
  // compared the waiting moves with the service first — one GET /devices each time, not one per device.
  const perDevice = new Map<string, number>();
  for (const id of puts) perDevice.set(id, (perDevice.get(id) ?? 0) + 1);
  const repeated = [...perDevice.values()].filter((n) => n > 1).length;
  expect(repeated).toBe(0);
  expect(puts.length).toBe(DEVICES);
  expect(served.filter((l) => l.startsWith('GET /devices/')).length).toBe(0);
  expect(served.filter((l) => l.startsWith('GET /devices.xml')).length).toBe(2);
  console.info(
    `outbox crash: ${puts.length} PUTs for ${DEVICES} moves, ${repeated} repeated, kills at ${putsAtKill1} and ${putsAtKill2}; runs ${t1 - t0}, ${t2 - t1}, ${t3 - t2} ms`,
  );
}, 480_000);
