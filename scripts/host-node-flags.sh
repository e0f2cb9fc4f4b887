#!/usr/bin/env bash
# Prints Node's flags for the browser host's process, one a line (electron/browser-host/node-flags, its
# comments and blank lines left out): scripts/start.sh starts the host with them, and so does the bench.
set -euo pipefail
cd "$(dirname "$0")/.."
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' electron/browser-host/node-flags
