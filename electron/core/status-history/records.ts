// What the history holds, as plain data (the shapes of the frames on disk and of what queries return).

import type { Id } from '../../../shared/model.js';

/**
 * A device's status as recorded: 'online' | 'offline' | 'busy', an unknown enum value verbatim, or 'none'
 * (the service sent no status). `null` in a transition means "not in the account" (new or removed).
 */
export type RecordedStatus = string;

/** Why the console itself could not see the devices: these stretches are *unknown*, never offline. */
export type GapReason = 'offline' | 'signed-out' | 'asleep' | 'closed' | 'no-poll';

/** [device id, from, to, the service's last_refresh in ms or null]. Tuples keep the frames small. */
export type TransitionTuple = [Id, RecordedStatus | null, RecordedStatus | null, number | null];

/** One poll batch: every transition that poll saw (possibly none: a heartbeat that the console was alive). */
export interface PollFrame {
  k: 'p';
  /** The poll's time (when the data was fetched), ms since the epoch. */
  t: number;
  x: TransitionTuple[];
}

/** From `t` until the next poll, the console did not see the service. */
export interface GapFrame {
  k: 'g';
  t: number;
  r: GapReason;
}

export type HistoryFrame = PollFrame | GapFrame;

export interface Transition {
  deviceId: Id;
  from: RecordedStatus | null;
  to: RecordedStatus | null;
  at: number;
  lastRefresh: number | null;
}

export interface Gap {
  start: number;
  /** null: still open (the console has not seen the service since). */
  end: number | null;
  reason: GapReason;
}

export function isFrame(value: unknown): value is HistoryFrame {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { k?: unknown; t?: unknown; x?: unknown; r?: unknown };
  if (typeof v.t !== 'number') return false;
  if (v.k === 'p') return Array.isArray(v.x);
  return v.k === 'g' && typeof v.r === 'string';
}
