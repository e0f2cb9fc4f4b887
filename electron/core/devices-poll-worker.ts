// Runs inside a worker_threads Worker (devices-poller.ts): the devices poll, the mirror it diffs against, the
// change log beside it (devices-change-log.ts) and the devices part of the offline cache, so that a
// 100,000-device account never crosses the main thread whole. A poll answers only whether it found a
// change; the main thread's commit makes the mirror take it (but the fenced devices) and appends what was
// taken to the log, and that entry goes back in parts of at most PART_SIZE records (devices-owner.ts), one
// at a time: the next part is posted only once the main thread acknowledged the previous one. Node's
// MessagePort hands every queued message to the main thread within one task, so 25 parts posted back to
// back were deserialised in one 560 ms stall (100k devices); acknowledged one by one, each part is its own
// short task, and the main thread forwards each to the renderer as it comes.

import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { heapRelease, youngCollection } from './thread-heap.js';
import { DevicesChangeLog } from './devices-change-log.js';
import { DevicesMirror, type DevicesDelta } from './devices-mirror.js';
import { changeCount, changeParts, PART_SIZE, type DeviceEdit } from './devices-owner.js';
import { rankedHits } from './device-rank.js';
import type { ViewMatched, ViewQuery } from './device-view-match.js';
import { carryDevices, type DevicesCarried } from './packed-devices.js';
import { carryPart, listedWire, partTransfer, type PartCarried } from './devices-part.js';
import type { Device, Id, Timestamp } from '../../shared/model.js';
import {
  BodyBuffer,
  diffDevices,
  loadDevicesCache,
  pollDevices,
  type PollMemory,
  saveDevicesCache,
  type DevicesCacheLoad,
  type PollOutcome,
  type PollRequest,
} from './devices-poll-work.js';

export type PollerRequest =
  | { op: 'poll'; id: number; request: PollRequest }
  /** A list fetched by other means (a client that cannot sign for this thread): diffed as a poll's. */
  | { op: 'diff'; id: number; devices: Device[] }
  /**
   * The pending poll becomes the mirror but the `fenced` devices (device-write-fence.ts); `reset`: it is
   * the whole list (a first sync, a lost mirror). With an `id`, the log entry it made comes back in parts.
   */
  | { op: 'commit'; id?: number; fenced?: Id[]; reset?: boolean }
  | { op: 'discard' }
  /** The main thread received request `id`'s last part: the next may come. */
  | { op: 'ack'; id: number }
  /**
   * Writable fields put into the devices the mirror holds (an optimistic write, its rollback): answered
   * with the devices as they now are, those the mirror does not hold left out.
   */
  | { op: 'edit'; id: number; edits: DeviceEdit[] }
  /** Every device the mirror holds, in parts, in order with the commits' parts (a snapshot's devices). */
  | { op: 'list'; id: number }
  /** The devices as the mirror holds them now (after every commit and edit sent before). */
  | { op: 'read'; id: number; ids: Id[] }
  /** How many devices the mirror holds in a folder (after every commit and edit sent before). */
  | { op: 'count'; id: number; folderId: Id }
  /** The devices holding every word, best first, at most HITS_PER_ACCOUNT (device-rank.ts). */
  | { op: 'search'; id: number; words: string[] }
  /** A saved view's matches among the devices (device-view-match.ts). */
  | { op: 'view'; id: number; query: ViewQuery }
  | { op: 'replace'; devices: Device[] }
  /**
   * The cached devices become the mirror. `wait`: the file is read only on `begin` (the offline copy's
   * first screen gets a head start, cache-keeper.ts); what comes meanwhile waits, as during the read.
   */
  | { op: 'load'; id: number; file: string; wait?: boolean }
  | { op: 'begin' }
  | { op: 'save'; id: number; file: string; fetchedAt: Timestamp | null };

/** A poll's outcome without its records (they came before it, in parts). */
export type PollSummary = Exclude<PollOutcome, { kind: 'delta' }> | { kind: 'delta' };
export type LoadSummary =
  | Exclude<DevicesCacheLoad, { status: 'loaded' }>
  | {
      status: 'loaded';
      fetchedAt: Timestamp | null;
    };

