// The devices poll, off the main thread: one worker (devices-poll-worker.ts) sends the signed GET, hashes,
// decodes and diffs the list against its mirror of the Picture's devices, and hands back only the delta, in
// parts. The main thread's ServiceClient signs each attempt (tokens stay here) and runs the GET policy of
// every call around them (getVia; the worker sends with the client's sendAttempt), receives the parts and
// decides, once the whole delta is in, whether to apply it (commit) or drop it (discard: a local write
// raced the poll). Every change the main thread makes to the devices by itself is patched into the
// mirror, so both copies stay equal. One worker, started on first use, replaced if it dies after it was
// up; a replacement starts with an empty mirror, so its first poll is marked `complete` and the main
// thread replaces its devices instead of applying a delta.
//
// A worker that cannot start at all (missing file, a module that fails to load) must not leave the
// technician without devices: the same handler then runs in this thread, once logged. Slower for a huge
// list, but correct.

import { Worker } from 'node:worker_threads';
import { malformedResponseError } from '../../shared/client/errors.js';
import type { ForeignAttempt, RawResponse } from '../../shared/client/transport.js';
import { AppFailure } from '../../shared/errors.js';
import type { Device, Id, Timestamp } from '../../shared/model.js';
import { XmlError, type XmlErrorReason } from '../../shared/xml/xml-error.js';
import type { DevicesDelta } from './devices-mirror.js';
import {
  createPollerHandler,
  type LoadSummary,
  type PollerReply,
  type PollerRequest,
  type PollSummary,
} from './devices-poll-worker.js';
import type { Logger } from './logger.js';
import { silentLogger } from './logger.js';
import { unpackDelta, type Interner } from './packed-devices.js';
import { defaultWorkerSpec, type WorkerSpec } from './devices-worker-start.js';

/**
 * The devices list's GET under the client's policy, its attempts sent by this feed (ServiceClient.getVia
 * bound to /devices.xml): resolves with the 2xx answer, rejects with the client's AppFailure.
 */
export type DevicesGet = (attempt: ForeignAttempt, signal?: AbortSignal) => Promise<RawResponse>;

export interface DevicesPoll {
  /** null: the service sent the very same bytes as last time. */
  delta: DevicesDelta | null;
  /**
   * `delta.added` by id, built part by part as the parts arrived (each its own short task), so that
   * replacing the devices with a first sync's 100,000 needs no 100,000-entry Map built in one task.
   */
  addedById: Map<Id, Device> | null;
  /** The mirror was empty (a replaced worker): `delta.added` is the whole list, to replace with. */
  complete: boolean;
  commit(fenced?: ReadonlySet<Id>): void; // but the fenced devices: the mirror keeps its copy of them
  discard(): void;
}

export interface DevicesFeed {
  poll(get: DevicesGet, signal?: AbortSignal): Promise<DevicesPoll>;
  /** A list fetched by other means (a client that cannot sign for the worker), diffed as a poll's. */
  diff(devices: readonly Device[]): Promise<DevicesPoll>;
  /** Mirrors a change the main thread made itself (optimistic write, rollback). */
  patch(puts: readonly Device[], removals: readonly Id[]): void;
  replaceAll(devices: readonly Device[]): void;
  /** The cached devices, also by id (built part by part, as for a poll). */
  loadCache(file: string): Promise<{ result: LoadSummary; records: Device[]; byId: Map<Id, Device> }>;
  saveCache(file: string, fetchedAt: Timestamp | null): Promise<string | null>;
  close(): Promise<void>;
}

export interface DevicesFeedOptions {
  /**
   * Where the worker comes from (default: devices-poll-worker beside this file). Tests inject a broken
   * one; null runs the same handler in this thread from the start.
   */
  worker?: WorkerSpec | null;
  logger?: Logger;
}

/** A final answer to one request (parts and `ready` are not). */
type Answer = Exclude<PollerReply, { ready: true } | { op: 'part' }>;

interface Pending {
  request: PollerRequest & { id: number };
  parts: DevicesDelta[];
  /** The parts' added devices by id, grown as each part arrives. */
  addedById: Map<Id, Device>;
  /** One string per repeated value across this request's parts. */
  interner: Interner;
  settle(reply: Answer, parts: DevicesDelta[], addedById: Map<Id, Device>): void;
  reject(error: Error): void;
}

/**
 * The worker's young generation (V8's default grows to 48 MB). Nearly everything a decode allocates is
 * either garbage at once or kept for good (the mirror), so a large nursery buys the worker little speed,
 * while V8 keeps it committed between polls: at 100,000 devices 6 MB took ~75 MB off the process's RSS.
 */
