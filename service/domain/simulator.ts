// Life on the account while nobody touches it: a few devices change status each tick (reported with a
// fresh last_refresh) and sessions follow their schedule (see AccountStore.advanceSessions). Driven by the
// service clock, so advancing the clock through the control API plays the schedule forward.
import { DEVICE_STATUSES, type Id, type KnownDeviceStatus } from '../../shared/model.js';
import type { AccountStore } from './account-store.js';
import type { Clock } from './clock.js';
import { seededRandom, type Random } from './random.js';
import type { ScenarioPlayer } from './scenarios.js';

export interface SimulatorOptions {
  seed?: number;
  /** Share of devices that change status per tick (default 0.005, at least one device). */
  churn?: number;
  /** Real-time tick interval when started (default 5 s). */
  intervalMs?: number;
  /** Called after each timer tick (the server re-encodes its cached device list then, not on the next GET). */
  afterTimerTick?: () => void;
  /** Scripted stories (scenarios.ts): their due steps are applied each tick, their devices left alone. */
  scenarios?: ScenarioPlayer;
}

export interface TickResult {
  devices: Id[];
  sessions: Id[];
}

export class Simulator {
  private readonly random: Random;
  private readonly churn: number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private readonly afterTimerTick: (() => void) | undefined;
  private readonly scenarios: ScenarioPlayer | undefined;

  constructor(
    private readonly store: AccountStore,
    private readonly clock: Clock,
    options: SimulatorOptions = {},
  ) {
    this.random = seededRandom(options.seed ?? 1);
    this.churn = options.churn ?? 0.005;
    this.intervalMs = options.intervalMs ?? 5000;
    this.afterTimerTick = options.afterTimerTick;
    this.scenarios = options.scenarios;
  }

  tick(): TickResult {
    const now = this.clock.now();
    const sessions = this.store.advanceSessions(now);
    const ids = this.store.deviceIds();
    const changes: Array<[Id, KnownDeviceStatus]> = [];
    if (ids.length > 0 && this.churn > 0) {
      const count = Math.max(1, Math.round(ids.length * this.churn));
      for (let i = 0; i < count; i++) {
        const id = ids[this.random.int(0, ids.length - 1)] as Id;
        if (this.scenarios?.isPinned(id, now)) continue;
        const current = this.store.getDevice(id).status;
        const others = DEVICE_STATUSES.filter((s) => s !== current);
        changes.push([id, this.random.pick(others)]);
      }
      this.store.setDeviceStatuses(changes, now);
    }
    // After the churn: a story's step due now wins over a random change in the same tick.
    const played = this.scenarios?.applyDue(now) ?? [];
    return { devices: [...changes.map(([id]) => id), ...played], sessions };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.tick();
      this.afterTimerTick?.();
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
