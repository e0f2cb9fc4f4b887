// `npm run bench`: speed and memory are measured here, never by timed assertions in tests.
// Every test/bench/*.bench.ts exports `run(): Promise<Measurement[]>`; each may also declare a `floor`
// (the figure) so this prints whether the figure was met. `--only NAME` runs matching files.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

export interface Measurement {
  name: string;
  value: number;
  unit: string;
  /** The figure to meet, when there is one. */
  floor?: { value: number; better: 'lower' | 'higher' };
}

const dir = dirname(fileURLToPath(import.meta.url));
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1] : undefined;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();

let missed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run: () => Promise<Measurement[]> };
  console.log(`\n${file}`);
  for (const m of await mod.run()) {
    let verdict = '';
    if (m.floor) {
      const ok = m.floor.better === 'lower' ? m.value <= m.floor.value : m.value >= m.floor.value;
      if (!ok) missed += 1;
      verdict = `  ${ok ? 'meets' : 'MISSES'} ${m.floor.better === 'lower' ? '≤' : '≥'} ${m.floor.value} ${m.unit}`;
    }
    console.log(
      `  ${m.name.padEnd(58)} ${m.value.toFixed(m.value < 10 ? 2 : 0).padStart(10)} ${m.unit}${verdict}`,
    );
  }
}
const rss = process.memoryUsage().rss / 1024 / 1024;
console.log(`\npeak-ish RSS of the bench process: ${rss.toFixed(0)} MB`);
if (missed > 0) {
  console.log(`${missed} figure(s) missed`);
  process.exitCode = 1;
}
