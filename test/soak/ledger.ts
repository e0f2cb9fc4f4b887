// What the console told the technician about each write, kept as registers: one named value per thing a
// write sets (a folder's name, a device's folder, whether a session exists), each with the writes that set
// it in the order they were made. Values are unique per write (names and aliases carry the write's number),
// so the value the service holds says which write it came from.
//
// Outcomes, as the console reported them:
//   done    the invoke answered ok (an outbox write queued while offline is `queued` until it drains)
//   queued  accepted by the outbox, to be sent; must be on the service once the outbox has drained
//   failed  the console said it failed (and not that the outcome is unknown): must never be on the service
//   lost    no answer (the host was killed, the connection cut), or the console said "may or may not":
//           either is acceptable
import type { AppError } from '../../shared/errors.js';

export type Outcome = 'done' | 'queued' | 'failed' | 'lost';

export interface Write {
  seq: number;
  /** For the report: folder-create, device-move, … */
  kind: string;
  register: string;
  value: string;
  outcome: Outcome;
  /** The batch of a bulk move, to settle its items from the batch's progress. */
  batchId?: string;
  error?: string;
}

/** Where a register's value must end up: the last write the console accepted, or a lost one after it. */
export interface Expectation {
  register: string;
  acceptable: Set<string>;
  /** The write that decided it (for the message when it is broken). */
  last: Write | null;
  failed: Write[];
}

export class Ledger {
  #seq = 0;
  readonly #registers = new Map<string, Write[]>();
  readonly #initial = new Map<string, string>();
  /** Writes by kind and outcome, for the report. */
  readonly counts = new Map<string, number>();

  nextSeq(): number {
    return ++this.#seq;
  }

  /** The number nextSeq() will give. */
  peekSeq(): number {
    return this.#seq + 1;
  }

  /** The value a register held before the soak wrote it (what the service had at the start). */
  initial(register: string, value: string): void {
    this.#initial.set(register, value);
  }

  record(write: Write): Write {
    let writes = this.#registers.get(write.register);
    if (!writes) this.#registers.set(write.register, (writes = []));
    writes.push(write);
    return write;
  }

  /** Settles a write once its outcome is known (the outbox drained it, or its batch finished). */
  settle(write: Write, outcome: Outcome, error?: string): void {
    write.outcome = outcome;
    if (error) write.error = error;
  }

  /** The queued writes, so the drain can settle them from the outbox's final word. */
  queued(): Write[] {
    const out: Write[] = [];
    for (const writes of this.#registers.values())
      for (const w of writes) if (w.outcome === 'queued') out.push(w);
    return out;
  }

  /**
   * The newest write not yet known to have failed that set `register` to `value` (the outbox names writes
   * by what they set). A lost write is found too: the outbox that recovered it after a kill may report it
   * failed later, and then it was reported failed.
   */
  find(register: string, value: string): Write | null {
    const writes = this.#registers.get(register) ?? [];
    for (let i = writes.length - 1; i >= 0; i--) {
      const w = writes[i] as Write;
      if (w.value === value && w.outcome !== 'failed') return w;
    }
    return null;
  }

  /** Every write, in no particular order. */
  all(): Write[] {
    return [...this.#registers.values()].flat();
  }

  /** A register's writes, for the message when it is broken. */
  history(register: string): Write[] {
    return this.#registers.get(register) ?? [];
  }

  count(write: Write): void {
    const key = `${write.kind} ${write.outcome}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  registers(prefix: string): string[] {
    return [...this.#registers.keys()].filter((r) => r.startsWith(prefix));
  }

  expectation(register: string): Expectation {
    const writes = this.#registers.get(register) ?? [];
    let lastAccepted = -1;
    writes.forEach((w, i) => {
      if (w.outcome === 'done' || w.outcome === 'queued') lastAccepted = i;
    });
    const acceptable = new Set<string>();
    const base = lastAccepted >= 0 ? writes[lastAccepted]?.value : this.#initial.get(register);
    if (base !== undefined) acceptable.add(base);
    writes.forEach((w, i) => {
      if (i > lastAccepted && w.outcome === 'lost') acceptable.add(w.value);
    });
    // Nothing accepted and nothing known from before: any value but a failed one will do.
    if (base === undefined) acceptable.add('*');
    return {
      register,
      acceptable,
      last: lastAccepted >= 0 ? (writes[lastAccepted] as Write) : null,
      failed: writes.filter((w) => w.outcome === 'failed'),
    };
  }
}

/** The console's answer, classified: "may or may not have happened" is lost, not failed. */
export function outcomeOf(result: { ok: true } | { ok: false; error: AppError } | { lost: string }): {
  outcome: Outcome;
  error?: string;
} {
  if ('lost' in result) return { outcome: 'lost', error: result.lost };
  if (result.ok) return { outcome: 'done' };
  const error = result.error;
  return {
    outcome: error.outcomeUnknown ? 'lost' : 'failed',
    error: `${error.kind}${error.code ? ` ${error.code}` : ''}: ${error.message}`,
  };
}
