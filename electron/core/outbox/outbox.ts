// Over 400 lines on purpose: the journal, the lanes and the batches share one ordering invariant (writes
// to one item go in order; a confirmation is journalled before the lane moves on) kept by private state.
// The durable outbox: every idempotent write is journalled (fsync'd) before it is sent, sent by at most 4
// lanes, and its confirmation journalled before its lane takes the next one. Writes to one item go in the
// order they were made. While the service cannot be reached nothing is sent: writes wait (with a visible
// count) and go out when it is back. A write that waited — queued offline, cut off by a network failure,
// or found in the journal after a restart — is first compared with the service: already applied, it is
// done without sending (so a restart does not repeat what reached the service); changed by someone else
// since the technician saw it, it becomes a conflict the technician resolves.

import { randomUUID } from 'node:crypto';
import type { ServiceApi } from '../../../shared/client/api.js';
import type { AppError } from '../../../shared/errors.js';
import { fail, toAppError } from '../../../shared/errors.js';
import type { Device, Id } from '../../../shared/model.js';
import type {
  BulkProgress,
  BulkUndoRecord,
  OutboxEntryState,
  OutboxState,
  OutboxWrite,
  SeenValues,
} from '../../../shared/outbox.js';
import { Backoff } from '../backoff.js';
import type { Clock, TimerHandle } from '../clock.js';
import { isoAt } from '../clock.js';
import type { Logger } from '../logger.js';
import { silentLogger } from '../logger.js';
import { undoRecordOf } from './bulk.js';
import { Journal } from './journal.js';
import type { Current } from './remote.js';
import { GONE, deviceCurrent, isNotFound, itemId, itemKey, readCurrent, send, verdict } from './remote.js';

export const OUTBOX_CONCURRENCY = 4;
/** At least this many device writes to compare: one GET /devices instead of one GET each. */
const DEVICE_LIST_THRESHOLD = 10;
/** A 5xx is tried this many times in all before the write is reported failed. */
const SERVER_ERROR_ATTEMPTS = 3;
const LISTED = 200;
/** Finished bulk changes whose undo survives a restart: the most recent ones. */
export const KEPT_UNDOS = 5;

export interface OutboxEntry {
  id: string;
  seq: number;
  write: OutboxWrite;
  /** The touched fields as the technician saw them: compared with the service before a waited write. */
  seen: SeenValues;
  batchId: string | null;
  queuedAt: string;
  attempts: number;
  state: OutboxEntryState;
  /** An attempt may have reached the service (sent, answer lost): compare before sending again. */
  maybeSent: boolean;
  /** Compare with the service before sending (the write waited). */
  verify: boolean;
  error?: AppError;
  /** The service's values when a conflict was found. */
  theirs?: SeenValues;
  createdId?: Id;
  /** Which comparison round it waits for (a list of devices fetched before it was marked does not do). */
  verifyGen?: number;
  /** A 5xx: not before this time (ms). */
  notBefore?: number;
  /** Being withdrawn (cancel): no lane starts it while that is recorded. */
  held?: boolean;
}

interface Batch {
  id: string;
  label: string;
  total: number;
  paused: boolean;
  cancelled: boolean;
  counts: Record<OutboxEntryState, number>;
  entries: OutboxEntry[];
  /** What it set over what it replaced; kept past its writes' compaction so it can be undone. */
  undo: BulkUndoRecord | null;
}

type JournalRecord =
  | { t: 'add'; e: OutboxEntry }
  | {
      t: 'set';
      id: string;
      state: OutboxEntryState;
      error?: AppError;
      theirs?: SeenValues;
      seen?: SeenValues;
      createdId?: Id;
    }
  | { t: 'batch'; id: string; label: string; total: number; paused: boolean; cancelled: boolean }
  // Written by compaction after its batch. An app from before it reads it as a `set` of no known entry
  // (its `batchId` is no entry's `id`) and skips it: the journal keeps loading both ways without a version.
  | { t: 'undo'; batchId: string; record: BulkUndoRecord };

export type SettleHow = 'done' | 'failed' | 'cancelled' | 'conflict';

