// The poll worker's change log: every change its mirror takes (a committed poll, a patch the main thread
// sent), numbered in order, beside the mirror it led to. A reader that knows the last number it saw asks
// for what came after it; a reader further back than the log reaches (or from before a reset: a first
// sync, a cache load, a sign-out) starts again from the mirror itself, the compacted base, at the head.
//
// Only the changes since the last reset are kept, and at most LOG_RECORDS records of them: the mirror is
// the account's one full copy on the host, the log must not become a second one. A change is kept as the
// mirror's texts of its devices (the same strings, devices-mirror.ts), never as the decoded devices: their
// longer fields are slices of the poll's whole document, and any one of them kept that document alive
// (a 100,000-device list: 1,000 decoded devices kept 37 MB, the same devices reparsed 1 MB).

import type { Id } from '../../shared/model.js';
import { changeCount, PART_SIZE, type ChangeLists } from './devices-owner.js';

/** A change as the log keeps it: its devices' JSON texts, as the mirror holds them. */
export type TextDelta = ChangeLists<string, Id>;

/** Records the log keeps before it drops its oldest entries (ten parts: some seconds of a busy account). */
export const LOG_RECORDS = 10 * PART_SIZE;

export interface LogEntry extends TextDelta {
  seq: number;
}

/** After a cursor: the entries that follow it, or `base` when they are no longer all kept. */
export type SinceAnswer =
  { kind: 'entries'; entries: readonly LogEntry[]; head: number } | { kind: 'base'; head: number };

export class DevicesChangeLog {
  #head = 0;
  /** Entries after `#floor`, oldest first; a cursor before `#floor` needs the base. */
  #floor = 0;
  readonly #entries: LogEntry[] = [];
  #records = 0;

  /** The number of the last change taken. */
  get head(): number {
    return this.#head;
  }

  /** Appends a change the mirror took; returns its entry (numbered even when empty: a poll happened). */
  append(delta: TextDelta): LogEntry {
    const entry: LogEntry = { seq: ++this.#head, ...delta };
    const n = changeCount(delta);
    if (n === 0) return entry;
    this.#entries.push(entry);
    this.#records += n;
    while (this.#records > LOG_RECORDS && this.#entries.length > 0) {
      const dropped = this.#entries.shift()!;
      this.#records -= changeCount(dropped);
      this.#floor = dropped.seq;
    }
    return entry;
  }

  /** The mirror was replaced: what came before is no base for anything after. Returns the new head. */
  reset(): number {
    this.#entries.length = 0;
    this.#records = 0;
    this.#floor = ++this.#head;
    return this.#head;
  }

  since(cursor: number): SinceAnswer {
    if (cursor < this.#floor || cursor > this.#head) return { kind: 'base', head: this.#head };
    return { kind: 'entries', entries: this.#entries.filter((e) => e.seq > cursor), head: this.#head };
  }
}
