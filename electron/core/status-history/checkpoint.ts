// The index on disk (index.json, written atomically; its formats are store/files.ts: checkpointHead and
// checkpointFile): what the segments said up to (segment, offset), so opening replays only what came
// after. A file the store cannot use is kept aside (with a notice) and the caller rebuilds the index from
// the segments that remain.
//
// Kept by column (store/files.ts: CheckpointColumns), and in lines: a head, then each column in slices of
// STEP values, one line each. Serialising or reading 100,000 entries at once would block the main thread
// (one JSON.parse of the whole file was 70 ms at 100,000 devices, 240 ms at 300,000, at every start), so
// both go a line at a time with a turn of the event loop between them. Polls recorded meanwhile may
// already be in entries serialised later: that is harmless because replaying from the checkpoint's offset
// is idempotent (StatusIndex.apply skips a transition an entry already reflects). Files of the versions
// before the lines (2, 3: one JSON object) are still read, whole, once; the next checkpoint writes lines.

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';
import type { Logger } from '../logger.js';
import {
  CHECKPOINT_COLUMNS,
  CHECKPOINT_LINES_VERSION,
  checkpointFile,
  checkpointHead,
  type CheckpointColumns,
} from '../store/files.js';
import { keepAside, loadStored } from '../store/stored-file.js';
import type { Gap } from './records.js';
import type { StatusIndex } from './status-index.js';

const FILE = 'index.json';
/** How a file in lines starts: its head's first field (what an older file says there is 2 or 3). */
const LINES_START = `{"version":${CHECKPOINT_LINES_VERSION},`;

export interface CheckpointPosition {
  segment: string;
  offset: number;
  lastRecordAt: number | null;
}

/** A checkpoint as read, before it fills the index. */
interface CheckpointRead {
  position: CheckpointPosition;
  gaps: Gap[];
  columns: CheckpointColumns;
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Values per line, and entries handled between two turns of the event loop. */
const STEP = 2_000;

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
  const head = JSON.stringify({
    version: CHECKPOINT_LINES_VERSION,
    ...position,
    gaps,
    entries: columns.ids.length,
    times: columns.times.length,
  });
  // Written line by line: joining and encoding 5 MB at once would be one more long stall.
  const lines = [head];
  for (const [name] of CHECKPOINT_COLUMNS) {
    const values = columns[name];
    for (let i = 0; i < values.length; i += STEP) {
      lines.push(`\n${JSON.stringify(values.slice(i, i + STEP))}`);
      await yieldTurn();
    }
  }
  await writeFileAtomic(path.join(dir, FILE), lines);
}

/** Fills `index` and returns the position it covers, or null (nothing usable; `index` left empty). */
export async function readCheckpoint(
  dir: string,
  index: StatusIndex,
  logger?: Logger,
): Promise<CheckpointPosition | null> {
  const file = path.join(dir, FILE);
  const io = logger ? { logger } : {};
  let text: string | null = null;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Not readable: the store's own reading says so (with its notice) and goes on without it.
  }
  let read: CheckpointRead | string;
  if (text !== null && text.startsWith(LINES_START)) read = await readLines(text);
  else {
    const loaded = await loadStored(file, checkpointFile, io);
    if (loaded.status !== 'loaded' || loaded.value === null) return null;
    const { segment, offset, lastRecordAt, gaps, ...columns } = loaded.value;
    read = { position: { segment, offset, lastRecordAt }, gaps, columns };
  }
  text = null; // 5 MB at 100,000 devices: not kept while the index fills
  if (typeof read === 'string') {
    await keepAside(file, checkpointFile, read, io);
    return null;
  }
  const { ids, status, since, exact, recent, times } = read.columns;
  // STEP entries a task: 100,000 of them at once held the thread for some 15 ms more.
  let at = 0;
  for (let i = 0; i < ids.length; i++) {
    const count = recent[i]!;
    index.entries.set(ids[i]!, {
      status: status[i]!,
      since: since[i]!,
      sinceExact: exact[i] === 1,
      recent: times.slice(at, at + count),
    });
    at += count;
    if ((i + 1) % STEP === 0) await yieldTurn();
  }
  index.gaps = read.gaps.map((g) => ({ ...g }));
  return read.position;
}

/** A file in lines, parsed a line per turn; or why it cannot be used. */
async function readLines(text: string): Promise<CheckpointRead | string> {
  const lines = text.split('\n');
  let parsed: unknown;
  try {
    parsed = JSON.parse(lines[0]!);
  } catch {
    return 'its first line is not complete JSON (truncated or damaged)';
  }
  const head = checkpointHead.safeParse(parsed);
  if (!head.success) return 'its first line is not a checkpoint head';
  const { segment, offset, lastRecordAt, gaps, entries, times } = head.data;
  const columns: Record<string, unknown[]> = {};
  let next = 1;
  for (const [name, ok] of CHECKPOINT_COLUMNS) {
    const want = name === 'times' ? times : entries;
    const slices: unknown[][] = [];
    let count = 0;
    while (count < want) {
      const line = lines[next++];
      if (line === undefined) return `it ends before its ${name} (truncated)`;
      let slice: unknown;
      try {
        slice = JSON.parse(line);
      } catch {
        return `a line of its ${name} is not complete JSON (truncated or damaged)`;
      }
      if (!Array.isArray(slice) || slice.length === 0 || !slice.every(ok)) return `${name}: not as written`;
      slices.push(slice);
      count += slice.length;
      await yieldTurn();
    }
    if (count !== want) return `${name}: not as many values as its head says`;
    columns[name] = slices.length === 1 ? slices[0]! : ([] as unknown[]).concat(...slices);
  }
  if (next !== lines.length) return 'it goes on after its last column';
  // Each value was checked with its line: what is left is that the recent counts add up to the times.
  let counted = 0;
  for (const count of columns.recent as number[]) counted += count;
  if (counted !== times) return 'its recent transitions do not add up';
  return {
    position: { segment, offset, lastRecordAt },
    gaps,
    columns: columns as unknown as CheckpointColumns,
  };
}
