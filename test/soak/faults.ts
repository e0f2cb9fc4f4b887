// The fault schedule: drawn whole from the seed before anything starts, so the same seed replays the same
// faults in the same order with the same parameters (what the system does in between still depends on
// timing, as any real run's does). Every kind comes once, in a seeded order, before any comes twice.
import type { Random } from './random.js';
import type { World } from './world.js';

export const FAULT_KINDS = [
  'host-sigkill',
  'host-sigterm',
  'service-sigkill',
  'net-delay',
  'net-drop',
  'net-reset',
  'net-cut',
  'clock-step',
  'renderer-reload',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  /** Technician's work before this fault, ms. */
  workMs: number;
  /** How long a network fault or a clock step lasts, ms (a service restart: how long it stays down). */
  holdMs: number;
  /** net-delay: per chunk; clock-step: the step (±10 minutes). */
  amountMs: number;
}

/** Enough faults for `minutes` (the run stops at its deadline, whatever is left). */
export function faultSchedule(random: Random, minutes: number): Fault[] {
  const count = Math.max(FAULT_KINDS.length, Math.ceil(minutes * 6));
  const kinds: FaultKind[] = random.sample(FAULT_KINDS, FAULT_KINDS.length);
  while (kinds.length < count) kinds.push(random.pick(FAULT_KINDS));
  return kinds.map((kind) => ({
    kind,
    workMs: random.int(1_000, 5_000),
    holdMs: kind === 'service-sigkill' ? random.int(500, 5_000) : random.int(2_000, 8_000),
    amountMs:
      kind === 'net-delay'
        ? random.int(500, 4_000)
        : kind === 'clock-step'
          ? (random.chance(0.5) ? 1 : -1) * 10 * 60_000
          : 0,
  }));
}

/** A short fingerprint of the schedule, printed so two runs can be seen to have replayed the same one. */
export function scheduleFingerprint(faults: Fault[]): string {
  let h = 0x811c9dc5;
  for (const c of JSON.stringify(faults)) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Injects one fault and undoes it (the network heals, the clock steps back, a killed process is started
 * again); the checks come after. `startBulk` begins a bulk move for the reload to land in the middle of.
 */
export async function inject(world: World, fault: Fault, startBulk: () => Promise<void>): Promise<void> {
  switch (fault.kind) {
    case 'host-sigkill':
      return world.restartHost('SIGKILL');
    case 'host-sigterm':
      return world.restartHost('SIGTERM');
    case 'service-sigkill':
      return world.restartService(fault.holdMs);
    case 'net-delay':
    case 'net-drop':
    case 'net-reset':
    case 'net-cut': {
      const mode = fault.kind.slice('net-'.length) as 'delay' | 'drop' | 'reset' | 'cut';
      const down = world.down(world.hostNow(), fault.kind);
      world.proxy.setMode(mode, fault.amountMs);
      await sleep(fault.holdMs);
      world.proxy.setMode('pass');
      // Held chunks and stalled connections take up to the delay (or the host's timeout) to clear.
      down.end = world.hostNow() + fault.amountMs;
      return;
    }
    case 'clock-step': {
      world.stepClock(fault.amountMs);
      // While the step lasts the service refuses the host's signatures (its window is ±10 minutes).
      const down = world.down(world.hostNow(), 'clock stepped');
      await sleep(fault.holdMs);
      world.stepClock(0);
      down.end = world.hostNow();
      return;
    }
    case 'renderer-reload': {
      await startBulk();
      await sleep(Math.min(fault.holdMs, 1_500));
      await world.client?.reloadStream();
      return;
    }
  }
}
