// Over 400 lines on purpose: recording, retention, checkpoints and replay share the segment list and
// the write queue that make them crash-safe together.
// The status history of one account: every status transition a devices poll saw, and the stretches the
// console itself could not see (offline, signed out, asleep, closed), which read as *unknown*.
//
// Storage, and why:
// - Append-only segment files, one per UTC day, each poll batch ONE frame [length][CRC-32][JSON]
//   (frame.ts). Appending is the only write, so a kill at any moment can tear at most the frame being
//   written; on load the torn tail is cut off at the last good frame. Each batch is fsync'ed before the
//   next is written, so a kill loses at most the poll under way. Plain files and node:zlib's CRC run
//   unchanged in Electron's Node and the Node tests use; SQLite would need a native build.
// - Retention and the size cap delete whole days (segments.ts): bounded without ever rewriting history.
// - An in-memory index (status-index.ts: status + since + last transition times per device) answers the
//   list-wide questions in one pass over a Map, and is checkpointed atomically (index.json: the index and
//   the segment offset it covers) every few minutes and on close, so opening replays only the frames
//   written after the checkpoint, not 90 days of files. A missing or unreadable checkpoint is rebuilt
//   from the segments that remain.
// - The main thread only updates the Map and encodes the batch (≈1 ms for 1,000 transitions); the write
//   and the fsync run in libuv's pool. Timelines read the days they cover, skipping frames that do not
//   mention the device without parsing them.

import { promises as fsp, constants as fsc } from 'node:fs';
import path from 'node:path';
import type { Device, Id, Timestamp } from '../../../shared/model.js';
import { enumValue } from '../../../shared/model.js';
import type { Logger } from '../logger.js';
import { silentLogger } from '../logger.js';
import { decodeFrames, encodeFrame, FrameBuilder } from './frame.js';
import type { Gap, GapReason, HistoryFrame, RecordedStatus, Transition, TransitionTuple } from './records.js';
import { isFrame } from './records.js';
import { DAY_MS, listSegments, segmentDay, segmentName, segmentsToDrop } from './segments.js';
import { StatusIndex } from './status-index.js';
import { readCheckpoint, writeCheckpoint } from './checkpoint.js';
import { stopIfCancelled } from '../cancellations.js';

export const DEFAULT_RETENTION_DAYS = 90;
export const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;
/** Longer than the slowest devices poll (5 min while hidden) by a margin: silence beyond is unknown. */
export const DEFAULT_MAX_SILENCE_MS = 15 * 60_000;
/** A poll that changed nothing is still written (as proof the console was watching) at most this often. */
export const HEARTBEAT_EVERY_MS = 60_000;
const CHECKPOINT_EVERY_MS = 10 * 60_000;
/** A close leaves a tail of frames up to this size for the next open to replay (a few ms) unwritten. */
export const CLOSE_CHECKPOINT_TAIL_BYTES = 256 * 1024;
/** Devices compared (or transitions applied, or encoded) between two turns of a sliced record. */
export const RECORD_SLICE = 5_000;

export interface HistoryOptions {
  /** The account's own directory. */
  dir: string;
  retentionDays?: number;
  maxBytes?: number;
  maxSilenceMs?: number;
  /** How often (in recorded time) the index is checkpointed; a bench replaying 30 days sets it longer. */
  checkpointEveryMs?: number;
  logger?: Logger;
}

/** A transition as the detectors need it: with the device's folder at the time. */
export interface PollTransition extends Transition {
  folderId: Id | null;
}

export interface RecordedPoll {
  at: number;
  transitions: PollTransition[];
  /** The first poll ever recorded for this account: everything is "first seen", nothing to notify. */
  baseline: boolean;
}

/** What the history reads of a device: a poll's devices or the main thread's digests (picture.ts). */
export type RecordedDevice = Pick<Device, 'id' | 'status' | 'lastRefresh' | 'folderId'>;

/** A devices change as the history records it (a DataChange of the devices is one). */
export interface DevicesRecorded {
  reset: boolean;
  added: readonly RecordedDevice[];
  changed: readonly RecordedDevice[];
  removed: readonly Id[];
  fetchedAt: Timestamp | null;
}

export function recordedStatus(device: Pick<Device, 'status'>): RecordedStatus {
  return device.status === null ? 'none' : enumValue(device.status);
}

function ms(ts: string | null): number | null {
  if (ts === null) return null;
  const v = Date.parse(ts);
  return Number.isFinite(v) ? v : null;
}

