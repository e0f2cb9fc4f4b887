#!/usr/bin/env bash
# The one test command (README, .ci/run): sets up what it needs, then runs lint, typecheck, every suite.
# A suite that cannot run fails; nothing passes by skipping.
#
# Phases that do not depend on each other run side by side, because most of them wait more than they
# compute: lint, typecheck and build together (the suites then run one after another: see below). A
# phase run beside others writes to test-results/phases/<name>.log, printed whole when it ends; any phase
# that fails fails the run, named in the last line, and phases still running are stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1

bash scripts/ensure-system-deps.sh
# The run must leave the working tree as it found it (screenshots for the README are `npm run screenshots`).
tree_before=$(git status --porcelain 2>/dev/null || true)
if [ ! -d node_modules ]; then npm ci; fi

run_started=$(date +%s)
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json test-results/playwright-no-keychain.json \
  test-results/electron-e2e.json test-results/phases/*

# shellcheck source=scripts/phases.sh
source scripts/phases.sh

start lint npm run --silent lint
start typecheck npm run --silent typecheck
start build npm run --silent build
finish build lint typecheck
give_up_if_failed

# The soak and the bench smoke need the build only; they run their own service and host processes.
# (Called in an `if`, where set -e does not apply: a failed soak returns its own failure.)
soak_and_bench() {
  echo "-- chaos soak (2 minutes, seed 24: kills, network faults, clock steps; the service's state checked after each)"
  bash scripts/with-keyring.sh npx tsx test/soak/run.ts --minutes 2 --seed 24 || return
  echo "-- bench smoke (10,000 devices: it must complete; timings are not judged here)"
  bash scripts/with-keyring.sh npx tsx test/bench/run.ts --devices 10000 --runs 1 --out test-results/bench-10000.json
}

# The suites run one after another. Beside the unit suite's two workers, Chromium's frame timing and a
# notice's 15-second wait were starved (two end-to-end specs failed that pass alone), and the chaos soak
# beside it once found a bulk move reported done whose device stayed where the move before it had put it
# (seed 24; green alone, and in every earlier run): a race under load that is being looked into, which a
# run side by side would make a coin toss rather than a finding.
run "unit and integration (Node, jsdom; real loopback HTTP, real Secret Service)" \
  bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
run "end-to-end (Debian Chromium against the browser host and service/)" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json \
  bash scripts/with-keyring.sh npx playwright test --grep-invert @no-keychain --reporter=list,json
run "end-to-end without a keychain (no session bus, as on a server or in a container)" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright-no-keychain.json \
  bash scripts/without-keyring.sh npx playwright test --grep @no-keychain --reporter=list,json
run "Electron end-to-end" node scripts/electron-e2e.mjs test-results/electron-e2e.json
run "chaos soak and bench smoke" soak_and_bench
give_up_if_failed

echo "== the working tree is as it was"
tree_after=$(git status --porcelain 2>/dev/null || true)
if [ "$tree_before" != "$tree_after" ]; then
  echo "The test run changed files git sees (or they were edited meanwhile):"
  diff <(echo "$tree_before") <(echo "$tree_after") || true
  exit 1
fi
echo "== summary ($(($(date +%s) - run_started)) s)"
node scripts/summarize-tests.mjs test-results/vitest.json test-results/playwright.json \
  test-results/playwright-no-keychain.json test-results/electron-e2e.json
