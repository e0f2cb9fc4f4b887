// The status history's checkpoint in lines (checkpoint.ts): written and read back whole, read a line at a
// time (no JSON.parse of the whole file on the main thread), and a damaged file kept aside byte for byte,
// the index then rebuilt by the caller. Files of the versions before the lines are read in
// test/electron/core/store/stored-files.test.ts.
import { promises as fsp } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCheckpoint, writeCheckpoint } from '../../../../electron/core/status-history/checkpoint.js';
import { StatusIndex } from '../../../../electron/core/status-history/status-index.js';
import { silentLogger } from '../../../../electron/core/logger.js';

let dir: string;
beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'checkpoint-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fsp.rm(dir, { recursive: true, force: true });
});

const POSITION = { segment: '2026-11-20.seg', offset: 4_096, lastRecordAt: 1_700_000_000_000 };
const FILE = () => path.join(dir, 'index.json');

/** An index of `n` devices, every seventh with recent transitions, and a gap. */
function indexOf(n: number): StatusIndex {
  const index = new StatusIndex();
  for (let i = 0; i < n; i++) {
    const recent = i % 7 === 0 ? [1_000 + i, 2_000 + i] : [];
    index.entries.set(`device-${i}`, {
      status: i % 3 === 0 ? 'offline' : 'online',
      since: 1_600_000_000_000 + i,
      sinceExact: i % 2 === 0,
      recent,
    });
  }
  index.gaps = [{ start: 5, end: 9, reason: 'closed' }];
  return index;
}

async function reread(): Promise<{ position: unknown; entries: unknown[]; gaps: unknown }> {
  const index = new StatusIndex();
  const position = await readCheckpoint(dir, index, silentLogger);
  return { position, entries: [...index.entries], gaps: index.gaps };
}

async function keptAside(): Promise<string[]> {
  return (await fsp.readdir(dir)).filter((n) => n.startsWith('index.json.corrupt-'));
}

describe('the status history checkpoint in lines', () => {
  it('reads back the index, its gaps and its position as written', async () => {
    const index = indexOf(5_500);
    await writeCheckpoint(dir, index, POSITION);
    const lines = (await fsp.readFile(FILE(), 'utf8')).split('\n');
    expect(lines[0]).toMatch(/^\{"version":4,/);
    // 5,500 entries in lines of 2,000: three lines for each of the five entry columns, one for the times.
    expect(lines).toHaveLength(1 + 5 * 3 + 1);
    expect(await reread()).toEqual({ position: POSITION, entries: [...index.entries], gaps: index.gaps });
  });

  it('never parses more than one line at once', async () => {
    await writeCheckpoint(dir, indexOf(30_000), POSITION);
    const size = (await fsp.stat(FILE())).size;
    const parse = vi.spyOn(JSON, 'parse');
    const { entries } = await reread();
    expect(entries).toHaveLength(30_000);
    const longest = Math.max(...parse.mock.calls.map(([text]) => String(text).length));
    expect(size).toBeGreaterThan(1_000_000);
    expect(longest).toBeLessThan(80_000);
  });

  it('an empty index is a head alone, read back empty', async () => {
    await writeCheckpoint(dir, new StatusIndex(), POSITION);
    expect((await fsp.readFile(FILE(), 'utf8')).split('\n')).toHaveLength(1);
    expect(await reread()).toEqual({ position: POSITION, entries: [], gaps: [] });
  });

  const damages: Array<[string, (lines: string[]) => string[]]> = [
    ['cut off in a line', (l) => [...l.slice(0, 4), l[4]!.slice(0, 30)]],
    ['cut off after a line', (l) => l.slice(0, 6)],
    [
      'a value of the wrong kind',
      (l) => l.map((line, i) => (i === 1 ? line.replace('"device-3"', '3') : line)),
    ],
    ['a line more', (l) => [...l, '[1]']],
    [
      'a head that counts more entries',
      (l) => [l[0]!.replace('"entries":2500', '"entries":2501'), ...l.slice(1)],
    ],
    [
      'recent counts that do not add up to the times',
      (l) => [l[0]!.replace(/"times":\d+/, '"times":0'), ...l.slice(1, -1)],
    ],
  ];
  for (const [what, damage] of damages) {
    it(`is kept aside, byte for byte, and nothing is read of it: ${what}`, async () => {
      await writeCheckpoint(dir, indexOf(2_500), POSITION);
      const text = damage((await fsp.readFile(FILE(), 'utf8')).split('\n')).join('\n');
      await fsp.writeFile(FILE(), text);
      expect(await reread()).toEqual({ position: null, entries: [], gaps: [] });
      const aside = await keptAside();
      expect(aside).toHaveLength(1);
      expect(await fsp.readFile(path.join(dir, aside[0]!), 'utf8')).toBe(text);
      // The next open finds no file: the caller rebuilds from the segments, no notice again.
      expect(await reread()).toEqual({ position: null, entries: [], gaps: [] });
      expect(await keptAside()).toHaveLength(1);
    });
  }
});
