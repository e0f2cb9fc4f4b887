// The owner of the account's devices: where the one size of a part of them is named, and how any list of
// device changes is cut into parts. Today the poll worker (devices-poll-worker.ts) cuts its deltas with it,
// the change pump (change-pump.ts) cuts what it sends the renderer with it, and the offline copy's first
// screen (first-screen.ts) is one part long; three constants of 2,000 and two splitters became these.
//
// THE PLAN (issue 21), counted from the code as it stood before this module: a device's status went
// from the HTTP answer to its grid cell in 15 hops (each a function that takes the device in one form and
// hands it on, or a thread/process boundary): sendAttempt → utf8 text → decodeDevices → DevicesMirror.diff
// → deltaParts → packDelta + postMessage → unpackDelta + join (devices-poller onReply) → joinParts →
// withoutFenced + Picture.applyPolledDevices → Core.#onChange → ChangePump.partsOf → EventHub
// data:change + host serialisation → applyDataChange (renderer store) → DeviceIndex → the column's cell.
// Its "since" travelled 6 more (StatusKeeper → StatusMonitor → history:moved → since-sync →
// history:since → applySinceDelta). Full copies of the account at rest: 3 (the worker's mirror, the main
// thread's Picture map, the renderer's Map and index over it).
// The steps, each landed with its tests green:
//   1. One part size and one splitter (this module).                                            [done]
//   2. Fences live where the data lives: the worker keeps its copy of a fenced device at commit, so the
//      main thread no longer reads its Picture to patch the mirror back (mirrorFenced goes).       [done]
//   3. The main thread never diffs the devices: a list the engine fetched itself (a client that cannot
//      sign for the worker) is diffed by the feed too; the Picture's devices diff, keepFenced and the
//      engine's second devices path go.                                                          [done]
//   4. The worker keeps a change log (sequence numbers) beside the mirror; a commit appends the applied
//      delta; parts are forwarded to the renderer as they come (no join on the main thread, no re-split).
//                                                                                                [done]
//      The poll answers only whether it found a change; the commit (devices-commit.ts) makes the mirror
//      take it, logs it (devices-change-log.ts, ≤ LOG_RECORDS records since the last reset, so no third
//      copy) and its entry comes back in parts, each applied and pumped as it comes; a cache load's parts
//      likewise. The pump splits only what the main thread made itself (a local bulk edit, another
//      dataset, the snapshot's devices until step 6). Count after step 4, same rule: 14 hops —
//      sendAttempt → utf8 text → decodeDevices → DevicesMirror.diff (pending) → commit + log.append →
//      changeParts + packDelta + postMessage → unpackDelta (handed on, not joined) → withoutFenced +
//      Picture.applyPolledPart → Core.#onChange → ChangePump.push (sent as is) → EventHub data:change +
//      host serialisation → applyDataChange → DeviceIndex → the cell; "since" still 6 more; full
//      copies still 3. (Step 5 takes out the Picture hop and a copy, step 6 the since path.)
//   5. Status history, alerts and the tray count from the log (the monitor reads devices the worker
//      answers), so the Picture's devices map can go: the main thread keeps only fences and pending
//      optimistic edits, made by the worker.                                        [mostly done]
//      Done: a patch no longer voids a pending poll (the patched devices count as fenced at the
//      commit); the owner answers reads (feed.read) and the bulk planner reads them (core-outbox.ts);
//      writes.ts reads what a device write checks and records as seen there too (alias, move), and a
//      folder delete counts the folder's devices there (feed.countInFolder); the worker collects its
//      heap once a commit's parts are sent, not while they are alive (host RSS at 100k: 462 → 323 MB).
//      The search of the accounts not on screen and a view spanning accounts are run by the owner
//      (feed.search, device-rank.ts; feed.matchView, device-view-match.ts): only the few hits and the
//      first rows leave the worker, and AppCore.devices() is gone.
//      Done since: the Picture keeps each device's digest only (id, name, alias, status, last refresh,
//      folder: what the history, the alerts and the tray read in the poll's turn), not the device; the
//      outbox's optimistic device edits and their rollbacks are made by the owner (feed.edit, answered
//      with the whole devices that are then shown); a snapshot's devices are the owner's listing
//      (feed.list, in parts, never amid a commit's), so AppCore.snapshot() is async and state() answers
//      the rest at once; a replaced worker reloads the offline copy, and its first poll is a whole reset.
//      Full copies of the account at rest: 2 (the mirror, the renderer's) and the digests.
//      Done since: no digest is kept. A part's digests are read as it comes (the history records them, the
//      alerts weigh them) and dropped; what the alerts and the tray read later of a device is its folder
//      and label, by column (device-facts.ts: at 100,000 devices the main thread's live heap after a full
//      collection went from 40 to 30 MB). The history's first full comparison takes a first sync's whole
//      list as it came, or, after a delta on top of the offline copy, the owner's listing (feed.list).
//      To do: the Picture hop (the parts' digests straight to the history, the facts beside it).
//      A poll's body is copied into one buffer as it comes (BodyBuffer, devices-poll-work.ts), given
//      back after each poll by a young collection: its ~64 kB chunks, kept whole, had left a 46 MB glibc
//      arena resident and full collections in every idle poll.
//   6. One renderer protocol: `devices:since {cursor}` answers log entries with their "since" values; a
//      first load is the compacted base in PART_SIZE parts; history:since/history:moved and the snapshot's
//      devices go; a reloaded renderer resumes from its cursor.                               [begun]
//      Done: the main thread passes the worker's part on as it is (devices-part.ts): the worker sends a
//      part's devices as the renderer's JSON beside their digests by column; the main thread unpacks
//      only the digests and writes the JSON to the event stream untouched (no device object, no second
//      serialisation on this thread). Count, same rule: 13 hops — sendAttempt → utf8 text →
//      decodeDevices → DevicesMirror.diff → commit + log.append → changeParts + JSON + digests + post →
//      DevicesPart (without the fenced; digests to the Picture) → Core.#onChange → ChangePump.push (as
//      is) → EventHub + the event stream's write (as is) → applyDataChange → DeviceIndex → the cell.
//      Done since: the "since" rides the same stream (since-stream.ts): once the history has recorded a
//      poll, the rows it moved follow the poll's parts through the same pump as a DataChange's `since`, in
//      PART_SIZE parts; a renderer's snapshot is followed by the whole map. history:moved and the
//      renderer's history:since pulls are gone, and so is SINCE_PAGE (its parts are PART_SIZE). The since
//      path, same rule: StatusKeeper → StatusMonitor + StatusIndex.apply → SinceStream part → ChangePump
//      → EventHub + the stream's write → applySinceRows → SinceTable → the cell: it no longer goes back
//      and forth across the process boundary (was 6 hops more than the devices', a second protocol).
//      Done since: the owner's parts go to the pump without the core's change path (devices-commit.ts
//      sends them; the offline copy is written once for the poll, cache-keeper.ts `fetched`). Count, same
//      rule: 12 hops — sendAttempt → utf8 text → decodeDevices → DevicesMirror.diff → commit + log.append
//      → changeParts + JSON + digests + post → DevicesPart (without the fenced; digests to the Picture;
//      sent) → ChangePump.push (as is) → EventHub + the event stream's write → applyDataChange →
//      DeviceIndex → the cell. Two full copies (the mirror, the renderer's).
//      Done since: the poll's body is decoded from its bytes, a piece of text at a time (body-check.ts):
//      no string of the whole document.
//   7. The renderer's one copy: a part goes straight into its index, one pass over its devices
//      (DeviceIndex.apply shares their strings and slots them); the store's `devices` is the index read as
//      a map, not a Map beside it.                                                             [done]
//      Count, same rule: 10 hops — sendAttempt → decodeDevices (bytes) → DevicesMirror.diff → commit +
//      log.append → changeParts + JSON + digests + post → DevicesPart → ChangePump.push → EventHub + the
//      event stream's write → applyDataChange = DeviceIndex.apply → the cell. Full copies at rest: 2 (the
//      worker's mirror, the renderer's index).

