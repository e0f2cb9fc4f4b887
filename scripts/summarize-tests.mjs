// Prints one closing line for the whole test command, totalled over the suites' JSON reports:
// "tests: N passed, N failed, N skipped", naming what was skipped (a whole suite that could not run on
// this machine counts as one skip, with its reason). Exits non-zero when a report is missing or counts no
// test at all: a suite that did not run must not look like a pass.
//
//   node scripts/summarize-tests.mjs <vitest.json> <playwright.json> [<suite.json> …]
//
// Each further report is a Playwright JSON report, or {"skippedSuite": {"name", "reason"}} written by a
// runner that could not start its suite (scripts/electron-e2e.mjs).
//
// Every test that failed (or passed only on its retry) is named above that line with the first line of its
// error: a CI log is often read from its end, and a suite's own output may be far above it.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const [vitestPath, playwrightPath, ...suitePaths] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skippedTests = 0;
const skippedSuites = [];
let missing = false;
/** "file:line title: first line of the error" for each failed or flaky test. */
const failures = [];

/** The first line of an error worth reading (colour codes and blank lines dropped), kept short. */
function firstLine(message) {
  const line = stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return 'no error message';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function playwrightFailures(suite) {
  for (const child of suite.suites ?? []) playwrightFailures(child);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const failedTry = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
      const error = failedTry?.error?.message ?? failedTry?.errors?.[0]?.message;
      const how = test.status === 'flaky' ? ' (passed only on its retry)' : '';
      failures.push(`${spec.file}:${spec.line} ${spec.title}${how}: ${firstLine(error)}`);
    }
  }
}

function vitestFailures(report) {
  for (const file of report.testResults ?? []) {
    const name = file.name ? file.name.replace(`${process.cwd()}/`, '') : 'a test file';
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of tests)
      failures.push(`${name} ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed to load has no test of its own to name.
    if (tests.length === 0 && file.status === 'failed') failures.push(`${name}: ${firstLine(file.message)}`);
  }
}

function read(path, what) {
  if (!path || !existsSync(path)) {
    console.error(`${what}: no report at ${path}: the suite did not run.`);
    missing = true;
    return null;
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

function addPlaywright(report) {
  const stats = report.stats ?? {};
  passed += stats.expected ?? 0;
  // A test that passed only on its retry (playwright.config.ts retries once, to record a trace) failed
  // once: it fails the run (failOnFlakyTests), so it is counted as failed here too.
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  skippedTests += stats.skipped ?? 0;
  if ((stats.expected ?? 0) + (stats.unexpected ?? 0) + (stats.flaky ?? 0) === 0) missing = true;
  playwrightFailures(report);
}

const vitest = read(vitestPath, 'Vitest');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  // A file that fails to load has no test to count: count such files as failures.
  if ((vitest.numFailedTests ?? 0) === 0) failed += vitest.numFailedTestSuites ?? 0;
  skippedTests += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if ((vitest.numTotalTests ?? 0) === 0) missing = true;
  vitestFailures(vitest);
}
const playwright = read(playwrightPath, 'Playwright');
if (playwright) addPlaywright(playwright);
for (const path of suitePaths) {
  const report = read(path, path);
  if (!report) continue;
  if (report.skippedSuite) skippedSuites.push(report.skippedSuite);
  else addPlaywright(report);
}

const skipped = skippedTests + skippedSuites.length;
const named = [
  ...(skippedTests ? [`${skippedTests} test${skippedTests === 1 ? '' : 's'}`] : []),
  ...skippedSuites.map((s) => `the ${s.name} suite (${s.reason})`),
];
for (const failure of failures) console.log(`FAILED TEST: ${failure}`);
console.log(
  `tests: ${passed} passed, ${failed} failed, ${skipped} skipped${named.length ? `: ${named.join('; ')}` : ''}`,
);
process.exit(missing || failed > 0 ? 1 : 0);
