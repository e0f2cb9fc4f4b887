// The status history's "since" rows, sent to the renderer in the devices' own stream (DataChange.since,
// through the core's change pump): behind a poll's parts once the history has recorded it, the whole map
// after a renderer's snapshot, an empty whole map once no history is open. There is no second protocol:
// the renderer asks for nothing, and a since row can never overtake the device change it follows.
//
// The stream keeps one position in the history's change log (StatusIndex.delta), the one the last rows
// sent reach; every renderer holds what was sent since its snapshot asked for the whole map again. Until a
// first renderer's snapshot nobody holds rows, so none are made: the command line, and an account never
// shown, spend nothing on them (at 100,000 devices ~25 ms of the command line's query, profiled). Rows
// go PART_SIZE at a time, one part per macrotask: a first sync logs 100,000 first sightings, and building
// them at once held the main thread for 100 ms.

import type { DataChange } from '../../shared/ipc/contract.js';
import type { SinceRows } from '../../shared/status-history.js';
import type { StatusIndex } from './status-history/status-index.js';

export interface SinceStreamOptions {
  /** The open history's index; null while none is open (signed out, or not opened yet). */
  index(): StatusIndex | null;
  /** Sends rows behind whatever the pump holds. */
  send(rows: SinceRows): void;
  /** Runs `next` in a later macrotask. */
  yieldTo?: (next: () => void) => void;
  /**
   * How long after a snapshot the whole map follows: not on the first screen, so it does not compete with
   * it for either main thread (a renderer applies what came meanwhile before it first paints).
   */
  snapshotDelayMs?: number;
  /** Rows per part: PART_SIZE (StatusIndex.delta's), less only in a test. */
  page?: number;
}

/** See SinceStreamOptions.snapshotDelayMs. */
export const SNAPSHOT_SINCE_DELAY_MS = 1_000;

/** Rows as the change that carries them, alone (no device record). */
export const sinceChange = (since: SinceRows): DataChange<'devices'> => ({
  dataset: 'devices',
  reset: false,
  added: [],
  changed: [],
  removed: [],
  fetchedAt: null,
  since,
});

/** No rows at all: what a renderer holds is dropped (signed out, another account shown). */
const EMPTY_FULL: SinceRows = {
  full: true,
  ids: [],
  since: [],
  exact: [],
  flapUntil: [],
  removed: [],
  more: false,
};

export class SinceStream {
  readonly #o: SinceStreamOptions;
  readonly #yield: (next: () => void) => void;
  /** The position the rows sent reach: epoch '' before any (the next rows are then a whole map). */
  #epoch = '';
  #cursor = 0;
  /** A whole map under way: the entry it goes on from (StatusIndex.delta's fullFrom). */
  #fullFrom: number | null = null;
  /** An empty whole map went out since the last history closed: the renderers hold no rows. */
  #clearSent = true;
  #scheduled = false;
  /** A renderer's snapshot came: rows are sent from then on. */
  #started = false;
  /** After a snapshot, until its delay is over: nothing is sent. */
  #held: ReturnType<typeof setTimeout> | null = null;

  constructor(o: SinceStreamOptions) {
    this.#o = o;
    this.#yield = o.yieldTo ?? ((next) => setImmediate(next));
  }

  /**
   * Stops sending until the next snapshot's restart (the core stops, or its account leaves the screen and
   * its events go nowhere): a held map, or a part already scheduled, is not sent.
   */
  stop(): void {
    if (this.#held) clearTimeout(this.#held);
    this.#held = null;
    this.#started = false;
  }

  /** The history's log moved, or another history opened or closed: sends what is new, soon. */
  moved(): void {
    this.#schedule();
  }

  /**
   * What was sent may not have arrived (the pump dropped what it held, leaving an account): the next rows
   * are a whole map again, or an empty one if no history is open.
   */
  cleared(): void {
    this.#forget();
    this.#clearSent = false;
    this.#schedule();
  }

  /**
   * A renderer starts from a snapshot (a window opened or reloaded, another account shown): the whole map
   * follows a moment later, and replaces every renderer's rows. Nothing is dropped meanwhile: a window
   * already showing this account's rows keeps them (a second tab opened used to blank the Since column of
   * the first for that moment); a window that held another account's is told by the switch (noSinceRows).
   */
  restart(): void {
    this.#started = true;
    this.#forget();
    if (this.#held) clearTimeout(this.#held);
    this.#held = setTimeout(() => {
      this.#held = null;
      this.#schedule();
    }, this.#o.snapshotDelayMs ?? SNAPSHOT_SINCE_DELAY_MS);
  }

  #schedule(): void {
    if (!this.#started || this.#scheduled || this.#held) return;
    this.#scheduled = true;
    this.#yield(() => {
      this.#scheduled = false;
      if (this.#started && !this.#held && this.#sendPart()) this.#schedule();
    });
  }

  /** No position: the next rows are a whole map. */
  #forget(): void {
    this.#epoch = '';
    this.#cursor = 0;
    this.#fullFrom = null;
  }

  /** Sends one part of what is new; true when more is left. */
  #sendPart(): boolean {
    const index = this.#o.index();
    if (!index) {
      // Signed out: the renderers drop what they held, once.
      this.#forget();
      if (!this.#clearSent) {
        this.#clearSent = true;
        this.#o.send(EMPTY_FULL);
      }
      return false;
    }
    if (index.epoch === this.#epoch && index.cursor === this.#cursor && this.#fullFrom === null) return false;
    const delta = index.delta(this.#epoch, this.#cursor, this.#fullFrom ?? undefined, this.#o.page);
    const { epoch, cursor, fullFrom, ...rows } = delta;
    this.#o.send(rows);
    this.#clearSent = false;
    this.#epoch = epoch;
    this.#cursor = cursor;
    this.#fullFrom = fullFrom;
    return delta.more;
  }
}

/** The change that drops every since row a renderer holds (accounts-core.ts: another account shown). */
export const noSinceRows = (): DataChange<'devices'> => sinceChange(EMPTY_FULL);
