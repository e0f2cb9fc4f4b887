// The in-memory index: per device its current status and since when, and its last few transition times
// (for flapping). It answers the list-wide questions ("offline for more than 2 days", "changed in the last
// hour", "flapping") without touching the disk: a linear pass over 100k entries takes a few ms.
// The disk is only read for one device's or one folder's timeline.

import type { Id } from '../../../shared/model.js';
import type { SinceRow, SinceRows } from '../../../shared/status-history.js';
import { PART_SIZE } from '../devices-owner.js';
import type { Gap, RecordedStatus, TransitionTuple } from './records.js';
import { NO_TRANSITIONS, StatusColumns, type IndexEntry } from './status-columns.js';

export type { IndexEntry } from './status-columns.js';

/** ≥ this many transitions within FLAP_WINDOW_MS marks a device as flapping. */
export const FLAP_TRANSITIONS = 4;
export const FLAP_WINDOW_MS = 60 * 60_000;
/** Kept per device: enough for the flapping rule. */
const RECENT_KEPT = FLAP_TRANSITIONS;

export interface StatusQuery {
  status?: RecordedStatus;
  /** Current status held for longer than this (ms) at `now`. */
  longerThanMs?: number;
  /** Changed within this many ms before `now`. */
  changedWithinMs?: number;
  flapping?: boolean;
  now: number;
}

/** When flapping ends without a further transition, from the latest transition times; 0: not flapping. */
function flapUntilOf(recent: readonly number[]): number {
  if (recent.length < FLAP_TRANSITIONS) return 0;
  return (recent[recent.length - FLAP_TRANSITIONS] as number) + FLAP_WINDOW_MS;
}

function isFlappingNow(recent: readonly number[], now: number): boolean {
  const until = flapUntilOf(recent);
  return until !== 0 && now <= until;
}

/** Since rows after a position of the index's change log (delta), and where they leave it. */
export interface SinceDelta extends SinceRows {
  /** Names the history's change log: another epoch means start over. */
  epoch: string;
  cursor: number;
  /**
   * Not null: the whole map goes on from this entry; ask again with `fullFrom` and this cursor, and keep
   * the cursor you had until the map is complete (null): only then is it yours.
   */
  fullFrom: number | null;
}

/** An answer with no rows yet: the start of every answer the index builds. */
export function emptySinceDelta(epoch: string, cursor: number, full: boolean): SinceDelta {
  return {
    epoch,
    cursor,
    full,
    ids: [],
    since: [],
    exact: [],
    flapUntil: [],
    removed: [],
    fullFrom: null,
    more: false,
  };
}

/** Changes kept for the renderer's deltas; a renderer further behind gets the whole map again. */
const CHANGE_LOG_KEPT = 200_000;

export class StatusIndex {
  /** Per device, its entry: held by column (status-columns.ts), read and written like a Map. */
  readonly entries = new StatusColumns();
  gaps: Gap[] = [];
  /** Names this index's change log: a renderer holding another's cursor (a re-opened account) starts over. */
  readonly epoch = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  #log: Id[] = [];
  #logBase = 0;
  /** The ids a whole map being sent page by page began with, and its cursor. */
  #listing: { cursor: number; ids: Id[] } | null = null;

  get cursor(): number {
    return this.#logBase + this.#log.length;
  }

