// The history's files: one append-only segment per UTC day ("2026-11-21.seg"), so retention and the
// size cap drop whole old days by deleting files (no rewriting, no compaction), and a timeline of the last
// 24 h or 30 days reads only the days it covers.

import { promises as fsp } from 'node:fs';
import path from 'node:path';

const SEGMENT_RE = /^(\d{4}-\d{2}-\d{2})\.seg$/;
export const DAY_MS = 24 * 60 * 60_000;

export function segmentName(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 10)}.seg`;
}

/** Start of the segment's day, ms. */
export function segmentDay(name: string): number {
  return Date.parse(`${name.slice(0, 10)}T00:00:00Z`);
}

/** Segment names in `dir`, oldest first, with their sizes. */
export async function listSegments(dir: string): Promise<Array<{ name: string; size: number }>> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: Array<{ name: string; size: number }> = [];
  for (const name of names.filter((n) => SEGMENT_RE.test(n)).sort()) {
    const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
    if (stat) out.push({ name, size: stat.size });
  }
  return out;
}

/**
 * Which segments to delete: days older than `retentionDays` before `now`, then the oldest while the total
 * exceeds `maxBytes`. The newest segment (being written) is never dropped.
 */
export function segmentsToDrop(
  segments: ReadonlyArray<{ name: string; size: number }>,
  now: number,
  retentionDays: number,
  maxBytes: number,
): string[] {
  const drop: string[] = [];
  const oldestKept = now - retentionDays * DAY_MS;
  let total = segments.reduce((sum, s) => sum + s.size, 0);
  for (let i = 0; i < segments.length - 1; i++) {
    const s = segments[i] as { name: string; size: number };
    if (segmentDay(s.name) + DAY_MS <= oldestKept || total > maxBytes) {
      drop.push(s.name);
      total -= s.size;
    }
  }
  return drop;
}
