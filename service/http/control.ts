// The control API (demo and test mode only): JSON under /_control/, guarded by a per-launch token in the
// X-Control-Token header. It moves the clock, forces device and session states, revokes tokens, injects
// faults and shows the outbox, so tests and the demo can play situations the real service produces.
import { createHash, timingSafeEqual } from 'node:crypto';
import { DEVICE_STATUSES, type KnownDeviceStatus } from '../../shared/model.js';
import type { AccountStore } from '../domain/account-store.js';
import type { ServiceClock } from '../domain/clock.js';
import { DomainError } from '../domain/errors.js';
import type { Outbox } from '../domain/outbox.js';
import type { ScenarioPlayer } from '../domain/scenarios.js';
import type { Simulator } from '../domain/simulator.js';
import { parseFaultRule, type FaultInjector } from './faults.js';
import type { OAuthGate } from './oauth-gate.js';
import type { HttpResponse } from './responses.js';

export const CONTROL_PREFIX = '/_control/';
export const CONTROL_TOKEN_HEADER = 'x-control-token';

export interface ControlContext {
  token: string;
  store: AccountStore;
  clock: ServiceClock;
  simulator: Simulator;
  outbox: Outbox;
  faults: FaultInjector;
  oauth: OAuthGate;
  scenarios?: ScenarioPlayer;
}

function json(status: number, value: unknown): HttpResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    body: JSON.stringify(value),
  };
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export function controlTokenMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(expected), digest(given));
}

function parseJson(body: string): Record<string, unknown> | null {
  if (body.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function handleControl(
  ctx: ControlContext,
  method: string,
  pathname: string,
  body: string,
): Promise<HttpResponse> {
  const path = pathname.slice(CONTROL_PREFIX.length).split('/').filter(Boolean);
  const input = parseJson(body);
  if (input === null) return json(400, { error: 'The body must be a JSON object' });
  const route = `${method} ${path.map((p, i) => (i === 1 && path.length === 3 ? ':id' : p)).join('/')}`;
  try {
    // POST scenarios/<name>: a scripted status story (domain/scenarios.ts).
    if (method === 'POST' && path[0] === 'scenarios' && path.length === 2 && ctx.scenarios) {
      return json(200, { scenario: ctx.scenarios.play(path[1] as string, input) });
    }
    switch (route) {
      case 'GET summary':
        return json(200, {
          now: new Date(ctx.clock.now()).toISOString(),
          ...ctx.store.summary(),
          outbox: ctx.outbox.list().length,
          faults: ctx.faults.pending(),
        });
      case 'POST clock/advance': {
        const ms = input.ms;
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
          return json(400, { error: 'ms must be a non-negative number' });
        ctx.clock.advance(ms);
        const tick = ctx.simulator.tick();
        return json(200, { now: new Date(ctx.clock.now()).toISOString(), changed: tick });
      }
      case 'POST simulator/tick':
        return json(200, { now: new Date(ctx.clock.now()).toISOString(), changed: ctx.simulator.tick() });
      case 'POST devices/:id/status': {
        const status = input.status;
        if (typeof status !== 'string' || !(DEVICE_STATUSES as readonly string[]).includes(status)) {
          return json(400, { error: `status must be one of ${DEVICE_STATUSES.join(', ')}` });
        }
        ctx.store.setDeviceStatuses([[path[1] as string, status as KnownDeviceStatus]], ctx.clock.now());
        return json(200, { device: ctx.store.getDevice(path[1] as string) });
      }
      case 'POST sessions/:id/transition': {
        const to = input.to;
        if (to !== 'ongoing' && to !== 'finished')
          return json(400, { error: 'to must be "ongoing" or "finished"' });
        return json(200, { session: ctx.store.forceSessionState(path[1] as string, to) });
      }
      case 'POST tokens/revoke': {
        if (typeof input.token !== 'string' || input.token === '')
          return json(400, { error: 'token must be a string' });
        return json(200, { revoked: await ctx.oauth.revokeAccessToken(input.token) });
      }
      case 'POST faults': {
        const rule = parseFaultRule(input);
        if (typeof rule === 'string') return json(400, { error: rule });
        ctx.faults.add(rule);
        return json(200, { faults: ctx.faults.pending() });
      }
      case 'DELETE faults':
        ctx.faults.clear();
        return json(200, { faults: [] });
      case 'GET outbox':
        return json(200, { messages: ctx.outbox.list() });
      case 'DELETE outbox':
        ctx.outbox.clear();
        return json(200, { messages: [] });
      default:
        return json(404, { error: 'No such control endpoint' });
    }
  } catch (error) {
    if (error instanceof DomainError) return json(error.status, { error: error.message, code: error.code });
    throw error;
  }
}
