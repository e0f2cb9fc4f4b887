#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with its own unlocked gnome-keyring (a real Secret
# Service), and a private HOME so the developer's own keyring is never touched.
#
# A daemon that dies is started again, unlocked: gnome-keyring-daemon 42 aborts now and then inside GLib
# under the test suites' load (the kernel logged "trap int3 … in libglib" twice in a day here), and
# D-Bus then started the system's own daemon on the next request, with the keyring locked and no one to
# type its password, so every keychain test after it failed. Here the session's service file for the
# Secret Service comes first and starts the daemon unlocked, from the same keyring on disk, whenever a
# request finds none.
set -euo pipefail
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_RUNTIME_DIR="$home/run"
mkdir -p "$XDG_RUNTIME_DIR" "$XDG_DATA_HOME/dbus-1/services" && chmod 700 "$XDG_RUNTIME_DIR"
start="$home/start-keyring"
cat >"$start" <<'SCRIPT'
#!/bin/sh
echo -n "test-keyring-password" | exec gnome-keyring-daemon --foreground --unlock --components=secrets
SCRIPT
chmod +x "$start"
printf '[D-BUS Service]\nName=org.freedesktop.secrets\nExec=%s\n' "$start" \
  >"$XDG_DATA_HOME/dbus-1/services/org.freedesktop.secrets.service"
# Started by D-Bus on the first request, the only way it is ever started: a daemon started here as well
# raced that one for the bus name, and a secret stored in the race could be lost with the loser.
export SUPPORT_CONSOLE_SECRET_SERVICE=available
dbus-run-session -- "$@"
