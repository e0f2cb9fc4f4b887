// `npm run soak -- --minutes N --seed S`: a technician works through the console while a seeded schedule
// of faults hits it (kills of the app and of the service, a misbehaving network, clock steps, a renderer
// reload mid-bulk); after every fault and at the end the service's own state is checked against what the
// console told the technician. A broken invariant stops the run, prints the seed and the invariant, and
// exits 1; the same seed replays the same schedule.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { POLL_INTERVALS } from '../../electron/core/sync-engine.js';
import { SERVICE_DEFAULTS } from '../../service/server.js';
import { killAllChildren } from './children.js';
import { FAULT_KINDS, type Fault, faultSchedule, inject, scheduleFingerprint } from './faults.js';
import {
  checked,
  checkHistoryGaps,
  checkLocalFiles,
  checkSecrets,
  checkService,
  drainOutbox,
  Violation,
} from './invariants.js';
import { Ledger } from './ledger.js';
import { Random } from './random.js';
import { Technician } from './technician.js';
import { World } from './world.js';

const USAGE = `Usage: npm run soak -- [options]
  --minutes N   how long the technician works under faults (default 2; at most 240); every kind of
                fault comes at least once, so a short run can take a little longer
  --seed S      the seed of the fault schedule and of every choice (default: drawn and printed)
  --devices N   devices in the service's account (default 10000)
  --keep        keep the work directory (data directories, the children's log) even when green
  --help
Runs inside scripts/with-keyring.sh (a real Secret Service); npm run soak builds the app first.`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function options() {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '2' },
      seed: { type: 'string' },
      devices: { type: 'string', default: '10000' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const minutes = Number(values.minutes);
  const seed = values.seed === undefined ? Math.floor(Date.now() % 2 ** 31) : Number(values.seed);
  const devices = Number(values.devices);
  if (!(minutes > 0 && minutes <= 240)) throw new Error('--minutes must be a number above 0, at most 240');
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
    throw new Error('--seed must be an integer ≥ 0');
  if (!Number.isInteger(devices) || devices < 100 || devices > 100_000)
    throw new Error('--devices must be an integer from 100 to 100000');
  return { help: values.help, minutes, seed, devices, keep: values.keep };
}

/** The technician works in the background; the run pauses it (between two writes) to check. */
class Shift {
  #paused = false;
  #stopped = false;
  #current: Promise<void> = Promise.resolve();
  #loop: Promise<void> | null = null;

  constructor(
    readonly technician: Technician,
    readonly random: Random,
  ) {}

  start(): void {
    this.#loop = (async () => {
      while (!this.#stopped) {
        if (this.#paused) {
          await sleep(100);
          continue;
        }
        this.#current = this.technician.step().catch((error: unknown) => {
          // A step whose connection went away mid-way: what it was told is in the ledger already.
          if (!(error instanceof Error && /not connected/.test(error.message))) throw error;
        });
        await this.#current;
        await sleep(this.random.int(50, 400));
      }
    })();
  }

  async pause(): Promise<void> {
    this.#paused = true;
    await this.#current;
  }

  resume(): void {
    this.#paused = false;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#loop;
  }
}

/** Every invariant, with the technician paused and every fault undone. */
async function checkAll(
  world: World,
  ledger: Ledger,
  technician: Technician,
  recordedFrom: number,
): Promise<void> {
  const client = world.client;
  if (!client) throw new Error('no client to check through');
  await drainOutbox(client, ledger, 120_000);
  technician.bulkRunning = null;
  checkService(await world.service.state(), ledger);
  await checkLocalFiles(client, ledger);
  const devices = [...client.picture.devices.keys()].slice(0, 3);
  await checkHistoryGaps(client, devices, world.downtimes, POLL_INTERVALS.foreground.devices, recordedFrom);
  const secrets = (await world.service.tokens()).flatMap((t) => [t.token, t.secret]);
  checkSecrets([world.hostDir], [world.log.file], [...secrets, SERVICE_DEFAULTS.consumerSecret]);
}

async function main(): Promise<number> {
  const opts = options();
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  // The credentials must go where a technician's go: without a Secret Service the host would keep them
  // in memory and a restart would come back signed out, which is another soak.
  if (process.env.SUPPORT_CONSOLE_SECRET_SERVICE !== 'available')
    throw new Error(
      'run it inside scripts/with-keyring.sh (npm run soak does): it needs a real Secret Service',
    );
  const root = new Random(opts.seed);
  const schedule = faultSchedule(root.split('faults'), opts.minutes);
  console.log(
    `soak: seed ${opts.seed}, ${opts.minutes} min, ${opts.devices} devices, schedule ${scheduleFingerprint(schedule)}`,
  );
  return run(opts, root, schedule);
}