export type PollerReply =
  | { ready: true }
  /**
   * One part of the log entry `seq` (a commit's, a cache load's base) or of a listing: its devices as the
   * renderer's JSON, the digests by column (devices-part.ts): nothing for the main thread to build again.
   */
  | { id: number; op: 'part'; seq: number; part: PartCarried }
  | { id: number; op: 'polled'; outcome: PollSummary }
  /** `count`: records the commit's entry holds (0: nothing changed, no part came). */
  | { id: number; op: 'committed'; seq: number; count: number }
  | { id: number; op: 'loaded'; result: LoadSummary; seq: number }
  | { id: number; op: 'saved'; notice: string | null }
  /** `found` packed by column; `missing`: the ids the mirror does not hold. */
  | { id: number; op: 'read'; found: DevicesCarried; missing: Id[] }
  | { id: number; op: 'counted'; count: number }
  /** `devices` packed by column: the edited devices as the mirror now holds them. */
  | { id: number; op: 'edited'; devices: DevicesCarried }
  | { id: number; op: 'listed'; count: number }
  | { id: number; op: 'found'; devices: Device[] }
  | { id: number; op: 'matched'; matched: ViewMatched }
  | { id: number; op: 'failed'; message: string };

/**
 * The worker's side of the protocol, also run in the main thread when no worker can start. `release` (in the
 * worker only) is called once a burst that grew the heap is over: a decoded poll committed or discarded
 * (the previous mirror is garbage only then), a cache loaded.
 */
