#!/usr/bin/env bash
# The one test command (README, .ci/run): sets up what it needs, then runs lint, typecheck, every suite.
# A suite that cannot run fails; nothing passes by skipping.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1

bash scripts/ensure-system-deps.sh
if [ ! -d node_modules ]; then npm ci; fi

echo "== lint"; npm run --silent lint
echo "== typecheck"; npm run --silent typecheck
echo "== build"; npm run --silent build
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json
echo "== unit and integration (Node, jsdom; real loopback HTTP, real Secret Service)"
bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "== end-to-end (Debian Chromium against the browser host and service/)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json \
  bash scripts/with-keyring.sh npx playwright test --reporter=list,json
echo "== bench smoke (10,000 devices: it must complete; timings are not judged here)"; bash scripts/with-keyring.sh npx tsx test/bench/run.ts --devices 10000 --runs 1 --out test-results/bench-10000.json
echo "== Electron end-to-end"
node scripts/electron-e2e.mjs
echo "== summary"
node scripts/summarize-tests.mjs test-results/vitest.json test-results/playwright.json
