#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with its own unlocked gnome-keyring (a real Secret
# Service), and a private HOME so the developer's own keyring is never touched.
set -euo pipefail
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_RUNTIME_DIR="$home/run"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
exec dbus-run-session -- bash -c '
  echo -n "test-keyring-password" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  export SUPPORT_CONSOLE_SECRET_SERVICE=available
  exec "$@"' bash "$@"
