// The browser suites' failure policy (playwright.config.ts), run for real: a test that fails once is run
// again with a trace recorded, and still fails the run even when its second try passes. Traces are
// recorded for those second tries only (recording one for every test cost 60 % more CPU).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
// Inside the project (ignored by git and prettier), so that the config resolves @playwright/test.
const DIR = path.join(ROOT, 'test-results', `retry-policy-${process.pid}`);

beforeAll(async () => {
  await mkdir(DIR, { recursive: true });
  await writeFile(
    path.join(DIR, 'retry.config.ts'),
    `import base from '../../playwright.config.ts';
export default { ...base, testDir: '.', testMatch: 'once.spec.ts', outputDir: './out', workers: 1 };
`,
  );
  await writeFile(
    path.join(DIR, 'once.spec.ts'),
    `import { expect, test } from '@playwright/test';
test('fails on its first try only', async ({ page }, info) => {
  await page.setContent('<p>first or second</p>');
  expect(info.retry).toBe(1);
});
`,
  );
});
afterAll(async () => {
  await rm(DIR, { recursive: true, force: true });
});

describe('the browser suites’ retry policy', () => {
  it('runs a failed test again with a trace, and a pass on the second try still fails the run', () => {
    const run = spawnSync(
      'npx',
      ['playwright', 'test', '-c', path.join(DIR, 'retry.config.ts'), '--reporter=json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, CI: '' },
      },
    );
    const report = JSON.parse(run.stdout) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    expect(report.stats).toMatchObject({ expected: 0, unexpected: 0, flaky: 1 });
    expect(run.status, run.stderr).toBe(1);
    const out = path.join(DIR, 'out');
    const runs = existsSync(out)
      ? readdirSync(out, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
      : [];
    const retried = runs.filter((name) => name.endsWith('-retry1'));
    expect(retried, runs.join(', ')).toHaveLength(1);
    expect(readdirSync(path.join(out, retried[0]!))).toContain('trace.zip');
    // The first try, which failed, recorded no trace.
    const first = runs.filter((name) => !name.endsWith('-retry1'));
    expect(first.flatMap((name) => readdirSync(path.join(out, name)))).not.toContain('trace.zip');

    // The closing summary names it, from this real report, with its first try's error.
    const reportFile = path.join(DIR, 'report.json');
    writeFileSync(reportFile, run.stdout);
    const vitestFile = path.join(DIR, 'vitest.json');
    writeFileSync(vitestFile, JSON.stringify({ numPassedTests: 1, numTotalTests: 1 }));
    const summary = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/summarize-tests.mjs'), vitestFile, reportFile],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(summary.stdout.trim().split('\n')).toEqual([
      'FAILED TEST: once.spec.ts:2 fails on its first try only (passed only on its retry): Error: expect(received).toBe(expected) // Object.is equality',
      'tests: 1 passed, 1 failed, 0 skipped',
    ]);
  }, 60_000);
});