import type { WritableDeviceKey } from '../../shared/device-fields.js';
import type { Device, Id } from '../../shared/model.js';

/** The fields a technician may change (DEVICE_FIELDS' writable ones), put into the device with this id. */
export type DeviceEdit = { id: Id } & Partial<Pick<Device, WritableDeviceKey>>;

/**
 * Devices in one part, wherever the account's devices travel in parts: from the poll worker to the main
 * thread, from the main thread to the renderer, and the rows of the offline copy's first screen (which
 * thereby is exactly the renderer's first part). 2,000: one part is deserialised on the main thread in a
 * few ms (4,000 took 40–60 ms under load), and is more rows than any screen shows.
 */
export const PART_SIZE = 2_000;

/** Added, changed and removed records: a device delta, a DataChange's lists. */
export interface ChangeLists<A, R = Id> {
  added: readonly A[];
  changed: readonly A[];
  removed: readonly R[];
}

/** Records in the lists, removed ids counting as records. */
export const changeCount = (lists: ChangeLists<unknown, unknown>): number =>
  lists.added.length + lists.changed.length + lists.removed.length;

/**
 * The lists in parts of at most `size` records, in order (added first, then changed, then removed), that
 * join back to them. Always at least one part, so that even an empty change is said once.
 */
export function* changeParts<A, R>(
  lists: ChangeLists<A, R>,
  size = PART_SIZE,
): Generator<{ added: A[]; changed: A[]; removed: R[] }> {
  const { added, changed, removed } = lists;
  let a = 0;
  let c = 0;
  let r = 0;
  do {
    let room = size;
    const take = <T>(from: readonly T[], start: number): T[] => {
      const n = Math.min(room, from.length - start);
      room -= n;
      return from.slice(start, start + n);
    };
    const part = { added: take(added, a), changed: take(changed, c), removed: take(removed, r) };
    a += part.added.length;
    c += part.changed.length;
    r += part.removed.length;
    yield part;
  } while (a < added.length || c < changed.length || r < removed.length);
}