async function run(opts: ReturnType<typeof options>, root: Random, schedule: Fault[]): Promise<number> {
  const ledger = new Ledger();
  const technician = new Technician(ledger, root.split('technician'));
  const shift = new Shift(technician, root.split('pauses'));
  const injected = new Map<string, number>();
  const started = Date.now();
  let world: World | null = null;
  let failed: Violation | Error | null = null;
  let lastFault = 'none yet (starting)';
  try {
    world = await World.start(opts.devices);
    await world.startHost();
    technician.connect(await world.connect());
    await world.signIn();
    await world.settled(180_000);
    const recordedFrom = world.hostNow();
    const initial = await world.service.state();
    for (const [id, folderId, alias] of initial.devices) {
      ledger.initial(`device-alias:${id}`, alias);
      ledger.initial(`device-folder:${id}`, folderId === null ? 'root' : `id:${folderId}`);
    }
    const deadline = started + opts.minutes * 60_000;
    // A killed host takes the technician's write in flight with it; they wait for the app to come back.
    world.onHostDown = () => void shift.pause();
    shift.start();
    for (const [index, fault] of schedule.entries()) {
      // Every kind comes once (the schedule's first pass) however short the run; then the deadline rules.
      if (index >= FAULT_KINDS.length && Date.now() + fault.workMs > deadline) break;
      await sleep(fault.workMs);
      const at = Date.now();
      lastFault = `${fault.kind} at ${Math.round((at - started) / 1000)} s`;
      await inject(world, fault, () => technician.bulkMove());
      injected.set(fault.kind, (injected.get(fault.kind) ?? 0) + 1);
      if (world.client !== null) technician.connect(world.client);
      await shift.pause();
      const checkedAt = Date.now();
      await checkAll(world, ledger, technician, recordedFrom);
      shift.resume();
      console.log(
        `soak: ${Math.round((at - started) / 1000)} s: ${fault.kind} (${Math.round((checkedAt - at) / 1000)} s, checks ${Math.round((Date.now() - checkedAt) / 1000)} s)`,
      );
    }
    await shift.stop();
    world.proxy.setMode('pass');
    lastFault = 'none (the final checks)';
    await checkAll(world, ledger, technician, recordedFrom);
    // The logs once more after both have closed (a secret written on the way out counts too).
    const secrets = (await world.service.tokens()).flatMap((t) => [t.token, t.secret]);
    await world.stop();
    checkSecrets([world.hostDir], [world.log.file], [...secrets, SERVICE_DEFAULTS.consumerSecret]);
  } catch (error) {
    failed = error instanceof Error ? error : new Error(String(error));
    await shift.stop().catch(() => undefined);
  } finally {
    await world?.stop().catch(() => undefined);
    killAllChildren();
  }

  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`soak: ${minutes} min; faults injected: ${format(injected, FAULT_KINDS)}`);
  // Outcomes worded so no line reads like a test runner's summary ("3 failed") to someone scanning CI output.
  const counts = new Map(
    [...ledger.counts].map(([k, n]) => [k.replace(/ failed$/, ' refused').replace(/ lost$/, ' unknown'), n]),
  );
  console.log(`soak: writes made: ${technician.writes}; by kind and outcome: ${format(counts)}`);
  console.log(`soak: invariants checked: ${format(checked)}`);
  // Why writes were refused, each reason once: a refusal the technician could not have foreseen is a lead.
  const reasons = new Map<string, number>();
  const seen = new Set<number>();
  for (const w of ledger.all())
    if ((w.outcome === 'failed' || w.outcome === 'lost') && !seen.has(w.seq)) {
      seen.add(w.seq);
      const key = `${w.kind} ${w.outcome === 'failed' ? 'refused' : 'outcome unknown'}: ${(w.error ?? '').slice(0, 140)}`;
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`soak:   ${n} × ${reason}`);
  if (world)
    await writeFile(path.join(world.workDir, 'ledger.json'), JSON.stringify(ledger.all(), null, 1)).catch(
      () => undefined,
    );
  if (failed) {
    console.log(`soak: FAILED with seed ${opts.seed}: ${failed.message}`);
    console.log(`soak: the last fault before it: ${lastFault}`);
    if (!(failed instanceof Violation) && failed.stack) console.log(failed.stack);
    if (world) console.log(`soak: the data directories and the children's log are kept in ${world.workDir}`);
    return 1;
  }
  if (world && !opts.keep) await rm(world.workDir, { recursive: true, force: true });
  else if (world) console.log(`soak: kept ${world.workDir}`);
  console.log(`soak: green with seed ${opts.seed}`);
  return 0;
}

function format(counts: Map<string, number>, order: readonly string[] = [...counts.keys()].sort()): string {
  return order.map((k) => `${k} ${counts.get(k) ?? 0}`).join(', ') || 'none';
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}
process.on('exit', killAllChildren);

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`soak: ${(error as Error).message}`);
    process.exit(2);
  },
);
