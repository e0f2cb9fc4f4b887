// The index on disk (index.json, written atomically; its schema is store/files.ts: checkpointFile): what
// the segments said up to (segment, offset), so opening replays only what came after. A file the store
// cannot use is kept aside (with a notice) and the caller rebuilds the index from the segments that remain.
//
// Kept by column (store/files.ts: CheckpointColumns). Serialising or reading 100k entries at once would
// block the main thread for 50–100 ms, so both go in slices with a turn of the event loop between them.
// Polls recorded meanwhile may already be in entries serialised later: that is harmless because
// replaying from the checkpoint's offset is idempotent (StatusIndex.apply skips a transition an entry
// already reflects).

import path from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import type { Logger } from '../logger.js';
import { checkpointFile, type CheckpointColumns } from '../store/files.js';
import { loadStored } from '../store/stored-file.js';
import type { Gap } from './records.js';
import type { StatusIndex } from './status-index.js';

const FILE = 'index.json';

export interface CheckpointPosition {
  segment: string;
  offset: number;
  lastRecordAt: number | null;
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Entries (or a column's values) handled between two turns of the event loop. */
const STEP = 2_000;

/** A column as JSON text in pieces, STEP values per task (100,000 ids at once is a stall of its own). */
async function columnJson(values: readonly unknown[]): Promise<string[]> {
  const pieces = ['['];
  for (let i = 0; i < values.length; i += STEP) {
    if (i > 0) {
      pieces.push(',');
      await yieldTurn();
    }
    pieces.push(JSON.stringify(values.slice(i, i + STEP)).slice(1, -1));
  }
  pieces.push(']');
  return pieces;
}

export async function writeCheckpoint(
  dir: string,
  index: StatusIndex,
  position: CheckpointPosition,
): Promise<void> {
  const columns: CheckpointColumns = { ids: [], status: [], since: [], exact: [], recent: [], times: [] };
  // A snapshot of the keys: entries deleted meanwhile are skipped, added ones are in the replay.
  const ids = index.entries.idList();
  const put = (status: string, since: number, exact: boolean, recent: readonly number[]) => {
    columns.status.push(status);
    columns.since.push(since);
    columns.exact.push(exact ? 1 : 0);
    columns.recent.push(recent.length);
    for (const t of recent) columns.times.push(t);
  };
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string;
    if (index.entries.read(id, put)) columns.ids.push(id);
    if ((i + 1) % STEP === 0) await yieldTurn();
  }
  const gaps: Gap[] = index.gaps;
  const head = JSON.stringify({ version: checkpointFile.version, ...position, gaps });
  // Written part by part: joining and encoding 5 MB at once would be one more long stall.
  const text = [head.slice(0, -1)];
  for (const [name, values] of Object.entries(columns))
    text.push(`,${JSON.stringify(name)}:`, ...(await columnJson(values)));
  text.push('}');
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
  // STEP entries a task: 100,000 of them at once held the thread for some 15 ms more.
  let at = 0;
  for (let i = 0; i < f.ids.length; i++) {
    const count = f.recent[i]!;
    index.entries.set(f.ids[i]!, {
      status: f.status[i]!,
      since: f.since[i]!,
      sinceExact: f.exact[i] === 1,
      recent: f.times.slice(at, at + count),
    });
    at += count;
    if ((i + 1) % STEP === 0) await yieldTurn();
  }
  index.gaps = f.gaps.map((g) => ({ ...g }));
  return { segment: f.segment, offset: f.offset, lastRecordAt: f.lastRecordAt };
}
