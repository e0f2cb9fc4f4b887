// Prints one closing line for the whole test command, totalled over the Vitest and Playwright JSON
// reports: "tests: N passed, N failed" (plus skipped, when any). Exits non-zero when a report is missing
// or counts no test at all: a suite that did not run must not look like a pass.
import { existsSync, readFileSync } from 'node:fs';

const [vitestPath, playwrightPath] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;

function read(path, what) {
  if (!path || !existsSync(path)) {
    console.error(`${what}: no report at ${path}: the suite did not run.`);
    missing = true;
    return null;
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

const vitest = read(vitestPath, 'Vitest');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  // A file that fails to load has no test to count: count such files as failures.
  if ((vitest.numFailedTests ?? 0) === 0) failed += vitest.numFailedTestSuites ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if ((vitest.numTotalTests ?? 0) === 0) missing = true;
}
const playwright = read(playwrightPath, 'Playwright');
if (playwright) {
  const stats = playwright.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  if ((stats.expected ?? 0) + (stats.unexpected ?? 0) + (stats.flaky ?? 0) === 0) missing = true;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(missing || failed > 0 ? 1 : 0);
