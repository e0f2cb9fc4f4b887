#!/usr/bin/env bash
# `npm run screenshots`: builds, then retakes every picture in docs/screenshots (the README's and the
# per-language ones). A picture no spec wrote in this run is stale (its screen was renamed or dropped):
# the run names it and fails rather than leave an old screen beside the new ones.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run --silent build
stamp=$(mktemp)
trap 'rm -f "$stamp"' EXIT
# The README's pictures come from the full browser, as a user's window would (the suite uses the headless shell).
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}" SUPPORT_CONSOLE_SCREENSHOTS=docs bash scripts/with-keyring.sh npx playwright test \
  test/e2e/screenshots.spec.ts test/e2e/status-history.spec.ts test/e2e/languages.spec.ts \
  test/e2e/reflow.spec.ts
stale=$(find docs/screenshots -name '*.png' ! -newer "$stamp" | sort)
if [ -n "$stale" ]; then
  echo "Not retaken by any screenshot spec (remove them or add them to a spec):" >&2
  echo "$stale" >&2
  exit 1
fi
echo "docs/screenshots: $(find docs/screenshots -name '*.png' | wc -l) pictures retaken."
