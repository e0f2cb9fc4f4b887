#!/usr/bin/env bash
# The one test command (README, .ci/run): sets up what it needs, then runs lint, typecheck, every suite.
# A suite that cannot run fails; nothing passes by skipping.
#
# Phases that do not depend on each other run side by side where one waits while another computes (see
# below: lint, typecheck, the chaos soak and the bench smoke beside the end-to-end suites). A
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

# On 2 cores the run is bound by CPU seconds, so phases are placed by what they use, not only by what they
# need. The build comes first, alone: every suite needs it. The end-to-end suites (Chromium, loopback HTTP,
# polls) use most of both cores and wait the rest of the time; beside them run the chaos soak, whose two
# minutes are mostly its technician's pauses and the faults' holds, and the bench smoke, at a lower CPU
# priority (nice) so they take the CPU the browser tests leave idle and not the time a spec's frame or
# notice needs. Lint and typecheck, which only compute, run at the lowest priority from the start to the
# end, filling whatever the suites leave. The unit suite comes last, with both cores but for those two:
# beside the browser tests two timing-bound end-to-end specs starved.
start build npm run --silent build
finish build
give_up_if_failed

start lint nice -n 19 npm run --silent lint
start typecheck nice -n 19 npm run --silent typecheck
# The soak stays the witness it was: it still checks the service's state after every fault, now under the
# load of the browser suites beside it.
start soak nice -n 5 bash scripts/with-keyring.sh npx tsx test/soak/run.ts --minutes 2 --seed 24
# Every scenario at 2,000 devices: it must complete; timings are not judged here.
start bench-smoke nice -n 5 bash scripts/with-keyring.sh npx tsx test/bench/run.ts --devices 2000 --runs 1 \
  --out test-results/bench-smoke.json
# The three specs without a keychain start beside the others: alone, they held the run 11 s for a few
# seconds of CPU. Their own output directory: Playwright empties its directory when it starts.
start no-keychain env PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright-no-keychain.json \
  bash scripts/without-keyring.sh npx playwright test --grep @no-keychain --output test-results/e2e-no-keychain \
  --reporter=list,json
run "end-to-end (Debian Chromium against the browser host and service/)" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json \
  bash scripts/with-keyring.sh npx playwright test --grep-invert @no-keychain --reporter=list,json
run "Electron end-to-end" node scripts/electron-e2e.mjs test-results/electron-e2e.json
finish no-keychain soak bench-smoke
run "unit and integration (Node, jsdom; real loopback HTTP, real Secret Service)" \
  bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
finish lint typecheck
# The suites' reports, in the order the closing summary reads them.
REPORTS=(test-results/vitest.json test-results/playwright.json test-results/playwright-no-keychain.json
  test-results/electron-e2e.json)
if [ ${#failed[@]} -gt 0 ]; then
  # The failed tests by name, last, where a log read from its end finds them (the suites' own output, with
  # the errors in full, is further up).
  node scripts/summarize-tests.mjs "${REPORTS[@]}" || true
fi
give_up_if_failed

echo "== the working tree is as it was"
tree_after=$(git status --porcelain 2>/dev/null || true)
if [ "$tree_before" != "$tree_after" ]; then
  echo "The test run changed files git sees (or they were edited meanwhile):"
  diff <(echo "$tree_before") <(echo "$tree_after") || true
  exit 1
fi
echo "== summary ($(($(date +%s) - run_started)) s)"
node scripts/summarize-tests.mjs "${REPORTS[@]}"
