// Gives a thread's heap back after a burst. Decoding 100,000 devices (38 MB of XML, an object per device, a
// JSON text per device, the previous mirror beside the next) grows the poll worker's V8 heap to some 300 MB,
// and V8 keeps it: the worker is idle between polls, so no allocation ever triggers the collection that
// would shrink it. Measured on the built worker (100k devices, a full poll, a second poll, a cache save):
// the worker's share of the process RSS was 360-460 MB, of which some 80 MB were live. One full collection
// once a burst is over (off the main thread: the worker has its own heap) returns the rest. The main thread
// does the same once a burst of changes to the renderer is over (burst-release.ts).
//
// `gc` is V8's own (--expose-gc), reached through a fresh context because the flag is set after start-up.
// Where it cannot be had, nothing is released and nothing else changes.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export type HeapRelease = () => void;

type Gc = (options?: { type: 'major' | 'minor' }) => void;

/** Reached once per thread (the flag set, a context made), whoever asks first. */
let reached: Gc | null | undefined;

function exposedGc(): Gc | null {
  if (reached !== undefined) return reached;
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    reached = typeof gc === 'function' ? (gc as Gc) : null;
  } catch {
    reached = null;
  }
  return reached;
}

export function heapRelease(): HeapRelease | null {
  const gc = exposedGc();
  return gc ? () => gc() : null;
}

/**
 * A collection of the young generation alone (a millisecond or two in the worker's 6 MB nursery): what a
 * streaming reader calls to have the chunks it dropped freed before they pile up (devices-poll-work.ts).
 */
export function youngCollection(): (() => void) | null {
  const gc = exposedGc();
  return gc ? () => gc({ type: 'minor' }) : null;
}