export interface OutboxHooks {
  /** The write left the queue (or stopped in conflict): the picture follows the outcome. */
  onSettled?(entry: Readonly<OutboxEntry>, how: SettleHow): void;
  /** A failed or conflicting write goes back in the queue (retry, keep mine). */
  onRequeued?(entry: Readonly<OutboxEntry>): void;
  /** Something the renderer shows changed (count, batches, conflicts). */
  onState?(): void;
}

export interface OutboxOptions {
  file: string;
  /** The signed client of the current account; null: signed out (nothing is sent). */
  api: () => ServiceApi | null;
  clock: Clock;
  concurrency?: number;
  random?: () => number;
  logger?: Logger;
  hooks?: OutboxHooks;
  newId?: () => string;
}

const TERMINAL: ReadonlySet<OutboxEntryState> = new Set(['done', 'failed', 'cancelled']);

/** Refusals only the service gives: a write that met one reached it. */
const SERVICE_ANSWERS: ReadonlySet<AppError['kind']> = new Set([
  'service',
  'not-signed-in',
  'not-allowed',
  'clock-skew',
]);

export class Outbox {
  readonly #o: OutboxOptions;
  readonly #journal: Journal<JournalRecord>;
  readonly #log: Logger;
  readonly #limit: number;
  readonly #entries = new Map<string, OutboxEntry>();
  readonly #batches = new Map<string, Batch>();
  #queue: OutboxEntry[] = [];
  #seq = 0;
  #inflight = 0;
  #waiting: OutboxState['waiting'] = null;
  /**
   * While the service cannot be reached, one write goes now and then to see whether it is back: it is
   * still waiting as far as the technician is concerned (listed as waiting, the outbox still "waiting
   * for the service"), not "being sent" for the second each probe takes.
   */
  #probing = false;
  #retryTimer: TimerHandle | null = null;
  readonly #backoff: Backoff;
  #verifyGen = 0;
  /** The attempt under way per entry (a cancel waits for its end). */
  readonly #attempts = new Map<string, Promise<void>>();
  #devices: { gen: number; map: Promise<Map<Id, Device>>; written: Set<Id> } | null = null;
  #idle: Array<() => void> = [];
  #watchers = new Map<string, Array<(how: SettleHow | 'queued') => void>>();
  #closed = false;

  private constructor(options: OutboxOptions) {
    this.#o = options;
    this.#journal = new Journal(options.file);
    this.#log = options.logger ?? silentLogger;
    this.#limit = Math.min(OUTBOX_CONCURRENCY, Math.max(1, options.concurrency ?? OUTBOX_CONCURRENCY));
    this.#backoff = new Backoff({ baseMs: 1_000, capMs: 60_000, random: options.random });
  }

  /** Opens the journal: what was not confirmed before the last exit is queued again, to be compared first. */
  static async open(options: OutboxOptions): Promise<Outbox> {
    const outbox = new Outbox(options);
    await outbox.#recover();
    outbox.#pump();
    return outbox;
  }

  get waiting(): OutboxState['waiting'] {
    return this.#waiting;
  }

  /** Queued, sending or in conflict, in the order they were made. */
  pending(): OutboxEntry[] {
    return this.#queue.filter((e) => !TERMINAL.has(e.state));
  }

  get(id: string): OutboxEntry | undefined {
    return this.#entries.get(id);
  }

