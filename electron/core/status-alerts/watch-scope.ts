// Which watches cover a device: its own, its folder's and every ancestor folder's, and the account's.
// Built once per poll from the watches and the folder tree, so a poll's transitions are matched in
// O(depth) each rather than against every watch.

import type { Id } from '../../../shared/model.js';
import type { Watch } from '../../../shared/status-history.js';

export class WatchScope {
  readonly #byDevice = new Map<Id, Watch[]>();
  readonly #byFolder = new Map<Id, Watch[]>();
  readonly #account: Watch[] = [];
  readonly #parentOf: (folderId: Id) => Id | null;
  /** Some watch asks for "offline/busy longer than N" (which needs a pass over all devices). */
  readonly hasDurationWatches: boolean;

  constructor(watches: readonly Watch[], parentOf: (folderId: Id) => Id | null) {
    this.#parentOf = parentOf;
    this.hasDurationWatches = watches.some(
      (w) => w.when.offlineLongerMinutes !== null || w.when.busyLongerMinutes !== null,
    );
    for (const w of watches) {
      if (w.target.kind === 'account') this.#account.push(w);
      else {
        const map = w.target.kind === 'device' ? this.#byDevice : this.#byFolder;
        const list = map.get(w.target.id) ?? [];
        list.push(w);
        map.set(w.target.id, list);
      }
    }
  }

  get isEmpty(): boolean {
    return this.#byDevice.size === 0 && this.#byFolder.size === 0 && this.#account.length === 0;
  }

  /** The watches covering a device in `folderId` (null: unassigned). */
  watchesOf(deviceId: Id, folderId: Id | null): Watch[] {
    const out = [...(this.#byDevice.get(deviceId) ?? []), ...this.#account];
    const seen = new Set<Id>();
    for (let f = folderId; f !== null && !seen.has(f); f = this.#parentOf(f)) {
      seen.add(f); // a cycle in bad data must not hang the poll
      const list = this.#byFolder.get(f);
      if (list) out.push(...list);
    }
    return out;
  }

  /** Whether a folder (a site) lies within some watch's folder or the account's. */
  coversFolder(folderId: Id): boolean {
    if (this.#account.length > 0) return true;
    const seen = new Set<Id>();
    for (let f: Id | null = folderId; f !== null && !seen.has(f); f = this.#parentOf(f)) {
      seen.add(f);
      if (this.#byFolder.has(f)) return true;
    }
    return false;
  }
}