export class StatusHistory {
  readonly index = new StatusIndex();
  readonly #dir: string;
  #retentionDays: number;
  readonly #maxBytes: number;
  readonly #maxSilenceMs: number;
  readonly #checkpointEveryMs: number;
  readonly #log: Logger;
  #segments: Array<{ name: string; size: number }> = [];
  #handle: fsp.FileHandle | null = null;
  #handleName = '';
  #writing: Promise<void> = Promise.resolve();
  #lastRecordAt: number | null = null;
  #lastWrittenAt: number | null = null;
  #lastCheckpointAt = 0;
  /** Where the checkpoint on disk stands (null: none usable): the next open replays what follows it. */
  #checkpointed: { segment: string; offset: number } | null = null;
  #closed = false;
  /** The last write's failure (e.g. disk full), cleared by the next success. */
  lastError: unknown = null;

  private constructor(options: HistoryOptions) {
    this.#dir = options.dir;
    this.#retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.#maxSilenceMs = options.maxSilenceMs ?? DEFAULT_MAX_SILENCE_MS;
    this.#checkpointEveryMs = options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS;
    this.#log = options.logger ?? silentLogger;
  }

  static async open(options: HistoryOptions): Promise<StatusHistory> {
    const h = new StatusHistory(options);
    await h.#load();
    return h;
  }

  get lastRecordAt(): number | null {
    return this.#lastRecordAt;
  }

  get maxSilenceMs(): number {
    return this.#maxSilenceMs;
  }

  /** Bytes of history on disk (all segments). */
  get sizeOnDisk(): number {
    return this.#segments.reduce((sum, s) => sum + s.size, 0);
  }

  /** Days on disk (one segment each), for what a day costs. */
  get daysOnDisk(): number {
    return this.#segments.length;
  }

  get retentionDays(): number {
    return this.#retentionDays;
  }