  #changed(id: Id): void {
    this.#log.push(id);
    if (this.#log.length > CHANGE_LOG_KEPT) {
      const drop = this.#log.length - CHANGE_LOG_KEPT / 2;
      this.#log = this.#log.slice(drop);
      this.#logBase += drop;
    }
  }

  /** When flapping (as isFlapping says) ends without a further transition; 0: not flapping by count. */
  flapUntil(entry: IndexEntry): number {
    return flapUntilOf(entry.recent);
  }

  sinceRow(entry: IndexEntry): SinceRow {
    return [entry.since, entry.sinceExact ? 1 : 0, this.flapUntil(entry)];
  }

  /**
   * The devices whose since or flapping changed after `cursor` (ids, each once per page), or the whole map
   * when the cursor is not this index's or too old. Sent instead of the history: a few bytes per change.
   * At most `page` rows per answer (SinceDelta.fullFrom, .more): a first sync logs 100,000 first sightings,
   * and answering them at once held the main thread for 100 ms. A page of a whole map reads its ids from
   * where the last one stopped (skipping through the Map to it made the last pages the slowest).
   */
  delta(epoch: string | null, cursor: number, fullFrom?: number, page = PART_SIZE): SinceDelta {
    const known = epoch === this.epoch && cursor >= this.#logBase && cursor <= this.cursor;
    // A whole map goes on from `fullFrom` over the ids it began with (kept while it lasts): a device added
    // since is in the log after its cursor, one removed is skipped here and in the log too.
    const listing = fullFrom !== undefined && known && this.#listing?.cursor === cursor;
    const out = emptySinceDelta(
      this.epoch,
      listing ? cursor : this.cursor,
      !known || (fullFrom !== undefined && !listing),
    );
    // At most a page of rows: an entry made per row costs nothing worth avoiding here.
    const add = (id: Id): boolean => {
      const e = this.entries.get(id);
      if (!e) return false;
      out.ids.push(id);
      out.since.push(e.since);
      out.exact.push(e.sinceExact ? 1 : 0);
      out.flapUntil.push(flapUntilOf(e.recent));
      return true;
    };
    if (out.full || listing) {
      if (!listing) this.#listing = { cursor: out.cursor, ids: this.entries.idList() };
      const ids = this.#listing!.ids;
      const from = listing ? (fullFrom ?? 0) : 0;
      const to = Math.min(ids.length, from + page);
      for (let i = from; i < to; i++) add(ids[i]!);
      if (to < ids.length) {
        out.fullFrom = to;
        out.more = true;
      } else {
        this.#listing = null;
        // What changed while the map was being sent is in the log after its cursor: ask for it now.
        out.more = out.cursor < this.cursor;
      }
      return out;
    }
    const seen = new Set<Id>();
    let i = cursor - this.#logBase;
    // The scan is bounded too: a log of repeats would otherwise be read whole for a page of rows.
    for (const end = Math.min(this.#log.length, i + 4 * page); i < end && seen.size < page; i++) {
      const id = this.#log[i] as Id;
      if (seen.has(id)) continue;
      seen.add(id);
      if (!add(id)) out.removed.push(id);
    }
    out.cursor = this.#logBase + i;
    out.more = out.cursor < this.cursor;
    return out;
  }

  get(id: Id): IndexEntry | undefined {
    return this.entries.get(id);
  }

  statusOf(id: Id): RecordedStatus | undefined {
    return this.entries.statusOf(id);
  }

  /** Applies one recorded transition (also during replay from disk). */
  apply([id, from, to, lastRefresh]: TransitionTuple, at: number): void {
    const entry = this.entries.get(id);
    // Already reflected (a replay over a checkpoint written while polls went on): applying again would
    // duplicate the transition in `recent`.
    if (entry && entry.sinceExact && entry.since >= at) return;
    this.#changed(id);
    if (to === null) {
      this.entries.delete(id);
      return;
    }
    if (from === null || !entry) {
      // First seen: how long it has been in that status is not known; an offline device's last_refresh is
      // the service's last contact, the best estimate of when it went away.
      const since = to === 'offline' && lastRefresh !== null && lastRefresh < at ? lastRefresh : at;
      this.entries.set(id, { status: to, since, sinceExact: false, recent: NO_TRANSITIONS });
      return;
    }
    const recent = [...entry.recent, at];
    if (recent.length > RECENT_KEPT) recent.shift();
    this.entries.set(id, { status: to, since: at, sinceExact: true, recent });
  }

  isFlapping(entry: IndexEntry, now: number): boolean {
    return isFlappingNow(entry.recent, now);
  }

  query(q: StatusQuery): Id[] {
    const out: Id[] = [];
    this.entries.forEach((id, status, since, _exact, recent) => {
      if (q.status !== undefined && status !== q.status) return;
      if (q.longerThanMs !== undefined && q.now - since <= q.longerThanMs) return;
      if (q.changedWithinMs !== undefined) {
        const last = recent[recent.length - 1];
        if (last === undefined || q.now - last > q.changedWithinMs) return;
      }
      if (q.flapping !== undefined && isFlappingNow(recent, q.now) !== q.flapping) return;
      out.push(id);
    });
    return out;
  }

  /** Opens a gap unless one is open already (a second reason does not split it). */
  openGap(start: number, reason: Gap['reason']): void {
    const last = this.gaps[this.gaps.length - 1];
    if (last && last.end === null) return;
    this.gaps.push({ start, end: null, reason });
  }

  /** A poll at `at` ends the open gap, or records silence longer than `maxSilenceMs` as one. */
  pollSeen(at: number, lastRecordAt: number | null, maxSilenceMs: number): void {
    const last = this.gaps[this.gaps.length - 1];
    if (last && last.end === null) {
      last.end = Math.max(at, last.start);
      return;
    }
    if (lastRecordAt !== null && at - lastRecordAt > maxSilenceMs) {
      this.gaps.push({ start: lastRecordAt, end: at, reason: 'no-poll' });
    }
  }

  pruneGaps(before: number): void {
    this.gaps = this.gaps.filter((g) => g.end === null || g.end >= before);
  }
}
