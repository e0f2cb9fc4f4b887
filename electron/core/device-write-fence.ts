// Which devices a devices poll may not set: those a local write changed (or is still changing) while the
// poll was out, since the poll's copy of them may be from before the write landed and would undo its
// optimistic change on screen. Every other device of the poll is applied: during a bulk change of
// thousands of devices, which keeps writes open for minutes, the rest of the account keeps its live
// statuses instead of every poll being dropped whole. A write that does not say which devices it touches
// still drops the whole poll (SyncEngine's epoch).

import type { Id } from '../../shared/model.js';
import type { DevicesDelta } from './devices-mirror.js';

export class DeviceWriteFence {
  /** Devices with a write open, and how many. */
  readonly #writing = new Map<Id, number>();
  /** Devices a write began or ended on since the current poll started. */
  #touched = new Set<Id>();

  /** A write on `ids` begins; the returned function ends it (once). */
  begin(ids: readonly Id[]): () => void {
    for (const id of ids) {
      this.#writing.set(id, (this.#writing.get(id) ?? 0) + 1);
      this.#touched.add(id);
    }
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      for (const id of ids) {
        const n = (this.#writing.get(id) ?? 1) - 1;
        if (n > 0) this.#writing.set(id, n);
        else this.#writing.delete(id);
        this.#touched.add(id);
      }
    };
  }

  pollStarted(): void {
    this.#touched = new Set();
  }

  /** The devices the poll that is ending may not set: touched while it was out, or still being written. */
  fenced(): Set<Id> {
    const out = new Set(this.#touched);
    for (const id of this.#writing.keys()) out.add(id);
    return out;
  }
}

/** The delta without the fenced devices (the same object when none of them is in it). */
export function withoutFenced(delta: DevicesDelta, fenced: ReadonlySet<Id>): DevicesDelta {
  if (fenced.size === 0) return delta;
  const keep = (d: { id: Id }) => !fenced.has(d.id);
  return {
    added: delta.added.filter(keep),
    changed: delta.changed.filter(keep),
    removed: delta.removed.filter((id) => !fenced.has(id)),
  };
}
