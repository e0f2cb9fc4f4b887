// The Electron end-to-end suite needs the real Electron binary, which cannot be downloaded everywhere
// (not on our build machines). Where it is present the suite runs and must pass; where it is absent this
// says so loudly and leaves a report naming the skip, so the summary line counts it: a skip of this one
// suite, reported, never a silent pass.
//
//   node scripts/electron-e2e.mjs [<report.json>]   (default test-results/electron-e2e.json)
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const report = process.argv[2] ?? 'test-results/electron-e2e.json';
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });

const require = createRequire(import.meta.url);
let binary = null;
try {
  const dir = require.resolve('electron/package.json').replace(/package\.json$/, '');
  const pathFile = `${dir}path.txt`;
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  // As electron's own index.js resolves it: the override is the dist folder, not the binary.
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH)
    binary = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron');
  else if (executable) binary = `${dir}dist/${executable}`;
} catch {
  binary = null;
}
if (!binary || !existsSync(binary)) {
  const reason = 'no Electron binary on this machine';
  console.log(`SKIPPED: Electron end-to-end suite — ${reason} (it cannot be downloaded here).`);
  console.log('         The same main-process services were exercised through the browser host above.');
  writeFileSync(report, `${JSON.stringify({ skippedSuite: { name: 'Electron end-to-end', reason } })}\n`);
  process.exit(0);
}
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'playwright.electron.config.ts', '--reporter=list,json'],
  { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report } },
);
process.exit(result.status ?? 1);