  /** Records the writes (on disk) and starts sending them. Rejects only when they could not be recorded. */
  async enqueue(
    writes: ReadonlyArray<{ write: OutboxWrite; seen: SeenValues }>,
    batch?: { label: string },
  ): Promise<OutboxEntry[]> {
    const now = isoAt(this.#o.clock.now());
    const batchId = batch ? this.#newId() : null;
    const entries = writes.map(({ write, seen }): OutboxEntry => ({
      id: this.#newId(),
      seq: ++this.#seq,
      write,
      seen,
      batchId,
      queuedAt: now,
      attempts: 0,
      state: 'queued',
      maybeSent: false,
      verify: false,
    }));
    const records: JournalRecord[] = [];
    if (batch && batchId)
      records.push({
        t: 'batch',
        id: batchId,
        label: batch.label,
        total: entries.length,
        paused: false,
        cancelled: false,
      });
    for (const e of entries) records.push({ t: 'add', e });
    await this.#journal.append(records);
    if (batch && batchId) {
      this.#addBatch(batchId, batch.label, entries.length, false, false);
      this.#batches.get(batchId)!.undo = undoRecordOf(entries);
    }
    // Made while the service is away (or signed out): compared with it before they go.
    const verify = this.#waiting !== null;
    for (const e of entries) this.#track(e, verify);
    this.#changed();
    this.#pump();
    return entries;
  }

  /** Resolves when the write settled, or as soon as it is left waiting for the service or a choice. */
  outcome(id: string): Promise<SettleHow | 'queued'> {
    const entry = this.#entries.get(id);
    if (!entry) return Promise.resolve('done');
    if (TERMINAL.has(entry.state)) return Promise.resolve(entry.state as SettleHow);
    if (entry.state === 'conflict') return Promise.resolve('conflict');
    if (this.#waiting && entry.state === 'queued') return Promise.resolve('queued');
    return new Promise((resolve) => {
      const list = this.#watchers.get(id) ?? [];
      list.push(resolve);
      this.#watchers.set(id, list);
    });
  }

  /** Resolves when nothing is sending and nothing ready is queued (tests, shutdown). */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** The service is reachable again, or the account signed in again: send now. */
  wake(): void {
    if (this.#closed) return;
    if (this.#retryTimer !== null) this.#o.clock.clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    this.#backoff.reset();
    this.#probing = false;
    this.#setWaiting(null);
    this.#pump();
  }

  async resolveConflict(id: string, choice: 'mine' | 'theirs'): Promise<void> {
    const entry = this.#entries.get(id);
    if (!entry || entry.state !== 'conflict')
      fail({
        kind: 'validation',
        message: 'That change is no longer waiting for a choice.',
        key: 'error.app.conflictGone',
      });
    if (choice === 'theirs') {
      await this.#settleMany([entry], 'cancelled');
      return;
    }
    // Keep mine: what they changed is now what the technician has seen and chose to overwrite.
    const seen = entry.theirs ?? entry.seen;
    await this.#journal.append([{ t: 'set', id, state: 'queued', seen }]);
    entry.seen = seen;
    delete entry.theirs;
    this.#setState(entry, 'queued');
    this.#markVerify(entry);
    this.#o.hooks?.onRequeued?.(entry);
    this.#changed();
    this.#pump();
  }

  /** Failed writes (of one batch, or the one given) go back in the queue. */
  async retry(filter: { batchId?: string; entryId?: string }): Promise<number> {
    const entries = this.#select(filter, (e) => e.state === 'failed');
    if (entries.length === 0) return 0;
    // A cancelled batch stays paused for good: retrying its failures re-opens it for them (the writes it
    // cancelled stay cancelled), or they would wait forever.
    const reopened = new Set<Batch>();
    for (const e of entries) {
      const batch = e.batchId === null ? undefined : this.#batches.get(e.batchId);
      if (batch?.cancelled) reopened.add(batch);
    }
    await this.#journal.append([
      ...[...reopened].map(
        (b) => ({ t: 'batch', ...this.#batchRecord(b), paused: false, cancelled: false }) as const,
      ),
      ...entries.map((e) => ({ t: 'set', id: e.id, state: 'queued' }) as const),
    ]);
    for (const b of reopened) {
      b.cancelled = false;
      b.paused = false;
    }
    for (const e of entries) {
      delete e.error;
      e.attempts = 0;
      this.#setState(e, 'queued');
      this.#markVerify(e);
      if (!this.#queue.includes(e)) this.#queue.push(e);
      this.#o.hooks?.onRequeued?.(e);
    }
    this.#queue.sort((a, b) => a.seq - b.seq);
    this.#changed();
    this.#pump();
    return entries.length;
  }

  /**
   * Withdraws a write that has not been sent (queued): recorded as cancelled and its optimistic change
   * undone, as a cancelled bulk change's are. False when it is too late (being sent, or settled) or not
   * the technician's to withdraw here (a conflict has its own choices).
   */
  async cancel(entryId: string): Promise<boolean> {
    const entry = this.#entries.get(entryId);
    if (!entry || TERMINAL.has(entry.state)) return false;
    // Held first: no lane takes it (again) from here on.
    entry.held = true;
    try {
      // An attempt in flight often ends with the write back in the queue: while the service is away the
      // outbox keeps trying it (a reconnection attempt, a comparison read), and a Cancel clicked in that
      // moment was refused as "too late" although nothing reached the service. Its end is awaited; only a
      // write that was sent (done, or in conflict) is too late.
      await this.#attempts.get(entry.id)?.catch(() => undefined);
      if (entry.state !== 'queued') return false;
      await this.#settleMany([entry], 'cancelled');
    } finally {
      entry.held = false;
    }
    return true;
  }

  /** Forgets a failed write (the technician read why). */
  async discard(entryId: string): Promise<void> {
    const entry = this.#entries.get(entryId);
    if (!entry || entry.state !== 'failed') return;
    await this.#settleMany([entry], 'cancelled');
  }

  async pauseBatch(batchId: string, paused: boolean): Promise<void> {
    const batch = this.#batch(batchId);
    if (batch.cancelled || batch.paused === paused) return;
    // At once in memory: no lane takes another of its writes while the record is being written.
    batch.paused = paused;
    await this.#journal.append([{ t: 'batch', ...this.#batchRecord(batch) }]);
    this.#changed();
    if (!paused) this.#pump();
  }

  /** What is still queued is dropped (and its optimistic change undone); what is being sent finishes. */
  async cancelBatch(batchId: string): Promise<void> {
    const batch = this.#batch(batchId);
    if (batch.cancelled) return;
    batch.paused = true; // nothing more of it starts while the cancel is recorded
    await this.#journal.append([{ t: 'batch', ...this.#batchRecord(batch), cancelled: true }]);
    batch.cancelled = true;
    await this.#settleMany(
      batch.entries.filter((e) => e.state === 'queued' || e.state === 'conflict'),
      'cancelled',
    );
  }

  state(): OutboxState {
    const items = [];
    let pending = 0;
    for (const e of this.#queue) {
      if (TERMINAL.has(e.state) && e.state !== 'failed') continue;
      if (e.state !== 'failed') pending += 1;
      if (items.length < LISTED) {
        items.push({
          id: e.id,
          write: e.write,
          state: this.#probing && e.state === 'sending' ? 'queued' : e.state,
          batchId: e.batchId,
          attempts: e.attempts,
          queuedAt: e.queuedAt,
          ...(e.error ? { error: e.error } : {}),
        });
      }
    }
    const conflicts = this.#queue
      .filter((e) => e.state === 'conflict')
      .slice(0, LISTED)
      .map((e) => ({ entryId: e.id, write: e.write, seen: e.seen, theirs: e.theirs ?? {} }));
    return {
      pending,
      waiting: pending > 0 ? this.#waiting : null,
      items,
      conflicts,
      batches: [...this.#batches.values()].map((b) => this.#progress(b)),
    };
  }

  batchProgress(batchId: string): BulkProgress {
    return this.#progress(this.#batch(batchId));
  }

  /** The undo record of a move or alias change (the renderer checks that nothing changed since). */
  undoRecord(batchId: string): BulkUndoRecord | null {
    const batch = this.#batch(batchId);
    return batch.cancelled ? null : batch.undo;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer !== null) this.#o.clock.clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    await this.#journal.close();
  }

  // ---- recovery ----------------------------------------------------------------------------------------

  async #recover(): Promise<void> {
    const { records, skipped } = await this.#journal.read();
    if (skipped > 0) this.#log.warn(`outbox journal: ${skipped} unreadable line(s) skipped`);
    for (const r of records) {
      if (r.t === 'batch') {
        const b = this.#batches.get(r.id);
        if (b) {
          b.paused = r.paused;
          b.cancelled = r.cancelled;
        } else this.#addBatch(r.id, r.label, r.total, r.paused, r.cancelled);
      } else if (r.t === 'undo') {
        const b = this.#batches.get(r.batchId);
        if (b) b.undo = r.record;
      } else if (r.t === 'add') {
        // Whatever state it was journalled in, it was not confirmed yet: it may have reached the service.
        const e: OutboxEntry = { ...r.e, state: 'queued', maybeSent: true };
        this.#seq = Math.max(this.#seq, e.seq);
        this.#entries.set(e.id, e);
        this.#batches.get(e.batchId ?? '')?.entries.push(e);
      } else if (r.t === 'set') {
        // A record kind a later app added is skipped, as this app's records are by the apps before it.
        const e = this.#entries.get(r.id);
        if (!e) continue;
        e.state = r.state === 'sending' ? 'queued' : r.state;
        if (r.error) e.error = r.error;
        if (r.theirs) e.theirs = r.theirs;
        if (r.seen) e.seen = r.seen;
        if (r.createdId) e.createdId = r.createdId;
      }
    }
    // Compaction: what is alive, the batches still worth showing (pending, or failures to retry), and the
    // most recent finished ones that can be undone (their undo record, without their writes).
    const keep: JournalRecord[] = [];
    const finished: Batch[] = [];
    for (const b of this.#batches.values()) {
      // Derived from every write it made (done ones too) before those are compacted away.
      b.undo ??= undoRecordOf(b.entries);
      b.entries = b.entries.filter((e) => e.state !== 'done');
      if (!b.entries.some((e) => e.state === 'queued' || e.state === 'conflict' || e.state === 'failed'))
        finished.push(b);
    }
    const undoable = finished.filter((b) => b.undo && !b.cancelled).slice(-KEPT_UNDOS);
    for (const b of finished) if (!undoable.includes(b)) this.#batches.delete(b.id);
    for (const b of this.#batches.values()) {
      keep.push({ t: 'batch', ...this.#batchRecord(b) });
      if (b.undo) keep.push({ t: 'undo', batchId: b.id, record: b.undo });
      b.counts = emptyCounts();
      for (const e of b.entries) b.counts[e.state] += 1;
    }
    for (const e of [...this.#entries.values()].sort((a, b) => a.seq - b.seq)) {
      const alive =
        e.batchId !== null
          ? this.#batches.has(e.batchId) && e.state !== 'done'
          : e.state === 'queued' || e.state === 'conflict';
      if (!alive) {
        this.#entries.delete(e.id);
        continue;
      }
      keep.push({ t: 'add', e: { ...e, state: 'queued' } });
      if (e.state !== 'queued')
        keep.push({
          t: 'set',
          id: e.id,
          state: e.state,
          ...(e.error ? { error: e.error } : {}),
          ...(e.theirs ? { theirs: e.theirs } : {}),
        });
    }
    await this.#journal.rewrite(keep);
    this.#queue = [...this.#entries.values()].sort((a, b) => a.seq - b.seq);
    for (const e of this.#queue) if (e.state === 'queued') this.#markVerify(e);
  }

  // ---- sending -----------------------------------------------------------------------------------------

  #pump(): void {
    if (this.#closed || (this.#waiting !== null && !this.#probing)) return this.#checkIdle();
    if (!this.#o.api()) {
      if (this.pending().length > 0) this.#setWaiting('signed-out');
      return this.#checkIdle();
    }
    while (this.#inflight < (this.#probing ? 1 : this.#limit)) {
      const next = this.#nextReady();
      if (!next) break;
      this.#inflight += 1;
      this.#setState(next, 'sending');
      const attempt = this.#run(next).finally(() => {
        this.#attempts.delete(next.id);
        this.#inflight -= 1;
        this.#pump();
      });
      this.#attempts.set(next.id, attempt);
    }
    this.#compactQueue();
    this.#checkIdle();
  }

  #nextReady(): OutboxEntry | null {
    const blocked = new Set<string>();
    for (const e of this.#queue) {
      if (TERMINAL.has(e.state)) continue;
      const key = itemKey(e.write);
      if (blocked.has(key)) continue;
      // Anything earlier on this item (sending, in conflict, paused) holds the later writes back.
      blocked.add(key);
      if (e.state !== 'queued' || e.held) continue;
      const batch = e.batchId === null ? null : this.#batches.get(e.batchId);
      if (batch?.paused) continue;
      const wait = e.notBefore === undefined ? 0 : e.notBefore - this.#o.clock.now();
      if (wait > 0) {
        // Its retry timer may have fired a hair early (timers and Date.now() disagree by a millisecond):
        // without another one, nothing would ever look at it again.
        this.#retryLater(wait);
        continue;
      }
      return e;
    }
    return null;
  }

  async #run(entry: OutboxEntry): Promise<void> {
    const api = this.#o.api();
    if (!api) {
      this.#setState(entry, 'queued');
      return;
    }
    let sending = false;
    try {
      if (entry.verify && entry.write.kind !== 'folder-create') {
        const current = await this.#current(api, entry);
        const v = verdict(entry.write, entry.seen, current);
        if (v === 'applied') return await this.#settle(entry, 'done');
        if (v === 'conflict') {
          entry.theirs = current === GONE ? {} : current;
          return await this.#settle(entry, 'conflict');
        }
      }
      sending = true;
      entry.attempts += 1;
      if (entry.write.kind === 'device') this.#devices?.written.add(entry.write.id);
      const { createdId } = await send(api, entry.write, entry.maybeSent);
      this.#answered();
      if (createdId !== undefined) entry.createdId = createdId;
      this.#backoff.reset();
      // Journalled before this lane takes another write: a kill after this line never repeats it.
      await this.#settle(entry, 'done');
    } catch (caught) {
      const error = toAppError(caught);
      if (SERVICE_ANSWERS.has(error.kind)) this.#answered();
      if (error.kind === 'network' || error.kind === 'timeout') {
        // It may have arrived: compared with the service before it goes again.
        if (sending) entry.maybeSent = true;
        this.#markVerify(entry);
        this.#setState(entry, 'queued');
        this.#offline();
      } else if (error.kind === 'not-signed-in') {
        this.#setState(entry, 'queued');
        this.#setWaiting('signed-out');
      } else if (entry.write.kind === 'folder-delete' && isNotFound(error) && entry.maybeSent) {
        await this.#settle(entry, 'done');
      } else if (
        // A bulk run goes on by itself past a passing 5xx; a single edit reports it at once (its
        // technician is waiting and can try again).
        entry.batchId !== null &&
        (error.httpStatus ?? 0) >= 500 &&
        entry.attempts < SERVER_ERROR_ATTEMPTS
      ) {
        if (sending) entry.maybeSent = true;
        this.#markVerify(entry);
        this.#setState(entry, 'queued');
        const delay = 1_000 * entry.attempts;
        entry.notBefore = this.#o.clock.now() + delay;
        this.#retryLater(delay);
      } else {
        // A 5xx after the request went out (a proxy's 502 or 504 too) does not say the service did not act:
        // a retry by hand is compared (or, for a create, looked up) first, never sent blind.
        if (sending && (error.httpStatus ?? 0) >= 500) entry.maybeSent = true;
        entry.error = error;
        // A refusal the caller waits for (an edit's reply) is told to that caller alone: listed for a
        // retry too, one refusal was said twice (at the field, and as "1 change refused" on the status
        // bar). A write nobody waits for any more (it waited offline), or whose outcome is unknown (a 5xx
        // after it went out: a retry from the list compares first), stays listed.
        const told = entry.batchId === null && !entry.maybeSent && this.#watchers.has(entry.id);
        await this.#settleMany([entry], 'failed', told);
        // A probe that got no answer the service gave (an unreadable page, a cancel): still waiting, and
        // the next write goes at the next retry, not at once.
        if (this.#probing) {
          this.#probing = false;
          this.#retryLater(this.#backoff.fail());
        }
      }
    }
  }

  async #current(api: ServiceApi, entry: OutboxEntry): Promise<Current> {
    const write = entry.write;
    if (write.kind !== 'device') return this.#asked(readCurrent(api, write));
    const waiting = this.#queue.filter(
      (e) => e.verify && e.write.kind === 'device' && !TERMINAL.has(e.state),
    );
    const gen = entry.verifyGen ?? 0;
    // A device this outbox wrote after the list was read is not what the list says: read it again.
    if (this.#devices && this.#devices.gen >= gen && !this.#devices.written.has(write.id)) {
      // Read from a list taken before: nothing was asked now, so a retry learns nothing from it.
      return deviceCurrent(write, (await this.#devices.map).get(write.id));
    }
    if (waiting.length < DEVICE_LIST_THRESHOLD || this.#devices?.written.has(write.id))
      return this.#asked(readCurrent(api, write));
    const map = api.listDevices().then((list) => new Map(list.map((d) => [d.id, d])));
    this.#devices = { gen: this.#verifyGen, map, written: new Set() };
    map.catch(() => {
      if (this.#devices?.map === map) this.#devices = null;
    });
    return deviceCurrent(write, (await this.#asked(map)).get(write.id));
  }

  /** What the service answered now: a retry that got it found the service back (#answered). */
  async #asked<T>(answer: Promise<T>): Promise<T> {
    const value = await answer;
    this.#answered();
    return value;
  }

  async #settle(entry: OutboxEntry, how: SettleHow): Promise<void> {
    await this.#settleMany([entry], how);
  }

  /** `told`: a failure its caller heard, so it is kept as a withdrawn write, not listed as failed. */
  async #settleMany(entries: OutboxEntry[], how: SettleHow, told = false): Promise<void> {
    if (entries.length === 0) return;
    const kept: OutboxEntryState = told ? 'cancelled' : how;
    const records: JournalRecord[] = entries.map((e) => ({
      t: 'set',
      id: e.id,
      state: kept,
      ...(kept === 'failed' && e.error ? { error: e.error } : {}),
      ...(how === 'conflict' && e.theirs ? { theirs: e.theirs } : {}),
      ...(e.createdId !== undefined ? { createdId: e.createdId } : {}),
    }));
    try {
      await this.#journal.append(records);
    } catch (error) {
      // The service has it; only our record is missing. After a restart it is compared and found applied.
      this.#log.warn('outbox journal not written', { error });
    }
    for (const e of entries) {
      e.verify = false;
      this.#setState(e, kept);
      this.#o.hooks?.onSettled?.(e, how);
      const watchers = this.#watchers.get(e.id);
      this.#watchers.delete(e.id);
      for (const w of watchers ?? []) w(how);
      if (kept === 'done' || kept === 'cancelled') {
        if (e.batchId === null || kept === 'done') this.#entries.delete(e.id);
      }
    }
    this.#changed();
  }

  #offline(): void {
    if (this.#waiting === 'offline' && !this.#probing) {
      // A write that was in flight when another one found the service gone: its caller hears it now.
      this.#tellQueued();
      return;
    }
    this.#probing = false;
    this.#setWaiting('offline');
    this.#retryLater(this.#backoff.fail());
  }

  #retryLater(delay: number): void {
    if (this.#retryTimer !== null || this.#closed) return;
    const wasOffline = this.#waiting === 'offline';
    this.#retryTimer = this.#o.clock.setTimeout(() => {
      this.#retryTimer = null;
      // One write goes first and shows whether the service is back.
      if (wasOffline && this.#waiting === 'offline') this.#probing = true;
      this.#pump();
    }, delay);
  }

  // ---- bookkeeping -------------------------------------------------------------------------------------

  /** The service answered a write (SERVICE_ANSWERS, whatever it said): a probe found it back. */
  #answered(): void {
    if (this.#probing) this.#setWaiting(null);
  }

  #setWaiting(waiting: OutboxState['waiting']): void {
    if (this.#waiting === waiting) return;
    this.#probing = false;
    this.#waiting = waiting;
    if (waiting !== null) {
      // Whatever waits from now on may be out of date when it goes: compared with the service first.
      for (const e of this.#queue) if (e.state === 'queued' && !e.verify) this.#markVerify(e);
      this.#tellQueued();
    }
    this.#changed();
  }

  /** Writes left waiting: whoever awaited them hears "queued". */
  #tellQueued(): void {
    for (const [id, list] of this.#watchers) {
      if (this.#entries.get(id)?.state !== 'queued') continue;
      this.#watchers.delete(id);
      for (const w of list) w('queued');
    }
  }

  #markVerify(entry: OutboxEntry): void {
    entry.verify = true;
    entry.verifyGen = ++this.#verifyGen;
  }

  #track(entry: OutboxEntry, verify: boolean): void {
    this.#entries.set(entry.id, entry);
    this.#queue.push(entry);
    if (verify) this.#markVerify(entry);
    const batch = entry.batchId === null ? undefined : this.#batches.get(entry.batchId);
    if (batch) {
      batch.entries.push(entry);
      batch.counts.queued += 1;
    }
  }

  #setState(entry: OutboxEntry, state: OutboxEntryState): void {
    const batch = entry.batchId === null ? undefined : this.#batches.get(entry.batchId);
    if (batch) {
      batch.counts[entry.state] -= 1;
      batch.counts[state] += 1;
    }
    entry.state = state;
  }