  /** A new retention (the setting changed): days now past it are deleted after the writes under way. */
  setRetentionDays(days: number, now: number): Promise<void> {
    this.#retentionDays = days;
    this.#writing = this.#writing
      .then(() => this.#dropOld(now))
      .catch((error: unknown) => this.#log.warn('status history: old days not deleted', { error }));
    return this.#writing;
  }

  // ---- writing ---------------------------------------------------------------------------------------

  /**
   * Records a devices change. Returns what it saw, or null when there is nothing to record: a cleared
   * picture (sign-out, no time) or data older than what is recorded already (a cache loaded after polls).
   */
  recordDevices(change: DevicesRecorded, now: number): RecordedPoll | null {
    const steps = this.#record(change, now);
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /**
   * The same, giving the thread back every RECORD_SLICE devices: the first full comparison of 100,000
   * devices (a baseline writes them all) is 150–400 ms of work, never one task. The caller must not record
   * anything else until it resolves (StatusKeeper queues behind it); the frame is still one frame.
   */
  async recordDevicesSliced(
    change: DevicesRecorded,
    now: number,
    turn: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
  ): Promise<RecordedPoll | null> {
    const steps = this.#record(change, now);
    let step = steps.next();
    while (!step.done) {
      await turn();
      step = steps.next();
    }
    return step.value;
  }

  /** recordDevices as steps: it yields where a sliced caller may give the thread back. */
  *#record(change: DevicesRecorded, now: number): Generator<void, RecordedPoll | null> {
    if (this.#closed) return null;
    const fetched = ms(change.fetchedAt);
    if (change.reset && (fetched === null || change.fetchedAt === null)) return null;
    // Data not newer than what is recorded is no poll: a cache loaded after polls, or a local write's echo
    // (an alias put into the picture keeps the old fetch time). It must not end a gap either.
    if (fetched !== null && this.#lastRecordAt !== null && fetched <= this.#lastRecordAt) return null;
    // Strictly after what is recorded: replay treats a transition at or before an entry's since as applied.
    const at = Math.max(fetched ?? now, (this.#lastRecordAt ?? -Infinity) + 1);
    const baseline = this.index.entries.size === 0 && this.#lastRecordAt === null;
    const tuples: TransitionTuple[] = [];
    const folders: Array<Id | null> = [];
    let n = 0;
    const visit = (d: RecordedDevice) => {
      const to = recordedStatus(d);
      const from = this.index.statusOf(d.id) ?? null;
      if (from === to) return;
      tuples.push([d.id, from, to, ms(d.lastRefresh)]);
      folders.push(d.folderId);
    };
    for (const d of change.added) {
      visit(d);
      if (++n % RECORD_SLICE === 0) yield;
    }
    for (const d of change.changed) {
      visit(d);
      if (++n % RECORD_SLICE === 0) yield;
    }
    // A reset's devices not in it are gone: found by comparison, sliced like the rest (at 100,000 devices
    // the set and the scan were one 15–35 ms task of a first sync), and not at all with nothing recorded.
    if (change.reset && this.index.entries.size > 0) {
      const present = new Set<Id>();
      for (const d of change.added) {
        present.add(d.id);
        if (++n % RECORD_SLICE === 0) yield;
      }
      for (const id of this.index.entries.idList()) {
        if (!present.has(id)) {
          tuples.push([id, this.index.statusOf(id)!, null, null]);
          folders.push(null);
        }
        if (++n % RECORD_SLICE === 0) yield;
      }
    } else if (!change.reset) {
      for (const id of change.removed) {
        const e = this.index.get(id);
        if (!e) continue;
        tuples.push([id, e.status, null, null]);
        folders.push(null);
      }
    }
    yield* this.#appendSteps({ k: 'p', t: at, x: tuples }, tuples.length > 0);
    return {
      at,
      baseline,
      // A baseline is all "first seen", which no detector acts on: not worth 100k objects.
      transitions: baseline
        ? []
        : tuples.map(([deviceId, from, to, lastRefresh], i) => ({
            deviceId,
            from,
            to,
            at,
            lastRefresh,
            folderId: folders[i] ?? null,
          })),
    };
  }

  /** A devices poll that found nothing new: the console was watching at `at`. */
  heartbeat(at: number): void {
    if (this.#closed) return;
    const open = this.index.gaps[this.index.gaps.length - 1]?.end === null;
    const due = this.#lastWrittenAt === null || at - this.#lastWrittenAt >= HEARTBEAT_EVERY_MS;
    if (!open && !due) {
      // Not written, but it counts as contact so silence is measured from here.
      this.#lastRecordAt = Math.max(at, this.#lastRecordAt ?? at);
      return;
    }
    this.#append({ k: 'p', t: Math.max(at, this.#lastRecordAt ?? at), x: [] }, true);
  }

  /** From `at` until the next poll, the console cannot see the service. */
  beginGap(reason: GapReason, at: number): void {
    if (this.#closed) return;
    const last = this.index.gaps[this.index.gaps.length - 1];
    if (last && last.end === null) return;
    this.#append({ k: 'g', t: Math.max(at, this.#lastRecordAt ?? at), r: reason }, true);
  }

  #apply(frame: HistoryFrame): void {
    const steps = this.#applySteps(frame);
    while (!steps.next().done);
  }

  *#applySteps(frame: HistoryFrame): Generator<void, void> {
    if (frame.k === 'g') {
      this.index.openGap(frame.t, frame.r);
    } else {
      this.index.pollSeen(frame.t, this.#lastRecordAt, this.#maxSilenceMs);
      let n = 0;
      for (const tuple of frame.x) {
        this.index.apply(tuple, frame.t);
        if (++n % RECORD_SLICE === 0) yield;
      }
    }
    this.#lastRecordAt = frame.t;
  }

  #append(frame: HistoryFrame, write: boolean): void {
    const steps = this.#appendSteps(frame, write);
    while (!steps.next().done);
  }

  *#appendSteps(frame: HistoryFrame, write: boolean): Generator<void, void> {
    yield* this.#applySteps(frame);
    if (!write) return;
    this.#lastWrittenAt = frame.t;
    let pieces: Buffer[];
    if (frame.k === 'p' && frame.x.length > RECORD_SLICE) {
      // The same JSON as one JSON.stringify of the frame, made and encoded a slice at a time.
      const built = new FrameBuilder();
      built.add(`${JSON.stringify({ k: frame.k, t: frame.t }).slice(0, -1)},"x":[`);
      for (let i = 0; i < frame.x.length; i += RECORD_SLICE) {
        const slice = JSON.stringify(frame.x.slice(i, i + RECORD_SLICE)).slice(1, -1);
        built.add(i === 0 ? slice : `,${slice}`);
        yield;
      }
      built.add(']}');
      pieces = built.finish();
    } else pieces = [encodeFrame(frame)];
    this.#writing = this.#writing
      .then(() => this.#write(frame.t, pieces))
      .then(
        () => {
          this.lastError = null;
        },
        (error: unknown) => {
          this.lastError = error;
          this.#log.warn('status history not written', { error });
        },
      );
  }

  /** Appends one frame, given as its pieces (frame.ts: FrameBuilder), in one write. */
  async #write(at: number, pieces: Buffer[]): Promise<void> {
    const name = segmentName(at);
    if (name !== this.#handleName || !this.#handle) await this.#openSegment(name, at);
    const handle = this.#handle as fsp.FileHandle;
    const seg = this.#segments[this.#segments.length - 1] as { name: string; size: number };
    const length = pieces.reduce((n, piece) => n + piece.length, 0);
    try {
      const { bytesWritten } = await handle.writev(pieces, seg.size);
      // A short write (a full disk) is a failed one: the part written is truncated below.
      if (bytesWritten !== length) throw new Error(`${bytesWritten} of ${length} bytes written`);
      await handle.datasync();
      seg.size += length;
    } catch (error) {
      // A half-written frame (disk full) must not stay in front of the next one.
      await handle.truncate(seg.size).catch(() => {});
      throw error;
    }
    if (this.sizeOnDisk > this.#maxBytes) await this.#dropOld(at);
    if (at - this.#lastCheckpointAt >= this.#checkpointEveryMs) await this.#checkpoint(at);
  }

  async #openSegment(name: string, at: number): Promise<void> {
    // Every frame was datasync'd as it was written: a failing close of the old segment loses nothing.
    await this.#handle?.close().catch(() => {});
    this.#handle = null;
    await fsp.mkdir(this.#dir, { recursive: true, mode: 0o700 });
    this.#handle = await fsp.open(path.join(this.#dir, name), fsc.O_RDWR | fsc.O_CREAT, 0o600);
    this.#handleName = name;
    const last = this.#segments[this.#segments.length - 1];
    if (!last || last.name !== name) {
      const { size } = await this.#handle.stat();
      this.#segments.push({ name, size });
    }
    await this.#dropOld(at);
  }

  async #dropOld(now: number): Promise<void> {
    const drop = new Set(segmentsToDrop(this.#segments, now, this.#retentionDays, this.#maxBytes));
    if (drop.size === 0) return;
    for (const name of drop) await fsp.rm(path.join(this.#dir, name), { force: true });
    this.#segments = this.#segments.filter((s) => !drop.has(s.name));
    const first = this.#segments[0];
    this.index.pruneGaps(first ? segmentDay(first.name) : now);
  }

  async #checkpoint(at: number): Promise<void> {
    const seg = this.#segments[this.#segments.length - 1];
    if (!seg) return;
    this.#lastCheckpointAt = at;
    const covers = { segment: seg.name, offset: seg.size };
    await writeCheckpoint(this.#dir, this.index, { ...covers, lastRecordAt: this.#lastRecordAt }).then(
      () => (this.#checkpointed = covers),
      (error: unknown) => this.#log.warn('status history checkpoint not written', { error }),
    );
  }

  /** Each segment's frames after the checkpoint on disk (all of them without one): what an open replays. */
  #tail(): Array<{ seg: { name: string; size: number }; start: number }> {
    const cp = this.#checkpointed;
    return this.#segments
      .filter((seg) => !cp || seg.name >= cp.segment)
      .map((seg) => ({ seg, start: cp && seg.name === cp.segment ? cp.offset : 0 }));
  }

  #tailBytes(): number {
    return this.#tail().reduce((bytes, { seg, start }) => bytes + seg.size - start, 0);
  }

  /** Waits for every batch recorded so far to be on disk. */
  flush(): Promise<void> {
    return this.#writing;
  }

  /** Records the console closing (a gap until the next poll), checkpoints and closes the file. */
  async close(now: number, reason: GapReason = 'closed'): Promise<void> {
    if (this.#closed) return;
    this.beginGap(reason, now);
    this.#closed = true;
    await this.#writing;
    // A short tail is cheaper to replay at the next open than a checkpoint of every device is to write
    // (some 30 ms at 100,000 devices): a command that polled once and closes leaves the index as it was.
    if (this.#segments.length > 0 && this.#tailBytes() > CLOSE_CHECKPOINT_TAIL_BYTES)
      await this.#checkpoint(now);
    // Written and datasync'd above: a failing close loses nothing.
    await this.#handle?.close().catch(() => {});
    this.#handle = null;
  }

  /** Closes without recording anything: the history was only read. */
  async release(): Promise<void> {
    this.#closed = true;
    await this.#writing;
    await this.#handle?.close().catch(() => {});
    this.#handle = null;
  }

  // ---- loading ---------------------------------------------------------------------------------------

  async #load(): Promise<void> {
    this.#segments = await listSegments(this.#dir);
    const cp = await readCheckpoint(this.#dir, this.index, this.#log);
    const usable =
      cp !== null &&
      // The checkpoint's segment must still hold what it covered (else: rebuild from what remains).
      this.#segments.some((s) => s.name === cp.segment && s.size >= cp.offset);
    if (!usable) {
      this.index.entries.clear();
      this.index.gaps = [];
    } else {
      this.#lastRecordAt = cp.lastRecordAt;
    }
    this.#checkpointed = usable ? { segment: cp.segment, offset: cp.offset } : null;
    for (const { seg, start } of this.#tail()) await this.#replay(seg, start);
    this.#lastWrittenAt = this.#lastRecordAt;
    this.#lastCheckpointAt = this.#lastRecordAt ?? 0;
  }

  async #replay(seg: { name: string; size: number }, start: number): Promise<void> {
    const file = path.join(this.#dir, seg.name);
    const whole = await fsp.readFile(file);
    const decoded = decodeFrames<unknown>(whole.subarray(start), start);
    for (const { value } of decoded.records) {
      if (isFrame(value)) this.#apply(value);
    }
    if (decoded.torn) {
      // The frame a kill interrupted (or garbage after it): cut it so the next append follows good data.
      this.#log.warn('status history: torn tail cut', { segment: seg.name, at: decoded.goodBytes });
      await fsp.truncate(file, decoded.goodBytes);
      seg.size = decoded.goodBytes;
    }
  }

  // ---- reading ---------------------------------------------------------------------------------------

  /**
   * Transitions in [from, to] of the given devices (all when `ids` is undefined), oldest first. Reads only
   * the days the range covers; frames that do not mention a wanted id are skipped unparsed.
   */
  /** `signal`: an export the technician cancelled stops before the next day's segment is read. */
  async transitions(
    from: number,
    to: number,
    ids?: ReadonlySet<Id>,
    signal?: AbortSignal,
  ): Promise<Transition[]> {
    await this.#writing;
    const out: Transition[] = [];
    const needles = ids && ids.size <= 64 ? [...ids].map((id) => Buffer.from(JSON.stringify(id))) : null;
    for (const seg of this.#segments) {
      const day = segmentDay(seg.name);
      if (day + DAY_MS <= from || day > to) continue;
      if (signal) stopIfCancelled(signal);
      let buffer: Buffer;
      try {
        buffer = await fsp.readFile(path.join(this.#dir, seg.name));
      } catch {
        continue; // dropped meanwhile by retention
      }
      const accept = needles ? (body: Buffer) => needles.some((n) => body.includes(n)) : undefined;
      for (const { value } of decodeFrames<unknown>(buffer, 0, accept).records) {
        if (!isFrame(value) || value.k !== 'p' || value.t < from || value.t > to) continue;
        for (const [deviceId, f, t, lastRefresh] of value.x) {
          if (ids && !ids.has(deviceId)) continue;
          out.push({ deviceId, from: f, to: t, at: value.t, lastRefresh });
        }
      }
    }
    return out;
  }

  /** When the history's oldest kept record was written (null: none): nothing is known before. */
  async firstRecordAt(): Promise<number | null> {
    await this.#writing;
    const first = this.#segments[0];
    if (!first) return this.#lastRecordAt;
    let handle: fsp.FileHandle | null = null;
    try {
      handle = await fsp.open(path.join(this.#dir, first.name), 'r');
      // Every frame's JSON starts with its kind and time: the first 64 bytes of the first body suffice.
      const head = Buffer.alloc(72);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const t = /"t":(\d+)/.exec(head.subarray(8, bytesRead).toString('latin1'))?.[1];
      return t !== undefined ? Number(t) : this.#lastRecordAt;
    } catch {
      return this.#lastRecordAt;
    } finally {
      await handle?.close();
    }
  }

  gaps(from: number, to: number): Gap[] {
    return this.index.gaps.filter((g) => g.start <= to && (g.end === null || g.end >= from));
  }
}
