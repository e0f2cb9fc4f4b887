// The command line in a console of two accounts (issue 28's --account) against two stand-in services on
// two ports, with different consumers and data, and the real Secret Service of scripts/with-keyring.sh:
// the console (the browser host) signs in to the first, adds "Customer B" and signs in to the second, and
// closes; the command line, spawned as a separate process, works on either.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from '../../../electron/browser-host/main.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import type { InvokeChannel } from '../../../shared/ipc/contract.js';
import type { Harness } from '../../service/support/service-harness.js';
import {
  ADMIN,
  CONSUMER,
  approveOnAuthorizePage,
  startTestService,
} from '../../service/support/service-harness.js';
import { runCli, spawnCli } from './run-cli.js';
import { CONSUMER_B, pinSignIn } from '../support/pin-sign-in.js';

let svcA: Harness;
let svcB: Harness;
const dirs: string[] = [];
let dataDir: string;
let rendererDir: string;

function temp(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-accounts-'));
  dirs.push(dir);
  return dir;
}

function startConsole(): Promise<BrowserApp> {
  return startBrowserApp({
    rendererDir,
    dataDir,
    appVersion: 'test',
    defaults: { baseUrl: svcA.service.baseUrl, consumerKey: CONSUMER.key, consumerSecret: CONSUMER.secret },
    logger: silentLogger,
  });
}

/** The console's PIN sign-in to `svc`, then a first sync (the CLI reads the copy it leaves). */
async function signIn(
  app: BrowserApp,
  svc: Harness,
  consumer: { key: string; secret: string },
): Promise<void> {
  const done = await pinSignIn(app.core.handlers, svc, consumer);
  if (!done.ok) throw new Error(`auth:complete: ${done.error.message}`);
  const synced = await dispatchInvoke(app.core.handlers, 'sync:refresh', {});
  if (!synced.ok) throw new Error(`sync:refresh: ${synced.error.message}`);
}

const ids = (svc: Harness) =>
  svc.service.store
    .listDevices()
    .map((d) => d.id)
    .sort();
const hostA = () => new URL(svcA.service.baseUrl).host;
const cli = (...args: string[]) => runCli(['--data-dir', dataDir, ...args]);

beforeAll(async () => {
  svcA = await startTestService({ devices: 30, seed: 3 });
  svcB = await startTestService({
    devices: 45,
    seed: 11,
    consumerKey: CONSUMER_B.key,
    consumerSecret: CONSUMER_B.secret,
  });
  rendererDir = temp();
  dataDir = temp();
  const app = await startConsole();
  try {
    const invoke = async (channel: InvokeChannel, payload: unknown) => {
      const r = await dispatchInvoke(app.core.handlers, channel, payload);
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
      return r.value;
    };
    await signIn(app, svcA, CONSUMER);
    // Adding switches to the new account: "Customer B" is the one shown when the console closes.
    await invoke('accounts:add', { name: 'Customer B' });
    await signIn(app, svcB, CONSUMER_B);
  } finally {
    await app.close();
  }
}, 120_000);

afterAll(async () => {
  await svcA?.service.close();
  await svcB?.service.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('support-console --account', () => {
  it('accounts list names both accounts, their services, their sign-in and the one shown', async () => {
    const run = await cli('accounts', 'list', '--format', 'json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const listed = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(listed.map(({ name, service, signedIn, shown }) => ({ name, service, signedIn, shown }))).toEqual([
      { name: hostA(), service: svcA.service.baseUrl, signedIn: true, shown: false },
      { name: 'Customer B', service: svcB.service.baseUrl, signedIn: true, shown: true },
    ]);
    const table = await cli('accounts', 'list');
    expect(table.stdout.split('\n')[2]).toBe(`*\tCustomer B\t${svcB.service.baseUrl}\tsigned in`);
  }, 60_000);

  it('works on the account shown last without --account, and on the named one (any case) with it', async () => {
    const list = async (...account: string[]) => {
      const run = await cli(...account, '--cached', 'devices', 'list', '--format', 'json');
      expect(run.code, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as Array<{ id: string }>).map((d) => d.id).sort();
    };
    expect(await list()).toEqual(ids(svcB));
    expect(await list('--account', 'customer b')).toEqual(ids(svcB));
    expect(await list('--account', hostA().toUpperCase())).toEqual(ids(svcA));
    // And a write goes to the named account's service, not the one shown.
    const device = ids(svcA)[0]!;
    const alias = await cli('--account', hostA(), 'devices', 'set-alias', device, 'Front desk (A)');
    expect(alias.code, alias.stderr).toBe(0);
    expect(svcA.service.store.listDevices().find((d) => d.id === device)?.alias).toBe('Front desk (A)');
  }, 120_000);

  it('an unknown account is a usage error that lists the accounts there are', async () => {
    const run = await cli('--account', 'Customer C', 'status');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `support-console: No account named "Customer C" in this console; its accounts are "${hostA()}", "Customer B".\n`,
    );
  }, 60_000);

  // Customer B's files are in console-accounts/<id>, not beside the lock of the console's data directory.
  it('the running console holds every account, also one in its own directory: it answers for each', async () => {
    const app = await startConsole();
    let during: string;
    try {
      const run = await cli('--account', 'Customer B', '--cached', 'devices', 'list', '--format', 'json');
      expect(run.code, run.stderr).toBe(0);
      during = run.stdout;
    } finally {
      await app.close();
    }
    const after = await cli('--account', 'Customer B', '--cached', 'devices', 'list', '--format', 'json');
    expect(after.code, after.stderr).toBe(0);
    expect(during).toBe(after.stdout);
  }, 120_000);

  // Last: it signs Customer B out. The same user of the same service in two accounts would share one
  // keychain entry, and removing either would delete the other's credentials.
  it('sign-in refuses, in a second account, the user another account already holds (exit 5)', async () => {
    expect((await cli('--account', 'Customer B', 'sign-out')).code).toBe(0);
    const run = spawnCli(
      [
        '--data-dir',
        dataDir,
        '--account',
        'Customer B',
        'sign-in',
        '--service',
        svcA.service.baseUrl,
        '--consumer-key',
        CONSUMER.key,
      ],
      {
        env: { SUPPORT_CONSOLE_CONSUMER_SECRET: CONSUMER.secret, DISPLAY: '', WAYLAND_DISPLAY: '' },
        keepStdin: true,
      },
    );
    let out = '';
    run.child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const deadline = Date.now() + 60_000;
    while (!/^https?:\/\/\S+\n/.test(out) && run.child.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const token = new URL(out.split('\n')[0]!).searchParams.get('oauth_token') ?? '';
    const pin = await approveOnAuthorizePage(svcA.service.baseUrl, token, ADMIN.email, ADMIN.password);
    run.child.stdin!.end(`${pin}\n`);
    const refused = await run.done;
    expect(refused.code).toBe(5);
    // After the prompt's own line: the one sentence of the refusal.
    expect(refused.stderr.split('\n').slice(-2).join('\n')).toBe(
      `support-console: This user of this service is already in this console as the account “${hostA()}”: switch to it instead.\n`,
    );
    const listed = JSON.parse((await cli('accounts', 'list', '--format', 'json')).stdout) as Array<{
      signedIn: boolean;
    }>;
    expect(listed.map((a) => a.signedIn)).toEqual([true, false]);
    // The first account's keychain entry is its own still: a change there is signed in and sent.
    const write = await cli('--account', hostA(), 'devices', 'set-alias', ids(svcA)[1]!, 'Still mine');
    expect(write.code, write.stderr).toBe(0);
  }, 120_000);
});
