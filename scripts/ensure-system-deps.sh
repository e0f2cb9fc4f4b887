#!/usr/bin/env bash
# Installs the Debian packages the tests need, when they are missing. As root it installs them itself
# (a fresh machine or CI); as another user it says exactly what to install and fails, rather than letting a
# suite skip silently.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# The end-to-end suite's browser: Debian's headless shell, the same Chromium (Blink, V8) without the
# desktop browser around it, which costs a third less CPU per test. The bench keeps the full browser.
command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb xauth)
command -v gnome-keyring-daemon >/dev/null 2>&1 || need+=(gnome-keyring)
command -v dbus-run-session >/dev/null 2>&1 || need+=(dbus)
command -v dbus-launch >/dev/null 2>&1 || need+=(dbus-x11)
command -v secret-tool >/dev/null 2>&1 || need+=(libsecret-tools)
# An OAuth implementation that shares no code with ours, for the provider's interoperability test.
/usr/bin/python3 -c 'import oauthlib' >/dev/null 2>&1 || need+=(python3 python3-oauthlib)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "Installing system packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" fonts-dejavu-core >/dev/null
else
  echo "Missing system packages: ${need[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
