// The index on disk (index.json, written atomically; its schema is store/files.ts: checkpointFile): what
// the segments said up to (segment, offset), so opening replays only what came after. A file the store
// cannot use is kept aside (with a notice) and the caller rebuilds the index from the segments that remain.
//
// Serialising 100k entries at once would block the main thread for 50–100 ms, so it is done in slices of
// SLICE entries with a turn of the event loop between them. Polls recorded meanwhile may already be in
// entries serialised later: that is harmless because replaying from the checkpoint's offset is idempotent
// (StatusIndex.apply skips a transition an entry already reflects).

import path from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import type { Logger } from '../logger.js';
import { checkpointFile } from '../store/files.js';
import { loadStored } from '../store/stored-file.js';
import type { Gap } from './records.js';
import type { IndexEntry, StatusIndex } from './status-index.js';

const FILE = 'index.json';
const SLICE = 1_000;

export interface CheckpointPosition {
  segment: string;
  offset: number;
  lastRecordAt: number | null;
}

/** [id, status, since, sinceExact 0/1, recent transition times] */
type EntryRow = [string, string, number, number, number[]];

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function writeCheckpoint(
  dir: string,
  index: StatusIndex,
  position: CheckpointPosition,
): Promise<void> {
  const parts: string[] = [];
  let slice: EntryRow[] = [];
  const flush = () => {
    if (slice.length === 0) return;
    parts.push(JSON.stringify(slice).slice(1, -1));
    slice = [];
  };
  // A snapshot of the keys: entries deleted meanwhile are skipped, added ones are in the replay.
  const ids = [...index.entries.keys()];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string;
    const e: IndexEntry | undefined = index.entries.get(id);
    if (e) slice.push([id, e.status, e.since, e.sinceExact ? 1 : 0, e.recent]);
    if (slice.length === SLICE) {
      flush();
      await yieldTurn();
    }
  }
  flush();
  const gaps: Gap[] = index.gaps;
  const head = JSON.stringify({ version: checkpointFile.version, ...position, gaps });
  // Written part by part: joining and encoding 5 MB at once would be one more long stall.
  const text = [`${head.slice(0, -1)},"entries":[`, ...parts.map((p, i) => (i === 0 ? p : `,${p}`)), ']}'];
  await writeFileAtomic(path.join(dir, FILE), text);
}

/** Fills `index` and returns the position it covers, or null (nothing usable; `index` left empty). */
export async function readCheckpoint(
  dir: string,
  index: StatusIndex,
  logger?: Logger,
): Promise<CheckpointPosition | null> {
  const loaded = await loadStored(path.join(dir, FILE), checkpointFile, logger ? { logger } : {});
  if (loaded.status !== 'loaded') return null;
  const f = loaded.value;
  for (const row of f.entries) {
    index.entries.set(row[0], { status: row[1], since: row[2], sinceExact: row[3] === 1, recent: row[4] });
  }
  index.gaps = f.gaps.map((g) => ({ ...g }));
  return { segment: f.segment, offset: f.offset, lastRecordAt: f.lastRecordAt };
}
