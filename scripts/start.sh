#!/usr/bin/env bash
# `npm start`: installs dependencies on a fresh clone, builds what is missing or older than its sources,
# then runs the launcher (scripts/start-app.ts: demo service + the app in Electron or the browser host).
# Arguments are passed on: `npm start -- --browser`, `npm start -- --port 9000`.
set -euo pipefail
cd "$(dirname "$0")/.."
# Never download browsers or Electron from here: the launcher uses what is installed.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 ELECTRON_SKIP_BINARY_DOWNLOAD=1
if [ ! -d node_modules ]; then
  echo "Installing dependencies (npm ci)…"
  npm ci
fi
# stale OUTPUT DIR...: true when OUTPUT is missing or any source file under DIR is newer.
stale() {
  local out=$1
  shift
  [ ! -f "$out" ] || [ -n "$(find "$@" -newer "$out" -type f -print -quit 2>/dev/null)" ]
}
if stale dist/renderer/index.html renderer shared vite.config.ts; then
  echo "Building the renderer…"
  npx vite build --logLevel warn
fi
# tsc -p … --incremental leaves an output file alone when its text did not change, so main.js's time says
# nothing about when the main process was last built: a stamp touched after each successful build does.
MAIN_STAMP=dist/electron/.built
if [ ! -f dist/electron/electron/main.js ] || [ ! -f dist/host/browser-host.js ] ||
  stale "$MAIN_STAMP" electron shared tsconfig.base.json; then
  echo "Building the main process…"
  npx tsc -p electron/tsconfig.build.json
  node scripts/build-preload.mjs
  # The browser host's bundle (what runs below when Electron cannot): see scripts/build-host.mjs.
  node scripts/build-host.mjs
  touch "$MAIN_STAMP"
fi
# Node's flags for the browser host, which runs in this process when Electron does not (their reasons are in
# electron/browser-host/node-flags).
mapfile -t HOST_FLAGS < <(bash scripts/host-node-flags.sh)
exec node "${HOST_FLAGS[@]}" --import tsx scripts/start-app.ts "$@"
