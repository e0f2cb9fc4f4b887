#!/usr/bin/env bash
# The one test command (README, .ci/run): sets up what it needs, then runs lint, typecheck, every suite.
# A suite that cannot run fails; nothing passes by skipping.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1

bash scripts/ensure-system-deps.sh
# The run must leave the working tree as it found it (screenshots for the README are `npm run screenshots`).
tree_before=$(git status --porcelain 2>/dev/null || true)
if [ ! -d node_modules ]; then npm ci; fi

echo "== lint"; npm run --silent lint
echo "== typecheck"; npm run --silent typecheck
echo "== build"; npm run --silent build
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json test-results/playwright-no-keychain.json \
  test-results/electron-e2e.json
echo "== unit and integration (Node, jsdom; real loopback HTTP, real Secret Service)"
bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "== end-to-end (Debian Chromium against the browser host and service/)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json \
  bash scripts/with-keyring.sh npx playwright test --grep-invert @no-keychain --reporter=list,json
echo "== end-to-end without a keychain (no session bus, as on a server or in a container)"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright-no-keychain.json \
  bash scripts/without-keyring.sh npx playwright test --grep @no-keychain --reporter=list,json
echo "== chaos soak (2 minutes, seed 24: kills, network faults, clock steps; the service's state checked after each)"; bash scripts/with-keyring.sh npx tsx test/soak/run.ts --minutes 2 --seed 24
echo "== bench smoke (10,000 devices: it must complete; timings are not judged here)"
bash scripts/with-keyring.sh npx tsx test/bench/run.ts --devices 10000 --runs 1 --out test-results/bench-10000.json
echo "== Electron end-to-end"
node scripts/electron-e2e.mjs test-results/electron-e2e.json
echo "== the working tree is as it was"
tree_after=$(git status --porcelain 2>/dev/null || true)
if [ "$tree_before" != "$tree_after" ]; then
  echo "The test run changed files git sees (or they were edited meanwhile):"
  diff <(echo "$tree_before") <(echo "$tree_after") || true
  exit 1
fi
echo "== summary"
node scripts/summarize-tests.mjs test-results/vitest.json test-results/playwright.json \
  test-results/playwright-no-keychain.json test-results/electron-e2e.json
