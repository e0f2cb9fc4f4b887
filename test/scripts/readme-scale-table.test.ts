// The README's scale table is the committed bench/results.json, not a copy that can drift from it: every
// figure's median and verdict as the table states them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const results = JSON.parse(readFileSync(path.join(root, 'bench/results.json'), 'utf8')) as Record<
  string,
  { median: number; meets: boolean | null } | unknown
>;
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

/** The table rows: `| \`key\` | floor | min | median | verdict | load |`. */
function tableRows(): Map<string, { median: number; verdict: string }> {
  const rows = new Map<string, { median: number; verdict: string }>();
  for (const line of readme.split('\n')) {
    const m = /^\| `([a-z0-9_]+)`\s*\|[^|]*\|[^|]*\|\s*([\d,.]+)\s*\|\s*([^|]*?)\s*\|/.exec(line);
    if (m) rows.set(m[1]!, { median: Number(m[2]!.replace(/,/g, '')), verdict: m[3]! });
  }
  return rows;
}

describe('README scale table', () => {
  it('states every figure of bench/results.json with its median (to the shown precision) and verdict', () => {
    const rows = tableRows();
    const figures = Object.entries(results).filter(
      (e): e is [string, { median: number; meets: boolean | null }] =>
        typeof e[1] === 'object' && e[1] !== null && 'median' in e[1],
    );
    expect(figures.length).toBeGreaterThan(10);
    for (const [key, figure] of figures) {
      const row = rows.get(key);
      expect(row, key).toBeDefined();
      const tolerance = Math.max(0.5, Math.abs(figure.median) * 0.006);
      expect(Math.abs(row!.median - figure.median), key).toBeLessThanOrEqual(tolerance);
      const verdict = figure.meets === null ? '' : figure.meets ? 'meets' : '**misses**';
      expect(row!.verdict, key).toBe(verdict);
    }
  });
});