  #addBatch(id: string, label: string, total: number, paused: boolean, cancelled: boolean): void {
    this.#batches.set(id, {
      id,
      label,
      total,
      paused,
      cancelled,
      counts: emptyCounts(),
      entries: [],
      undo: null,
    });
  }

  #batch(id: string): Batch {
    const batch = this.#batches.get(id);
    if (!batch)
      fail({
        kind: 'validation',
        message: 'That bulk change is no longer known.',
        key: 'error.app.bulkGone',
      });
    return batch;
  }

  #batchRecord(b: Batch) {
    return { id: b.id, label: b.label, total: b.total, paused: b.paused, cancelled: b.cancelled };
  }

  #progress(b: Batch): BulkProgress {
    const c = b.counts;
    const pending = c.queued + c.sending + c.conflict;
    const failures: BulkProgress['failures'] = [];
    if (c.failed > 0) {
      for (const e of b.entries) {
        if (e.state !== 'failed' || !e.error) continue;
        failures.push({ entryId: e.id, itemId: itemId(e.write), error: e.error });
        if (failures.length >= LISTED) break;
      }
    }
    return {
      id: b.id,
      label: b.label,
      total: b.total,
      // Confirmed before a restart: journalled entries compacted away count as done.
      done: b.total - pending - c.failed - c.cancelled,
      failed: c.failed,
      cancelled: c.cancelled,
      pending,
      state: b.cancelled ? 'cancelled' : pending === 0 ? 'finished' : b.paused ? 'paused' : 'running',
      failures,
      undoable: b.undo !== null && !b.cancelled,
    };
  }

  #select(filter: { batchId?: string; entryId?: string }, test: (e: OutboxEntry) => boolean): OutboxEntry[] {
    if (filter.entryId) {
      const e = this.#entries.get(filter.entryId);
      return e && test(e) ? [e] : [];
    }
    if (filter.batchId) return this.#batch(filter.batchId).entries.filter(test);
    return [...this.#entries.values()].filter(test);
  }

  #compactQueue(): void {
    // Settled writes leave the scan list in bulk, not one splice at a time.
    let settled = 0;
    for (const e of this.#queue) if (TERMINAL.has(e.state) && e.state !== 'failed') settled += 1;
    if (settled > 64 && settled * 2 > this.#queue.length)
      this.#queue = this.#queue.filter((e) => !TERMINAL.has(e.state) || e.state === 'failed');
  }

  #isIdle(): boolean {
    if (this.#inflight > 0) return false;
    return this.#waiting !== null || (this.#retryTimer === null && this.#nextReady() === null);
  }

  #checkIdle(): void {
    if (this.#idle.length === 0 || !this.#isIdle()) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  #changed(): void {
    this.#o.hooks?.onState?.();
  }

  #newId(): string {
    return this.#o.newId?.() ?? randomUUID();
  }
}

function emptyCounts(): Record<OutboxEntryState, number> {
  return { queued: 0, sending: 0, done: 0, failed: 0, conflict: 0, cancelled: 0 };
}
