// scripts/with-keyring.sh, the private Secret Service every keychain test runs against: when its daemon
// dies (gnome-keyring-daemon aborts now and then inside GLib under load), the next request starts it
// again unlocked, on the same keyring on disk, instead of D-Bus starting the system's daemon with the
// keyring locked (after which every keychain test failed: "Cannot create an item in a locked collection").
// Run in a session of its own, so that killing its daemon touches no other test's keychain.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

describe('with-keyring.sh', () => {
  it('starts a daemon that died again, unlocked, with what it stored', () => {
    const script = `
      set -eu
      daemon() {
        dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \\
          org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets | awk '/uint32/{print $2}'
      }
      printf before | secret-tool store --label=test app with-keyring-test key one
      first=$(daemon)
      kill -ABRT "$first"
      while kill -0 "$first" 2>/dev/null; do sleep 0.05; done
      echo "read:$(secret-tool lookup app with-keyring-test key one)"
      printf after | secret-tool store --label=test app with-keyring-test key two
      echo "stored:$(secret-tool lookup app with-keyring-test key two)"
      [ "$(daemon)" != "$first" ] && echo "another daemon"
    `;
    const run = spawnSync('bash', ['scripts/with-keyring.sh', 'bash', '-c', script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stdout, run.stderr).toContain('read:before');
    expect(run.stdout, run.stderr).toContain('stored:after');
    expect(run.stdout).toContain('another daemon');
    expect(run.status, run.stderr).toBe(0);
  });
});