export function createPollerHandler(
  reply: (message: PollerReply) => void,
  release: () => void = () => undefined,
  /** False in the main thread: its replies carry device objects, not columns (packed-devices.ts). */
  pack = true,
  /** In the worker only: its young generation collected while a body streams in (devices-poll-work.ts). */
  collectYoung: (() => void) | null = null,
): (message: PollerRequest) => void {
  const mirror = new DevicesMirror();
  const pollMemory: PollMemory = { body: new BodyBuffer(), collectYoung };
  const log = new DevicesChangeLog();
  /** A decoded poll awaits its commit or discard. */
  let decoded = false;
  const released = (): void => {
    decoded = false;
    release();
  };
  const acks = new Map<number, () => void>();
  /**
   * One entry's parts at a time: a listing under way and a commit's entry never interleave, so the main
   * thread never sends an older copy of a device after a newer one.
   */
  let sending: Promise<void> = Promise.resolve();
  const sendParts = (id: number, seq: number, parts: Iterable<PartCarried>): Promise<void> => {
    const sent = sending.then(async () => {
      for (const part of parts) {
        const acked = new Promise<void>((resolve) => acks.set(id, resolve));
        reply({ id, op: 'part', seq, part });
        await acked;
      }
    });
    sending = sent.catch(() => undefined);
    return sent;
  };
  /** Each part as it crosses (devices-part.ts), made as its turn comes. */
  function* carried(
    parts: Iterable<DevicesDelta>,
    options: { digests?: boolean; decoded?: boolean } = {},
  ): Generator<PartCarried> {
    for (const part of parts) yield carryPart(part, pack, options);
  }
  const failed = (id: number) => (error: unknown) =>
    reply({ id, op: 'failed', message: error instanceof Error ? error.message : String(error) });
  /** Messages that came while a cache load was reading its file, in order; null when none is. */
  let held: PollerRequest[] | null = null;
  /** A load told to wait for `begin`. */
  let waiting: Extract<PollerRequest, { op: 'load' }> | null = null;
  const resume = (): void => {
    const later = held ?? [];
    held = null;
    // Another load among them: the rest wait for that one in turn.
    while (later.length > 0 && held === null) handle(later.shift()!);
    if (held) (held as PollerRequest[]).push(...later);
  };
  const handle = (message: PollerRequest): void => {
    switch (message.op) {
      case 'commit': {
        let applied = mirror.commit(message.fenced);
        if (applied && message.reset) {
          log.reset();
          // A reset says the whole list, also when the mirror held some of it already (reloaded from the
          // offline copy after a worker died): the main thread replaces everything with it.
          if (applied.added.length < mirror.size)
            applied = { added: [...mirror.devices()], changed: [], removed: [] };
        }
        const entry = applied ? log.append(mirror.textsOf(applied)) : null;
        const { id } = message;
        if (id === undefined) {
          if (decoded) released();
          return;
        }
        const count = applied ? changeCount(applied) : 0;
        // A reset is said even when empty (the service lists no device any more); no change is not. The
        // parts are of the devices as the commit took them (the log keeps their texts).
        const sent =
          entry && applied && (count > 0 || message.reset)
            ? sendParts(id, entry.seq, carried(changeParts(applied), { decoded: true }))
            : Promise.resolve();
        // Released once the entry's parts are sent: until then its devices (100,000 at a first sync) are
        // alive, and a collection before that would keep their pages for good (the worker then idles).
        const burst = decoded;
        decoded = false;
        void sent
          .then(() => reply({ id, op: 'committed', seq: log.head, count }))
          .catch(failed(id))
          .finally(() => {
            if (burst) release();
          });
        return;
      }
      case 'discard':
        mirror.discard();
        if (decoded) released();
        return;
      case 'ack':
        acks.get(message.id)?.();
        acks.delete(message.id);
        return;
      case 'edit': {
        const edited: Device[] = [];
        for (const edit of message.edits) {
          const device = mirror.get(edit.id);
          if (device) edited.push({ ...device, ...edit });
        }
        log.append(mirror.textsOf(mirror.patch(edited, [])));
        reply({ id: message.id, op: 'edited', devices: carryDevices(edited, pack) });
        return;
      }
      case 'list': {
        const { id } = message;
        // The devices as they are now (what a commit after this request changes comes after these parts):
        // those a cache load gave, still whole (their texts not made yet: devices-mirror.ts), or the texts,
        // joined a part at a time as its turn comes (in one thread, parsed: its reader wants objects). No
        // digests: the main thread holds them already.
        const given = mirror.unbuilt();
        const texts = given ? [] : [...mirror.texts()];
        const count = given ? given.length : texts.length;
        void sendParts(
          id,
          log.head,
          given
            ? carried(changeParts({ added: given, changed: [], removed: [] }), { digests: false })
            : listedParts(texts, pack),
        )
          .then(() => reply({ id, op: 'listed', count }))
          .catch(failed(id));
        return;
      }
      case 'replace':
        mirror.replaceAll(message.devices);
        log.reset();
        return;
      case 'read': {
        const found: Device[] = [];
        const missing: Id[] = [];
        for (const id of message.ids) {
          const device = mirror.get(id);
          if (device) found.push(device);
          else missing.push(id);
        }
        reply({ id: message.id, op: 'read', found: carryDevices(found, pack), missing });
        return;
      }
      case 'count':
        reply({ id: message.id, op: 'counted', count: mirror.countInFolder(message.folderId) });
        return;
      case 'search':
        try {
          reply({ id: message.id, op: 'found', devices: rankedHits(mirror.texts(), message.words) });
        } catch (error) {
          failed(message.id)(error);
        }
        return;
      case 'view': {
        const { id, query } = message;
        // Loaded with the first view asked: the view model is no part of a poll (device-view-match.ts).
        void import('./device-view-match.js')
          .then(({ matchView }) => reply({ id, op: 'matched', matched: matchView(mirror.devices(), query) }))
          .catch(failed(id));
        return;
      }
      case 'poll':
      case 'diff':
        void (
          message.op === 'poll'
            ? pollDevices(mirror, message.request, pollMemory)
            : new Promise<PollOutcome>((done) => done(diffDevices(mirror, message.devices)))
        )
          .then((outcome) => {
            // The delta stays here, pending: the commit appends what the mirror takes of it to the log.
            if (outcome.kind === 'delta') decoded = true;
            // The poll gave its body buffer back (BodyBuffer.free): a young collection frees it now,
            // without a full one. A delta's other garbage goes with the commit's collection (`released`).
            else if (message.op === 'poll') collectYoung?.();
            reply({
              id: message.id,
              op: 'polled',
              outcome: outcome.kind === 'delta' ? { kind: 'delta' } : outcome,
            });
          })
          .catch(failed(message.id));
        return;
      case 'begin': {
        const load = waiting;
        waiting = null;
        if (load) handle({ ...load, wait: false });
        return;
      }
      case 'load':
        // What comes while the file is read waits for it (a read, a listing, an edit of the copy's
        // devices), the acknowledgements of the parts excepted; so does what comes while it waits.
        held ??= [];
        if (message.wait) {
          waiting = message;
          return;
        }
        void loadDevicesCache(mirror, message.file)
          .then(async (result) => {
            if (result.status !== 'loaded') {
              resume();
              reply({ id: message.id, op: 'loaded', result, seq: log.head });
              released();
              return;
            }
            // The loaded list replaced the mirror: it is the log's new base, sent as that entry's parts,
            // queued before what waited is handled (a listing's parts, a commit's, come after them).
            const seq = log.reset();
            const sent = sendParts(
              message.id,
              seq,
              carried(changeParts({ added: result.records, changed: [], removed: [] })),
            );
            resume();
            await sent;
            reply({
              id: message.id,
              op: 'loaded',
              result: { status: 'loaded', fetchedAt: result.fetchedAt },
              seq,
            });
            released();
          })
          .catch((error: unknown) => {
            if (held) resume();
            failed(message.id)(error);
          });
        return;
      case 'save':
        // No collection after it: the file is written in small parts that die young (jsonArrayParts), and a
        // forced collection here, every few minutes at least, took both cores from the main thread for
        // ~100 ms (the idle-poll stall it showed up in).
        void saveDevicesCache(mirror, message.file, message.fetchedAt).then((notice) => {
          reply({ id: message.id, op: 'saved', notice });
        }, failed(message.id));
        return;
    }
  };
  return (message) => {
    if (held && message.op !== 'ack' && message.op !== 'begin') held.push(message);
    else handle(message);
  };
}

