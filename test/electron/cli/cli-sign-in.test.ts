// sign-in and sign-out in a terminal against the stand-in service: the PIN flow with the authorization
// address on stdout and the PIN typed on stdin, the tokens in the real Secret Service of
// scripts/with-keyring.sh, and once without a Secret Service (the keychain refused: nothing half-signed-in).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../service/support/service-harness.js';
import {
  ADMIN,
  CONSUMER,
  approveOnAuthorizePage,
  startTestService,
} from '../../service/support/service-harness.js';
import { runCli, spawnCli } from './run-cli.js';

let service: Harness;
const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-sign-in-'));
  dirs.push(dir);
  return dir;
};
const env = () => ({ SUPPORT_CONSOLE_CONSUMER_SECRET: CONSUMER.secret });

beforeAll(async () => {
  service = await startTestService({ devices: 12, seed: 3 });
}, 60_000);
afterAll(async () => {
  await service?.service.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs sign-in, approves the printed address as the technician would in a browser, types the PIN. */
async function signIn(dataDir: string, extraEnv: Record<string, string> = {}) {
  const run = spawnCli(
    ['--data-dir', dataDir, 'sign-in', '--service', service.service.baseUrl, '--consumer-key', CONSUMER.key],
    { env: { ...env(), DISPLAY: '', WAYLAND_DISPLAY: '', ...extraEnv }, keepStdin: true },
  );
  let out = '';
  run.child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + 60_000;
  while (!/^https?:\/\/\S+\n/.test(out)) {
    if (run.child.exitCode !== null || Date.now() > deadline) return run.done;
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = new URL(out.split('\n')[0]!);
  const pin = await approveOnAuthorizePage(
    service.service.baseUrl,
    url.searchParams.get('oauth_token') ?? '',
    ADMIN.email,
    ADMIN.password,
  );
  run.child.stdin!.end(`${pin}\n`);
  return run.done;
}

describe('support-console sign-in and sign-out', () => {
  it('signs in with the PIN flow in a terminal, then signs out and forgets the copy', async () => {
    expect(process.env.SUPPORT_CONSOLE_SECRET_SERVICE, 'run through scripts/with-keyring.sh').toBe(
      'available',
    );
    const dir = temp();
    const signedIn = await signIn(dir);
    expect(signedIn.code, signedIn.stderr).toBe(0);
    expect(signedIn.stderr).toMatch(/Open this address in a browser: sign in, approve, and type the PIN/);
    expect(signedIn.stdout).toMatch(new RegExp(`Signed in as ${ADMIN.email} at `));
    const status = await runCli(['--data-dir', dir, 'status', '--format', 'json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ signIn: 'signed-in', account: { user: ADMIN.email } });
    const list = await runCli(['--data-dir', dir, '--cached', 'devices', 'list', '--format', 'json']);
    expect(JSON.parse(list.stdout)).toHaveLength(12);

    const again = await runCli(
      ['--data-dir', dir, 'sign-in', '--service', service.service.baseUrl, '--consumer-key', CONSUMER.key],
      env(),
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/Already signed in as admin@example.com/);

    // Once without a Secret Service (no D-Bus session to find one on): the copy answers and says why; a
    // change is refused as signed out (3) and nothing is recorded.
    const noKeyring = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
    const read = await runCli(['--data-dir', dir, 'devices', 'list', '--format', 'json'], noKeyring);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stderr).toMatch(
      /^This account needs signing in again \(support-console sign-in\): answering from the copy of /,
    );
    const devices = JSON.parse(read.stdout) as Array<{ id: string }>;
    expect(devices).toHaveLength(12);
    const write = await runCli(['--data-dir', dir, 'devices', 'set-alias', devices[0]!.id, 'x'], noKeyring);
    expect(write.code).toBe(3);
    expect(write.stderr).toMatch(/needs signing in again .*; nothing was changed\./);

    const out = await runCli(['--data-dir', dir, 'sign-out']);
    expect(out.code, out.stderr).toBe(0);
    expect((await runCli(['--data-dir', dir, 'devices', 'list'])).code).toBe(3);
    expect((await runCli(['--data-dir', dir, 'sign-out'])).code).toBe(3);
  }, 180_000);

  it('refuses a missing service (2) and an empty PIN (2) without signing in', async () => {
    const dir = temp();
    const none = await runCli(['--data-dir', dir, 'sign-in'], {
      SUPPORT_CONSOLE_SERVICE_URL: '',
      SUPPORT_CONSOLE_CONSUMER_KEY: '',
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/Say which service: --service URL and --consumer-key KEY/);
    const empty = await runCli(
      ['--data-dir', dir, 'sign-in', '--service', service.service.baseUrl, '--consumer-key', CONSUMER.key],
      env(),
      '\n',
    );
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/No PIN given: not signed in\./);
    expect((await runCli(['--data-dir', dir, 'status'])).code).toBe(3);
  }, 120_000);
});
