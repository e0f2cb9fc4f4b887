// The README's scale table is the committed bench results, not a copy that can drift from them: every
// figure's median and verdict at 100,000 devices (bench/results.json) and at 300,000 (bench/results-300k.json)
// as the table states them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
type Figure = { median: number; meets: boolean | null };
const load = (file: string) =>
  JSON.parse(readFileSync(path.join(root, 'bench', file), 'utf8')) as Record<string, Figure | unknown>;
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

interface Row {
  median: number;
  verdict: string;
  /** The 300k columns: its median ('' when the table leaves it out) and verdict. */
  large: { median: number | null; verdict: string };
}

const number = (text: string): number | null => (text.trim() ? Number(text.replace(/,/g, '')) : null);

/** The table rows: `| \`key\` | floor | min | median | verdict | worst | load | 300k floor | 300k | verdict |`. */
function tableRows(): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const line of readme.split('\n')) {
    if (!/^\| `[a-z0-9_]+`/.test(line)) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const key = cells[0]!.replace(/`/g, '');
    rows.set(key, {
      median: number(cells[3]!)!,
      verdict: cells[4]!,
      large: { median: number(cells[8] ?? ''), verdict: cells[9] ?? '' },
    });
  }
  return rows;
}

function figuresOf(results: Record<string, unknown>): Array<[string, Figure]> {
  return Object.entries(results).filter(
    (e): e is [string, Figure] => typeof e[1] === 'object' && e[1] !== null && 'median' in e[1],
  );
}

const verdictOf = (figure: Figure) => (figure.meets === null ? '' : figure.meets ? 'meets' : '**misses**');
const close = (shown: number | null, median: number) =>
  shown !== null && Math.abs(shown - median) <= Math.max(0.5, Math.abs(median) * 0.006);

describe('README scale table', () => {
  it('states every figure of bench/results.json with its median (to the shown precision) and verdict', () => {
    const rows = tableRows();
    const figures = figuresOf(load('results.json'));
    expect(figures.length).toBeGreaterThan(10);
    for (const [key, figure] of figures) {
      const row = rows.get(key);
      expect(row, key).toBeDefined();
      expect(close(row!.median, figure.median), `${key}: ${row!.median} vs ${figure.median}`).toBe(true);
      expect(row!.verdict, key).toBe(verdictOf(figure));
    }
  });

  it('states every figure of bench/results-300k.json beside it, in its own columns', () => {
    const rows = tableRows();
    const figures = figuresOf(load('results-300k.json'));
    expect(figures.length).toBeGreaterThan(10);
    for (const [key, figure] of figures) {
      const row = rows.get(key);
      expect(row, key).toBeDefined();
      expect(
        close(row!.large.median, figure.median),
        `${key}: ${row!.large.median} vs ${figure.median}`,
      ).toBe(true);
      expect(row!.large.verdict, key).toBe(verdictOf(figure));
    }
  });
});
