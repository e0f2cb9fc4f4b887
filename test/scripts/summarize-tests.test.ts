// The closing line of `npm test`: a suite that could not run is counted and named, never hidden in a pass.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-summary-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function report(name: string, value: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(value));
  return file;
}
const vitest = (passed: number, failed = 0, pending = 0) =>
  report('vitest.json', {
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: pending,
    numTodoTests: 0,
    numFailedTestSuites: 0,
    numTotalTests: passed + failed + pending,
  });
const playwright = (name: string, expected: number, unexpected = 0, skipped = 0, flaky = 0) =>
  report(name, { stats: { expected, unexpected, flaky, skipped } });

function summarize(...files: string[]) {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/summarize-tests.mjs'), ...files], {
    encoding: 'utf8',
  });
  return { status: run.status, line: run.stdout.trim(), errors: run.stderr };
}

describe('summarize-tests', () => {
  it('counts a skipped suite in the skipped total and names it with its reason', async () => {
    const electron = path.join(dir, 'electron-e2e.json');
    const skip = spawnSync(process.execPath, [path.join(ROOT, 'scripts/electron-e2e.mjs'), electron], {
      encoding: 'utf8',
      cwd: ROOT,
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: path.join(dir, 'no-electron-here') },
    });
    expect(skip.status).toBe(0);
    expect(skip.stdout).toContain('SKIPPED: Electron end-to-end suite');
    expect(JSON.parse(await readFile(electron, 'utf8'))).toEqual({
      skippedSuite: { name: 'Electron end-to-end', reason: 'no Electron binary on this machine' },
    });

    const { status, line } = summarize(await vitest(700), await playwright('pw.json', 29), electron);
    expect(line).toBe(
      'tests: 729 passed, 0 failed, 1 skipped: the Electron end-to-end suite (no Electron binary on this machine)',
    );
    expect(status).toBe(0);
  });

  it('adds skipped tests and a suite that ran, and says 0 skipped when nothing was', async () => {
    const mixed = summarize(
      await vitest(10, 0, 2),
      await playwright('pw.json', 5, 0, 1),
      await playwright('electron.json', 3),
    );
    expect(mixed.line).toBe('tests: 18 passed, 0 failed, 3 skipped: 3 tests');
    const none = summarize(await vitest(10), await playwright('pw.json', 5));
    expect(none.line).toBe('tests: 15 passed, 0 failed, 0 skipped');
    expect(none.status).toBe(0);
  });

  it('fails when a named report is missing or a test failed', async () => {
    const missing = summarize(await vitest(10), await playwright('pw.json', 5), path.join(dir, 'none.json'));
    expect(missing.status).toBe(1);
    expect(missing.errors).toContain('the suite did not run');
    const failed = summarize(await vitest(10, 1), await playwright('pw.json', 5));
    expect(failed.line).toBe('tests: 15 passed, 1 failed, 0 skipped');
    expect(failed.status).toBe(1);
  });

  it('counts a browser test that passed only on its retry as failed', async () => {
    const flaky = summarize(await vitest(10), await playwright('pw.json', 4, 0, 0, 1));
    expect(flaky.line).toBe('tests: 14 passed, 1 failed, 0 skipped');
    expect(flaky.status).toBe(1);
  });

  it('names each failed or flaky test with the first line of its error, last, above the count', async () => {
    const spec = (title: string, line: number, status: string, results: unknown[]) => ({
      title,
      file: 'outbox.spec.ts',
      line,
      tests: [{ status, results }],
    });
    const pw = await report('pw.json', {
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'outbox.spec.ts',
          specs: [spec('sends it', 3, 'expected', [{ status: 'passed' }])],
          suites: [
            {
              title: 'offline',
              specs: [
                spec('keeps it', 12, 'unexpected', [
                  {
                    status: 'timedOut',
                    error: {
                      message: '\u001b[31mError: expect(locator).toHaveText\u001b[39m\n\nExpected: "a"',
                    },
                  },
                  { status: 'timedOut', error: { message: 'again' } },
                ]),
                spec('cancels it', 40, 'flaky', [
                  { status: 'failed', errors: [{ message: '\n  Timeout 10000ms' }] },
                  { status: 'passed' },
                ]),
              ],
            },
          ],
        },
      ],
    });
    const vi = await report('vitest.json', {
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      numFailedTestSuites: 1,
      numTotalTests: 4,
      testResults: [
        {
          name: path.join(process.cwd(), 'test/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a works', failureMessages: [] },
            {
              status: 'failed',
              fullName: 'a breaks',
              failureMessages: ['AssertionError: expected 6 to be 7\n at x'],
            },
          ],
        },
        {
          name: path.join(process.cwd(), 'test/b.test.ts'),
          status: 'failed',
          message: 'SyntaxError: nope',
          assertionResults: [],
        },
      ],
    });
    const { status, line } = summarize(vi, pw);
    expect(line.split('\n')).toEqual([
      'FAILED TEST: test/a.test.ts a breaks: AssertionError: expected 6 to be 7',
      'FAILED TEST: test/b.test.ts: SyntaxError: nope',
      'FAILED TEST: outbox.spec.ts:12 keeps it: Error: expect(locator).toHaveText',
      'FAILED TEST: outbox.spec.ts:40 cancels it (passed only on its retry): Timeout 10000ms',
      'tests: 4 passed, 3 failed, 0 skipped',
    ]);
    expect(status).toBe(1);
  });
});
