// Scripted status stories the simulator plays on the service clock, so the console's status history,
// outage detection and alerts can be shown and tested: a site outage (a folder's devices go offline and
// return), a flapping device, a long-offline device. Started through the control API
// (POST /_control/scenarios/<name>) or, for the demo, at start; each step is applied on the simulator's
// tick once the service clock has reached it, so advancing the clock plays the story forward.
// Devices in a story are left alone by the simulator's random churn until their story ends.

import type { Id, KnownDeviceStatus } from '../../shared/model.js';
import type { AccountStore } from './account-store.js';
import type { Clock } from './clock.js';
import { uncodedError } from './errors.js';

export const SCENARIO_NAMES = ['site-outage', 'flapping', 'long-offline'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

export interface ScenarioStep {
  at: number;
  deviceId: Id;
  status: KnownDeviceStatus;
  /** The device's last_refresh for this step (default: the step's time). */
  lastRefreshAt?: number;
}

export interface PlayedScenario {
  name: ScenarioName;
  devices: Id[];
  folderId: Id | null;
  steps: Array<{ at: string; deviceId: Id; status: KnownDeviceStatus }>;
}

function num(
  input: Record<string, unknown>,
  key: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const v = input[key];
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
    throw uncodedError(400, `${key} must be a number from ${min} to ${max}`);
  return v;
}

function str(input: Record<string, unknown>, key: string): string | undefined {
  const v = input[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw uncodedError(400, `${key} must be an id`);
  return v;
}

export class ScenarioPlayer {
  #steps: ScenarioStep[] = [];
  /** Device → until when its story runs (ms). */
  readonly #pinned = new Map<Id, number>();

  constructor(
    private readonly store: AccountStore,
    private readonly clock: Clock,
  ) {}

  isPinned(id: Id, now: number): boolean {
    const until = this.#pinned.get(id);
    return until !== undefined && now <= until;
  }

  /** Applies the steps due by `now`, in order; returns the devices changed. */
  applyDue(now: number): Id[] {
    const due: ScenarioStep[] = [];
    while (this.#steps.length > 0 && (this.#steps[0] as ScenarioStep).at <= now)
      due.push(this.#steps.shift() as ScenarioStep);
    for (const step of due) {
      try {
        this.store.setDeviceStatuses([[step.deviceId, step.status]], step.lastRefreshAt ?? step.at);
      } catch {
        // the device was deleted meanwhile: its story ends
      }
    }
    for (const [id, until] of this.#pinned) if (now > until) this.#pinned.delete(id);
    return due.map((s) => s.deviceId);
  }

  play(name: string, input: Record<string, unknown>): PlayedScenario {
    const now = this.clock.now();
    let steps: ScenarioStep[];
    let folderId: Id | null = null;
    switch (name) {
      case 'site-outage': {
        folderId = str(input, 'folderId') ?? this.#largestFolder();
        const devices = this.store.getFolder(folderId).devices?.map((d) => d.id) ?? [];
        if (devices.length < 3) throw uncodedError(400, `Folder ${folderId} has fewer than 3 devices`);
        const start = now + num(input, 'inMinutes', 0, 0, 24 * 60) * MIN;
        const end = start + num(input, 'minutes', 20, 1, 7 * 24 * 60) * MIN;
        steps = devices.flatMap((deviceId) => [
          { at: start, deviceId, status: 'offline' as const },
          { at: end, deviceId, status: 'online' as const },
        ]);
        break;
      }
      case 'flapping': {
        const deviceId = str(input, 'deviceId') ?? this.#pickDevice(now);
        const start = now + num(input, 'inMinutes', 0, 0, 24 * 60) * MIN;
        const period = num(input, 'periodMinutes', 2, 0.1, 60) * MIN;
        const count = Math.floor((num(input, 'minutes', 60, 1, 24 * 60) * MIN) / period);
        steps = Array.from({ length: count + 1 }, (_, i) => ({
          at: start + i * period,
          deviceId,
          status: i % 2 === 0 && i < count ? ('offline' as const) : ('online' as const),
        }));
        break;
      }
      case 'long-offline': {
        const deviceId = str(input, 'deviceId') ?? this.#pickDevice(now);
        const days = num(input, 'days', 3, 0, 365);
        // Offline as seen from now, last heard of `days` ago: what a console meets on its first poll.
        steps = [{ at: now, deviceId, status: 'offline', lastRefreshAt: now - days * DAY }];
        break;
      }
      default:
        throw uncodedError(404, `No scenario "${name}" (${SCENARIO_NAMES.join(', ')})`);
    }
    const until = Math.max(...steps.map((s) => s.at));
    for (const s of steps) this.#pinned.set(s.deviceId, Math.max(this.#pinned.get(s.deviceId) ?? 0, until));
    this.#steps = [...this.#steps, ...steps].sort((a, b) => a.at - b.at);
    this.applyDue(now);
    return {
      name: name as ScenarioName,
      devices: [...new Set(steps.map((s) => s.deviceId))],
      folderId,
      steps: steps.map((s) => ({ at: new Date(s.at).toISOString(), deviceId: s.deviceId, status: s.status })),
    };
  }

  /** The demo's first minutes: a flapping device, a short site outage and a device long gone. */
  playDemo(): void {
    this.play('long-offline', { days: 4 });
    this.play('flapping', { periodMinutes: 1, minutes: 20 });
    this.play('site-outage', { inMinutes: 2, minutes: 5 });
  }

  #largestFolder(): Id {
    const counts = new Map<Id, number>();
    for (const d of this.store.listDevices()) {
      if (d.folderId !== null && !this.#inStory(d.id))
        counts.set(d.folderId, (counts.get(d.folderId) ?? 0) + 1);
    }
    let best: Id | null = null;
    for (const [id, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = id;
    if (best === null) throw uncodedError(400, 'No folder holds devices');
    return best;
  }

  #pickDevice(now: number): Id {
    const device = this.store.listDevices().find((d) => d.status === 'online' && !this.isPinned(d.id, now));
    if (!device) throw uncodedError(400, 'No online device left to play with');
    return device.id;
  }

  #inStory(id: Id): boolean {
    return this.#pinned.has(id);
  }
}
