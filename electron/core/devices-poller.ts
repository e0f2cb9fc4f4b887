// The devices poll, off the main thread: one worker (devices-poll-worker.ts) sends the signed GET, hashes,
// decodes and diffs the list against its mirror, and answers only whether it found a change. The main
// thread's ServiceClient signs each attempt (tokens stay here) and runs the GET policy of every call around
// them (getVia; the worker sends with the client's sendAttempt), then has the mirror take the poll (commit,
// but the devices a local write fenced) or drop it (discard: a local write raced the poll). A commit's
// change-log entry (devices-change-log.ts) comes back in parts, each handed on as it arrives (to the
// Picture and the renderer): nothing here joins them. The main thread's own changes are edited into the
// mirror; reads, searches and views are answered from it. One worker, started on first use, replaced if it
// dies after it was up: from the offline copy (`reseed`), or empty; either way its first poll is marked
// `complete` (the main thread then replaces the devices, not applies a delta).
//
// A worker that cannot start at all (missing file, a module that fails to load) must not leave the
// technician without devices: the same handler then runs in this thread, once logged. Slower for a huge
// list, but correct.

import { Worker } from 'node:worker_threads';
import { malformedResponseError } from '../../shared/client/errors.js';
import type { ForeignAttempt, RawResponse } from '../../shared/client/transport.js';
import type { DevicesFeed, DevicesFeedOptions, DevicesPoll, OnDevicesPart } from './devices-feed.js';
import { AppFailure } from '../../shared/errors.js';
import { XmlError, type XmlErrorReason } from '../../shared/xml/xml-error.js';
import { createPollerHandler, type PollerReply, type PollerRequest } from './devices-poll-worker.js';
import { silentLogger } from './logger.js';
import { carriedDevices } from './packed-devices.js';
import { DevicesPart } from './devices-part.js';
import { defaultWorkerSpec } from './devices-worker-start.js';
import { answer, answerHeaders, type Answer, type Pending } from './devices-requests.js';