const WORKER_YOUNG_GENERATION_MB = 6;

function joinParts(parts: readonly DevicesDelta[]): DevicesDelta {
  if (parts.length === 1 && parts[0]) return parts[0];
  const out: DevicesDelta = { added: [], changed: [], removed: [] };
  for (const p of parts) {
    for (const d of p.added) out.added.push(d);
    for (const d of p.changed) out.changed.push(d);
    for (const id of p.removed) out.removed.push(id);
  }
  return out;
}

/** Headers of a non-2xx answer as the worker passed them on, for the client's policy to read. */
function answerHeaders({ wwwAuthenticate, retryAfter }: Extract<PollSummary, { kind: 'http' }>): Headers {
  const pairs = { 'www-authenticate': wwwAuthenticate, 'retry-after': retryAfter };
  return new Headers(Object.entries(pairs).filter((p): p is [string, string] => p[1] !== null));
}
export function createDevicesFeed(options: DevicesFeedOptions = {}): DevicesFeed {
  const log = options.logger ?? silentLogger;
  let worker: Worker | null = null;
  /** The handler running in this thread once a worker could not start. */
  let local: ((m: PollerRequest) => void) | null = null;
  let closed = false;
  let nextId = 1;
  /** The mirror behind the next poll is empty while the Picture is not (a worker was replaced). */
  let mirrorLost = false;
  let started = false;
  const pending = new Map<number, Pending>();

  const onReply = (reply: PollerReply): void => {
    if ('ready' in reply) return;
    // Acknowledged even when nobody waits any more, so the worker never holds a delta waiting for it.
    if (reply.op === 'part') {
      if (local) local({ op: 'ack', id: reply.id });
      else worker?.postMessage({ op: 'ack', id: reply.id } satisfies PollerRequest);
    }
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.op === 'part') {
      // Joined as they come (each part its own short task), not 100,000 records at once at the end.
      const part = unpackDelta(reply.part, p.interner);
      const joined = p.parts[0];
      if (!joined) p.parts.push(part);
      else {
        for (const device of part.added) joined.added.push(device);
        for (const device of part.changed) joined.changed.push(device);
        for (const id of part.removed) joined.removed.push(id);
      }
      for (const device of part.added) p.addedById.set(device.id, device);
      return;
    }
    pending.delete(reply.id);
    p.interner.clear();
    if (reply.op === 'failed') p.reject(new Error(reply.message));
    else p.settle(reply, p.parts, p.addedById);
    if (pending.size === 0) worker?.unref();
  };

  const runLocally = (why: unknown): void => {
    if (!local) {
      log.warn('the devices poll worker could not start; polling in the main thread instead', {
        error: why instanceof Error ? why.message : String(why),
      });
      local = createPollerHandler((reply) => queueMicrotask(() => onReply(reply)));
    }
    worker = null;
    // Requests sent to the worker that never answered go to the local handler, in order.
    for (const p of pending.values()) {
      p.parts = [];
      p.addedById = new Map();
      p.interner = new Map();
      local(p.request);
    }
  };

  const failAll = (error: Error): void => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = null;
  };

  const start = (): void => {
    if (options.worker === null) {
      local = createPollerHandler((reply) => queueMicrotask(() => onReply(reply)));
      return;
    }
    const spec = options.worker ?? defaultWorkerSpec();
    let w: Worker;
    try {
      w = new Worker(spec.source, {
        eval: spec.eval,
        workerData: spec.workerData,
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      });
    } catch (error) {
      runLocally(error);
      return;
    }
    let ready = false;
    w.on('message', (message: PollerReply) => {
      if ('ready' in message) ready = true;
      onReply(message);
    });
    const died = (why: unknown) => {
      if (worker !== w) return;
      if (!ready) runLocally(why);
      else {
        log.warn('the devices poll worker stopped; a new one starts with the next poll');
        mirrorLost = true;
        failAll(why instanceof Error ? why : new Error(String(why)));
      }
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`The devices poll worker stopped (exit code ${code}).`)));
    worker = w;
  };

  /** Fire-and-forget messages (commit, discard, patch, replace): ordered with the requests. */
  const post = (message: PollerRequest): void => {
    if (local) return local(message);
    if (!worker) {
      // A patch to a worker not started yet: start it so the mirror sees every change in order.
      start();
    }
    if (local) (local as (m: PollerRequest) => void)(message);
    else worker?.postMessage(message);
  };

  const request = <T>(
    build: (id: number) => PollerRequest & { id: number },
    settle: (reply: Answer, parts: DevicesDelta[], addedById: Map<Id, Device>) => T,
  ): Promise<T> => {
    if (closed) return Promise.reject(new Error('The devices feed was closed.'));
    if (!local && !worker) start();
    const id = nextId++;
    const message = build(id);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, {
        request: message,
        parts: [],
        addedById: new Map(),
        interner: new Map(),
        settle: (reply, parts, addedById) => {
          try {
            resolve(settle(reply, parts, addedById));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
        reject,
      });
      if (local) local(message);
      else {
        worker?.ref(); // a pending request keeps the process alive; an idle worker does not
        worker?.postMessage(message);
      }
    });
  };

  /** What a poll found (null: the very same bytes), to be committed or discarded, once. */
  const polled = (
    result: { delta: DevicesDelta; addedById: Map<Id, Device> | null } | null,
    complete: boolean,
    signal?: AbortSignal,
  ): DevicesPoll => {
    started = true;
    let settled = false;
    const once = (op: 'commit' | 'discard') => (fenced?: ReadonlySet<Id>) => {
      if (settled) return;
      settled = true;
      if (op === 'commit') mirrorLost = false;
      post(op === 'commit' && fenced?.size ? { op, fenced: [...fenced] } : { op });
    };
    const poll: DevicesPoll = {
      delta: result?.delta ?? null,
      addedById: result?.addedById ?? null,
      complete: complete && result !== null,
      commit: once('commit'),
      discard: once('discard'),
    };
    if (signal?.aborted) poll.discard();
    return poll;
  };

  return {
    async poll(get, signal) {
      const complete = mirrorLost;
      // Set by the 2xx attempt (in a callback: declared wide, or the compiler keeps it at null).
      let result = null as { delta: DevicesDelta; addedById: Map<Id, Device> | null } | null;
      // One attempt: the worker sends what the client signed, with the client's limits. A non-2xx answer
      // goes back to the client's policy (retried or mapped there); no answer is the client's AppFailure.
      const attempt: ForeignAttempt = (signed, limits) =>
        request(
          (id) => ({ op: 'poll', id, request: { ...signed, ...limits } }),
          (reply, parts, addedById): RawResponse => {
            if (reply.op !== 'polled') throw new Error('The devices poll worker answered out of turn.');
            const outcome = reply.outcome;
            switch (outcome.kind) {
              case 'failed':
                throw new AppFailure(outcome.error);
              case 'malformed':
                throw malformedResponseError(
                  outcome.status,
                  outcome.reason
                    ? new XmlError(outcome.reason as XmlErrorReason, outcome.message, outcome.field)
                    : new Error(outcome.message),
                );
              case 'http':
                return {
                  status: outcome.status,
                  headers: answerHeaders(outcome),
                  text: outcome.body,
                  url: signed.url,
                };
              default:
                result = outcome.kind === 'unchanged' ? null : { delta: joinParts(parts), addedById };
                return { status: 200, headers: new Headers(), text: '', url: signed.url };
            }
          },
        );
      await get(attempt, signal);
      return polled(result, complete, signal);
    },
    async diff(devices) {
      const complete = mirrorLost;
      const result = await request(
        (id) => ({ op: 'diff', id, devices: [...devices] }),
        (reply, parts, addedById) => {
          if (reply.op !== 'polled') throw new Error('The devices poll worker answered out of turn.');
          return reply.outcome.kind === 'unchanged' ? null : { delta: joinParts(parts), addedById };
        },
      );
      return polled(result, complete);
    },
    patch(puts, removals) {
      if (puts.length === 0 && removals.length === 0) return;
      post({ op: 'patch', puts: [...puts], removals: [...removals] });
    },
    replaceAll(devices) {
      if (!started && devices.length === 0 && !worker && !local) return;
      post({ op: 'replace', devices: [...devices] });
      mirrorLost = false;
    },
    loadCache(file) {
      return request(
        (id) => ({ op: 'load', id, file }),
        (reply, parts, byId) => {
          if (reply.op !== 'loaded') throw new Error('The devices poll worker answered out of turn.');
          mirrorLost = false;
          return { result: reply.result, records: joinParts(parts).added, byId };
        },
      );
    },
    saveCache(file, fetchedAt) {
      return request(
        (id) => ({ op: 'save', id, file, fetchedAt }),
        (reply) => {
          if (reply.op !== 'saved') throw new Error('The devices poll worker answered out of turn.');
          return reply.notice;
        },
      );
    },
    async close() {
      closed = true;
      const w = worker;
      worker = null;
      failAll(new Error('The devices feed was closed.'));
      if (w) await w.terminate();
    },
  };
}
