// How the devices feed (devices-poller.ts) keeps the requests it sent its worker and reads their answers.

import type { OnDevicesPart } from './devices-feed.js';
import type { PollerReply, PollerRequest, PollSummary } from './devices-poll-worker.js';
import type { Interner } from './packed-devices.js';

/** A final answer to one request (parts and `ready` are not). */
export type Answer = Exclude<PollerReply, { ready: true } | { op: 'part' }>;

export interface Pending {
  request: PollerRequest & { id: number };
  onPart: OnDevicesPart | null;
  /** No part of this request came yet. */
  first: boolean;
  /** One string per repeated value across this request's parts. */
  interner: Interner;
  settle(reply: Answer): void;
  reject(error: Error): void;
}

/** The answer `op` to a request, or the worker broke the protocol. */
export function answer<O extends Answer['op']>(reply: Answer, op: O): Extract<Answer, { op: O }> {
  if (reply.op !== op) throw new Error('The devices poll worker answered out of turn.');
  return reply as Extract<Answer, { op: O }>;
}

/** Headers of a non-2xx answer as the worker passed them on, for the client's policy to read. */
export function answerHeaders({
  wwwAuthenticate,
  retryAfter,
}: Extract<PollSummary, { kind: 'http' }>): Headers {
  const pairs = { 'www-authenticate': wwwAuthenticate, 'retry-after': retryAfter };
  return new Headers(Object.entries(pairs).filter((p): p is [string, string] => p[1] !== null));
}