// The worker's young generation (V8's default grows to 48 MB). What a decode allocates is garbage at once or
// kept for good (the mirror): a large nursery buys little speed, and V8 keeps it committed between polls
// (at 100,000 devices 6 MB took ~75 MB off the process's RSS).
const WORKER_YOUNG_GENERATION_MB = 6;

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
  /** Messages sent to the worker before it said it is ready (null once it did, or with none). */
  let unready: PollerRequest[] | null = null;
  const pending = new Map<number, Pending>();

  type Answered = Exclude<PollerReply, { ready: true }>;
  const handle = (reply: Answered): void => {
    const p = pending.get(reply.id);
    if (!p) return;
    if (reply.op === 'part') {
      // Handed on as it comes, each part in its own short task: never 100,000 records at once.
      const first = p.first;
      p.first = false;
      p.onPart?.(new DevicesPart(reply.seq, first, reply.part, p.interner));
      return;
    }
    pending.delete(reply.id);
    p.interner.clear();
    if (reply.op === 'failed') p.reject(new Error(reply.message));
    else p.settle(reply);
    if (pending.size === 0) worker?.unref();
  };

  // Replies are handled in order, one per turn of the event loop. Node's MessagePort hands every message
  // that arrives while one is being handled to that same task, and the worker posts the next part as soon
  // as this one is acknowledged: at 100,000 devices three or four parts (10–15 ms each: unpack, apply,
  // send to the page) ran back to back in one 30–50 ms stall of the main thread (bench host, BENCH_STALLS).
  // The acknowledgement still goes at once, so the worker packs the next part while this one is handled.
  const replies: Answered[] = [];
  const handleNext = (): void => {
    const reply = replies.shift();
    try {
      if (reply) handle(reply);
    } finally {
      // A reply whose handling threw must not leave the ones behind it waiting for good.
      if (replies.length > 0) setImmediate(handleNext);
    }
  };
  const onReply = (reply: PollerReply): void => {
    if ('ready' in reply) return;
    // Acknowledged even when nobody waits any more, so the worker never holds a delta waiting for it.
    if (reply.op === 'part') {
      if (local) local({ op: 'ack', id: reply.id });
      else worker?.postMessage({ op: 'ack', id: reply.id } satisfies PollerRequest);
    }
    replies.push(reply);
    if (replies.length === 1) setImmediate(handleNext);
  };

  /** The worker's handler run in this thread. */
  const localHandler = (): ((m: PollerRequest) => void) =>
    createPollerHandler((reply) => queueMicrotask(() => onReply(reply)), undefined, false);

  const runLocally = (why: unknown): void => {
    if (!local) {
      log.warn('the devices poll worker could not start; polling in the main thread instead', {
        error: why instanceof Error ? why.message : String(why),
      });
      local = localHandler();
    }
    worker = null;
    // What was sent to the worker that never started goes to the local handler, in order: requests and
    // the messages that expect no answer (a copy's devices given by replaceAll) alike.
    const sent = unready ?? [];
    unready = null;
    for (const m of sent) {
      if (!('id' in m) || m.id === undefined) {
        local(m);
        continue;
      }
      const p = pending.get(m.id);
      if (!p) continue; // an acknowledgement: no part ever came from this worker
      p.first = true;
      p.interner = new Map();
      local(p.request);
    }
  };

  /** Sends to the worker; what it cannot have taken yet is kept until it says it is ready. */
  const send = (message: PollerRequest): void => {
    unready?.push(message);
    worker?.postMessage(message);
  };

  const failAll = (error: Error): void => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
    worker = null;
  };

  const start = (): void => {
    if (options.worker === null) {
      local = localHandler();
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
      if ('ready' in message) {
        ready = true;
        unready = null;
      }
      onReply(message);
    });
    const died = (why: unknown) => {
      if (worker !== w) return;
      if (!ready) runLocally(why);
      else {
        log.warn('the devices poll worker stopped; a new one takes its place');
        mirrorLost = true;
        failAll(why instanceof Error ? why : new Error(String(why)));
        // The copy may be older than what was shown: mirrorLost stays, so the next poll is whole and
        // replaces everything (a reset), while reads meanwhile find the devices the copy holds.
        const copy = options.reseed?.();
        if (copy && !closed)
          request(
            (id) => ({ op: 'load', id, file: copy }),
            () => undefined,
          ).catch((error: unknown) =>
            log.warn('the devices were not reloaded from the offline copy', { error }),
          );
      }
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`The devices poll worker stopped (exit code ${code}).`)));
    worker = w;
    unready = [];
  };

  /** Fire-and-forget messages (commit, discard, replace): ordered with the requests. */
  const post = (message: PollerRequest): void => {
    if (local) return local(message);
    if (!worker) {
      // A replace for a worker not started yet: start it so the mirror sees every change in order.
      start();
    }
    if (local) (local as (m: PollerRequest) => void)(message);
    else send(message);
  };

  const request = <T>(
    build: (id: number) => PollerRequest & { id: number },
    settle: (reply: Answer) => T,
    onPart: OnDevicesPart | null = null,
  ): Promise<T> => {
    if (closed) return Promise.reject(new Error('The devices feed was closed.'));
    if (!local && !worker) start();
    const id = nextId++;
    const message = build(id);
    return new Promise<T>((resolve, reject) => {
      pending.set(id, {
        request: message,
        onPart,
        first: true,
        interner: new Map(),
        settle: (reply) => {
          try {
            resolve(settle(reply));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
        reject,
      });
      if (local) local(message);
      else {
        worker?.ref(); // a pending request keeps the process alive; an idle worker does not
        send(message);
      }
    });
  };

  /** Whether a poll found a change (the worker holds it), to be committed or discarded, once. */
  const polled = (changed: boolean, complete: boolean, signal?: AbortSignal): DevicesPoll => {
    started = true;
    let settled = false;
    const poll: DevicesPoll = {
      changed,
      complete: complete && changed,
      commit: async ({ fenced, reset, onPart } = {}) => {
        if (settled) return 0;
        settled = true;
        mirrorLost = false;
        // The very same bytes: the worker holds nothing to take.
        if (!changed) return 0;
        return request(
          (id) => ({
            op: 'commit',
            id,
            ...(fenced?.size ? { fenced: [...fenced] } : {}),
            ...(reset ? { reset } : {}),
          }),
          (reply) => answer(reply, 'committed').count,
          onPart ?? null,
        );
      },
      discard: () => {
        if (settled) return;
        settled = true;
        post({ op: 'discard' });
      },
    };
    if (signal?.aborted) poll.discard();
    return poll;
  };

  /** No owner was ever started (never synced, no copy opened): it holds no device, and none is started to say so. */
  const holdsNothing = (): boolean => !worker && !local;

  return {
    async poll(get, signal) {
      const complete = mirrorLost;
      // Set by the 2xx attempt (in a callback: declared wide, or the compiler keeps it at false).
      let changed = false as boolean;
      // One attempt: the worker sends what the client signed, with the client's limits. A non-2xx answer
      // goes back to the client's policy (retried or mapped there); no answer is the client's AppFailure.
      const attempt: ForeignAttempt = (signed, limits) =>
        request(
          (id) => ({ op: 'poll', id, request: { ...signed, ...limits } }),
          (reply): RawResponse => {
            const { outcome } = answer(reply, 'polled');
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
                changed = outcome.kind !== 'unchanged';
                return { status: 200, headers: new Headers(), text: '', url: signed.url };
            }
          },
        );
      await get(attempt, signal);
      return polled(changed, complete, signal);
    },
    async diff(devices) {
      const complete = mirrorLost;
      const changed = await request(
        (id) => ({ op: 'diff', id, devices: [...devices] }),
        (reply) => answer(reply, 'polled').outcome.kind !== 'unchanged',
      );
      return polled(changed, complete);
    },
    replaceAll(devices) {
      if (!started && devices.length === 0 && !worker && !local) return;
      post({ op: 'replace', devices: [...devices] });
      mirrorLost = false;
    },
    edit(edits) {
      if (edits.length === 0) return Promise.resolve([]);
      return request(
        (id) => ({ op: 'edit', id, edits: edits.map((e) => ({ ...e })) }),
        (reply) => carriedDevices(answer(reply, 'edited').devices),
      );
    },
    list(onPart) {
      if (holdsNothing()) return Promise.resolve(0);
      return request(
        (id) => ({ op: 'list', id }),
        (reply) => answer(reply, 'listed').count,
        onPart,
      );
    },
    read(ids) {
      return request(
        (id) => ({ op: 'read', id, ids: [...ids] }),
        (reply) => new Map(carriedDevices(answer(reply, 'read').found).map((d) => [d.id, d])),
      );
    },
    countInFolder(folderId) {
      return request(
        (id) => ({ op: 'count', id, folderId }),
        (reply) => answer(reply, 'counted').count,
      );
    },
    search(words) {
      if (holdsNothing()) return Promise.resolve([]);
      return request(
        (id) => ({ op: 'search', id, words: [...words] }),
        (reply) => answer(reply, 'found').devices,
      );
    },
    matchView(query) {
      if (holdsNothing()) return Promise.resolve({ total: 0, devices: [] });
      return request(
        (id) => ({ op: 'view', id, query }),
        (reply) => answer(reply, 'matched').matched,
      );
    },
    loadCache(file, onPart, after) {
      if (after)
        void after.then(() => {
          if (closed) return;
          if (local) local({ op: 'begin' });
          else send({ op: 'begin' });
        });
      return request(
        (id) => ({ op: 'load', id, file, ...(after ? { wait: true } : {}) }),
        (reply) => {
          const { result } = answer(reply, 'loaded');
          mirrorLost = false;
          return result;
        },
        onPart,
      );
    },
    saveCache(file, fetchedAt) {
      return request(
        (id) => ({ op: 'save', id, file, fetchedAt }),
        (reply) => answer(reply, 'saved').notice,
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
