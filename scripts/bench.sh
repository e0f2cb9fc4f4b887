#!/usr/bin/env bash
# `npm run bench [-- options]`: the options are read first (--help answers at once, a wrong option is refused
# in a sentence), then the app is built and the bench runs inside a keychain session (it signs in).
set -euo pipefail
cd "$(dirname "$0")/.."
for arg in "$@"; do
  case "$arg" in -h | --help) exec npx tsx test/bench/options.ts --help ;; esac
done
npx tsx test/bench/options.ts "$@"
npm run build
exec bash scripts/with-keyring.sh npx tsx test/bench/run.ts "$@"
