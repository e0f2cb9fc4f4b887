#!/usr/bin/env bash
# Runs a command where no Secret Service can be reached, as on a server or in a container: the session bus
# address points at nothing, so even a developer's own keyring is out of reach. The counterpart of
# with-keyring.sh, for the specs that walk the sign-in without a keychain (tagged @no-keychain).
set -euo pipefail
export DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent/support-console-no-session-bus"
export SUPPORT_CONSOLE_SECRET_SERVICE=absent
exec "$@"
