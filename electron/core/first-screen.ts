// The first screen of the offline copy: a small file (first-screen.json) beside devices.json holding the
// devices the table shows first in its default order (shared/device-order.ts), one part long
// (PART_SIZE, devices-owner.ts). At start the main thread
// reads it (a few hundred KB) and shows those rows at once; the whole devices.json (~30 MB at 100,000
// devices) is read by the poll worker meanwhile and streams in after.
//
// Never ahead of nor behind the devices it stands for: both files carry the same random stamp, written
// into devices.json's head first and into first-screen.json after it (each file atomically). A crash
// between the two writes, a file from another save, a torn or foreign file: the stamps differ or the file
// does not parse, and the first screen is simply not used (the devices then arrive as before, all at once).
// It is read on the main thread through the store (offline-cache.ts: readFirstScreen); this module is also
// the poll worker's, which must not load the store's schemas.

import { randomUUID } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { Device, Timestamp } from '../../shared/model.js';
import { compareDefaultOrder, defaultOrderName } from '../../shared/device-order.js';
import { isDigit } from '../../shared/text-sort-key.js';
import { PART_SIZE } from './devices-owner.js';

export const FIRST_SCREEN_FILE = 'first-screen.json';
export const FIRST_SCREEN_VERSION = 1;

export interface FirstScreenFile {
  version: number;
  stamp: string;
  fetchedAt: Timestamp | null;
  /** Devices in devices.json. */
  total: number;
  records: Device[];
}

export const newStamp = (): string => randomUUID();

export function firstScreenPath(devicesFile: string): string {
  return path.join(path.dirname(devicesFile), FIRST_SCREEN_FILE);
}

const NAME = /"name":("(?:[^"\\]|\\.)*"|null)/;

interface Keyed {
  name: string;
  id: string;
  text: string;
}

/**
 * True when the device's name certainly sorts after `last` (a name key, defaultOrderName's), told from the
 * JSON text's first characters without making the name's key: at 300,000 devices making every key was
 * most of a save's ~500 ms here, and nearly every device sorts after the rows already kept. Only plain
 * ASCII letters and marks before the first digit are compared (textSortKey keeps them, lower-cased, as
 * they are); anything else (a digit, an escape, a non-ASCII letter whose lower case may differ in
 * length) leaves it undecided, and the caller makes the key.
 */
function sortsAfter(text: string, last: string): boolean {
  const at = text.indexOf('"name":');
  if (at === -1) return false;
  let i = at + 7;
  // No name sorts after every name; `last` has one (an empty `last` is decided by the caller).
  if (text.startsWith('null', i)) return true;
  if (text.charCodeAt(i) !== 34) return false;
  i++;
  for (let j = 0; ; j++, i++) {
    let c = text.charCodeAt(i);
    // The name's end (a shorter name with `last`'s start sorts first), an escape, a digit, non-ASCII.
    if (c === 34 || c === 92 || isDigit(c) || c > 127 || Number.isNaN(c)) return false;
    if (c >= 65 && c <= 90) c += 32;
    if (j >= last.length) return true;
    const k = last.charCodeAt(j);
    if (c !== k) return c > k;
  }
}

/**
 * The first `rows` device texts (each a device's JSON, as the mirror keeps them) in the table's default
 * order. Only the name is read out of each text; the chosen ones are parsed. Candidates are kept up to
 * twice `rows`, then cut back to the best `rows`: a device after the last one kept is skipped, so no list of
 * all 100,000 is made (it outlived the young generation and was old-space garbage after every save).
 */
export function firstScreenRows(texts: Iterable<[string, string]>, rows = PART_SIZE): Device[] {
  let kept: Keyed[] = [];
  let last: Keyed | null = null;
  for (const [id, text] of texts) {
    if (last && last.name !== '' && sortsAfter(text, last.name)) continue;
    const raw = NAME.exec(text)?.[1];
    const name = defaultOrderName(raw && raw !== 'null' ? (JSON.parse(raw) as string) : null);
    const keyed = { name, id, text };
    if (last && compareDefaultOrder(keyed, last) >= 0) continue;
    kept.push(keyed);
    if (kept.length < 2 * rows) continue;
    kept.sort(compareDefaultOrder);
    kept = kept.slice(0, rows);
    last = kept[rows - 1]!;
  }
  return kept
    .sort(compareDefaultOrder)
    .slice(0, rows)
    .map((k) => JSON.parse(k.text) as Device);
}

/** The stamp in devices.json's head (its first bytes), or null. */
export async function devicesFileStamp(devicesFile: string): Promise<string | null> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(devicesFile, 'r');
    const head = Buffer.alloc(256);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return (
      /^\{"version":\d+,"stamp":"([0-9a-f-]{36})"/.exec(head.toString('utf8', 0, bytesRead))?.[1] ?? null
    );
  } catch {
    return null;
  } finally {
    await handle?.close().catch(() => {});
  }
}