/** Devices kept as JSON texts, a part at a time; always one part, so that even none is said. */
function* listedParts(texts: readonly string[], pack: boolean): Generator<PartCarried> {
  let at = 0;
  do {
    const part = texts.slice(at, at + PART_SIZE);
    at += PART_SIZE;
    yield pack
      ? listedWire(part)
      : { added: part.map((text) => JSON.parse(text) as Device), changed: [], removed: [] };
  } while (at < texts.length);
}

/** How long after a burst the worker collects its heap (see `release` below). */
const RELEASE_DELAY_MS = 1_500;

/** A nice value: the main thread's share of a contended core is then ~90%. */
const WORKER_NICE = 10;

/**
 * On Linux, the worker's thread runs at a lower priority than the main thread: on two cores a decode or a
 * collection here took the CPU the main thread (and the renderer) needed for what the technician sees.
 * Elsewhere the call is refused or has no thread id to name; nothing else changes.
 */
function yieldToMainThread(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, WORKER_NICE);
  } catch {
    // not Linux, or not allowed: the worker keeps the default priority
  }
}

const port = parentPort;
if (port) {
  yieldToMainThread();
  const gc = heapRelease();
  // Twice: the pages the first collection frees stay resident until the next one (host RSS after a first
  // sync and an idle poll, host-diag.ts, 3 runs each: 329-420 MB with one, 286-298 MB with two; a minor
  // second one: 320-323 MB). And a while after the burst, not at once: the main thread is then still
  // taking the burst's last parts, its heap grown by them, and its own full collection ran beside these
  // two (V8's helper threads serve both, on two cores): a 57 ms pause of the main thread, the first sync's
  // longest stall (--trace-gc).
  let releasing: NodeJS.Timeout | undefined;
  const release = () => {
    clearTimeout(releasing);
    releasing = setTimeout(() => {
      gc?.();
      gc?.();
    }, RELEASE_DELAY_MS);
  };
  port.on(
    'message',
    createPollerHandler(
      // A part's JSON buffer is moved to the main thread, not copied (devices-part.ts).
      (message) =>
        port.postMessage(message, 'op' in message && message.op === 'part' ? partTransfer(message.part) : []),
      release,
      true,
      youngCollection(),
    ),
  );
  port.postMessage({ ready: true } satisfies PollerReply);
}
