// The command line against the stand-in service on loopback, with the real Secret Service of
// scripts/with-keyring.sh (SUPPORT_CONSOLE_SECRET_SERVICE=available): the console (the browser host) signs
// in with the PIN flow and closes; the command line, spawned as a separate process, opens the same data
// directory and keychain entry. Without the Secret Service this suite fails rather than skips.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from '../../../electron/browser-host/main.js';
import { LOCK_FILE } from '../../../electron/core/account-lock.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { enumValue, type Device } from '../../../shared/model.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import type { Harness } from '../../service/support/service-harness.js';
import {
  ADMIN,
  CONSUMER,
  approveOnAuthorizePage,
  startTestService,
} from '../../service/support/service-harness.js';
import { runCli } from './run-cli.js';

const available = process.env.SUPPORT_CONSOLE_SECRET_SERVICE === 'available';
let service: Harness;
const dirs: string[] = [];
let dataDir: string;
let rendererDir: string;

function temp(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
  dirs.push(dir);
  return dir;
}

function startConsole(dir: string): Promise<BrowserApp> {
  return startBrowserApp({
    rendererDir,
    dataDir: dir,
    appVersion: 'test',
    defaults: {
      baseUrl: service.service.baseUrl,
      consumerKey: CONSUMER.key,
      consumerSecret: CONSUMER.secret,
    },
    logger: silentLogger,
  });
}

/** The PIN flow in the console, as a technician signs in once; then the console is closed. */
async function signInWithConsole(dir: string): Promise<void> {
  const app = await startConsole(dir);
  try {
    const invoke = async (channel: 'auth:begin' | 'auth:complete' | 'sync:refresh', payload: unknown) => {
      const r = await dispatchInvoke(app.core.handlers, channel, payload);
      if (!r.ok) throw new Error(r.error.message);
      return r.value as { authorizeUrl: string };
    };
    const begin = await invoke('auth:begin', {
      baseUrl: service.service.baseUrl,
      consumerKey: CONSUMER.key,
      consumerSecret: '',
    });
    const token = new URL(begin.authorizeUrl).searchParams.get('oauth_token') ?? '';
    const pin = await approveOnAuthorizePage(service.service.baseUrl, token, ADMIN.email, ADMIN.password);
    await invoke('auth:complete', { pin });
    await invoke('sync:refresh', {});
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  expect(available, 'run through scripts/with-keyring.sh').toBe(true);
  service = await startTestService({ devices: 40, seed: 7 });
  rendererDir = temp();
  dataDir = temp();
  await signInWithConsole(dataDir);
}, 60_000);

afterAll(async () => {
  await service?.service.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const osText = (d: Device) => (d.os === null ? '' : enumValue(d.os));
const cli = (...args: string[]) => runCli(['--data-dir', dataDir, ...args]);

describe('support-console (spawned, real service, real keychain)', () => {
  it('prints its version and, for every command, help that lists the exit codes', async () => {
    const version = await runCli(['--version']);
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' });
    for (const args of [['--help'], ['devices', 'list', '--help'], ['status', '--help']]) {
      const help = await runCli(args);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/Usage: support-console/);
      expect(help.stdout).toMatch(/Exit codes:[\s\S]*7 {2}the account is busy/);
    }
  }, 60_000);

  it('refuses a wrong command line with exit code 2 and one sentence on stderr', async () => {
    const bad = await cli('devices', 'list', '--format', 'xml');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--format must be one of table, csv, json, not xml\./);
    const column = await cli('devices', 'list', '--columns', 'name,colour');
    expect(column.code).toBe(2);
    expect(column.stderr).toMatch(/Unknown column colour/);
  }, 60_000);

  it('lists devices as JSON and CSV filtered with the search syntax, the same rows both ways', async () => {
    const all = await cli('devices', 'list', '--format', 'json');
    expect(all.code, all.stderr).toBe(0);
    const devices = JSON.parse(all.stdout) as Device[];
    expect(devices).toHaveLength(40);
    // A word of the first device's OS: every device whose OS has it, and only those.
    const word = osText(devices[0]!)
      .split(/\W+/)
      .find((w) => /^[a-z]{3,}$/i.test(w))!;
    const json = await cli(
      'devices',
      'list',
      '--where',
      `os:${word}`,
      '--sort',
      'name:desc',
      '--format',
      'json',
    );
    expect(json.code, json.stderr).toBe(0);
    const matching = JSON.parse(json.stdout) as Device[];
    const expected = devices.filter((d) => osText(d).toLowerCase().split(/\W+/).includes(word.toLowerCase()));
    expect(matching.map((d) => d.id).sort()).toEqual(expected.map((d) => d.id).sort());
    expect(matching.length).toBeLessThan(40);
    const names = matching.map((d) => (d.name ?? '').toLowerCase());
    expect(names).toEqual([...names].sort().reverse());

    const csv = await cli(
      'devices',
      'list',
      '--where',
      `os:${word}`,
      '--columns',
      'id,name',
      '--format',
      'csv',
    );
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFId,Name');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(expected.map((d) => d.id).sort());
  }, 60_000);

  it('shows one device, and exits 8 for an id that is not there', async () => {
    const list = JSON.parse((await cli('devices', 'list', '--format', 'json')).stdout) as Device[];
    const one = await cli('devices', 'show', list[3]!.id, '--format', 'json');
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual(list[3]);
    const none = await cli('devices', 'show', 'no-such-device');
    expect(none.code).toBe(8);
    expect(none.stderr).toMatch(/No device with id no-such-device\./);
  }, 60_000);

  it('reports the account, the connection and the outbox in status', async () => {
    const status = await cli('status', '--format', 'json');
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      account: { service: service.service.baseUrl, user: ADMIN.email },
      signIn: 'signed-in',
      connection: 'online',
      outboxPending: 0,
    });
  }, 60_000);

  it('answers signed out with exit code 3 in a data directory no one signed in to', async () => {
    const empty = await runCli(['--data-dir', temp(), 'devices', 'list']);
    expect(empty.code).toBe(3);
    expect(empty.stderr).toMatch(/Not signed in/);
  }, 60_000);

  it('is answered by the console while it holds the account, and opens the account itself once it closed', async () => {
    const app = await startConsole(dataDir);
    try {
      const answered = await cli('devices', 'list', '--format', 'json');
      expect(answered.code, answered.stderr).toBe(0);
      expect((JSON.parse(answered.stdout) as Device[]).length).toBe(
        (await app.core.snapshot()).data.devices.length,
      );
    } finally {
      await app.close();
    }
    expect((await cli('folders', 'tree')).code).toBe(0);
  }, 60_000);

  it('refuses with exit code 7 when the console holding the account does not answer on its socket', async () => {
    // A console's lock (this test process: alive) with no command socket behind it.
    const lock = path.join(dataDir, LOCK_FILE);
    writeFileSync(lock, JSON.stringify({ pid: process.pid, kind: 'console', since: Date.now() }));
    try {
      const refused = await cli('devices', 'list', '--format', 'json');
      expect(refused.code).toBe(7);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        /The console is running \(pid \d+\) and holds this account’s files, and it does not answer on its command socket/,
      );
    } finally {
      rmSync(lock, { force: true });
    }
  }, 60_000);

  it('sets an alias and creates a folder through the outbox; refuses a duplicate name (5) and an unknown id (8)', async () => {
    const list = JSON.parse((await cli('devices', 'list', '--format', 'json')).stdout) as Device[];
    const target = list[5]!;
    const alias = await cli('devices', 'set-alias', target.id, 'Front desk (CLI)');
    expect(alias.code, alias.stderr).toBe(0);
    const shown = JSON.parse((await cli('devices', 'show', target.id, '--format', 'json')).stdout) as Device;
    expect(shown.alias).toBe('Front desk (CLI)');

    const tree = JSON.parse((await cli('folders', 'tree', '--format', 'json')).stdout) as Array<{
      id: string;
    }>;
    const parent = tree[0]!.id;
    const created = await cli(
      'folders',
      'create',
      'Made by a script',
      '--parent',
      parent,
      '--format',
      'json',
    );
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    expect(id).toMatch(/\S/);
    type Node = { id: string; name: string; parentId: string | null; folders: Node[] };
    const after = JSON.parse((await cli('folders', 'tree', '--format', 'json')).stdout) as Node[];
    expect(after.find((f) => f.id === parent)!.folders).toContainEqual(
      expect.objectContaining({ id, name: 'Made by a script', parentId: parent }),
    );

    const again = await cli('folders', 'create', 'Made by a script', '--parent', parent);
    expect(again.code).toBe(5);
    expect(again.stderr).toMatch(/^support-console: .+\n$/);
    const unknown = await cli('devices', 'set-alias', 'no-such-device', 'x');
    expect(unknown.code).toBe(8);
  }, 120_000);

  it('offline, answers reads from the copy and says on stderr how old it is', async () => {
    const online = JSON.parse((await cli('devices', 'list', '--format', 'json')).stdout) as Device[];
    await service.service.close();
    // The copy is younger than the console's devices poll interval: answered as the console would show it,
    // without asking the service (so nothing to warn about).
    const fresh = await cli('--timeout', '10', 'devices', 'list', '--format', 'json');
    expect(fresh).toMatchObject({ code: 0, stderr: '' });
    expect((JSON.parse(fresh.stdout) as Device[]).map((d) => d.id)).toEqual(online.map((d) => d.id));
    const cached = await cli('--cached', 'devices', 'list', '--format', 'json');
    expect(cached.code, cached.stderr).toBe(0);
    expect(cached.stderr).toMatch(
      /^Answering from the copy of \d{4}-\d\d-\d\dT[\d:.]+Z \(\d+ (seconds?|minutes?) old\)\.\n$/,
    );
    const offline = await cli('--timeout', '10', '--refresh', 'devices', 'list', '--format', 'json');
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stderr).toMatch(
      /^Offline: answering from the copy of \d{4}-\d\d-\d\dT[\d:.]+Z \(\d+ (seconds?|minutes?) old\)\.\n$/,
    );
    expect((JSON.parse(offline.stdout) as Device[]).map((d) => d.id)).toEqual(online.map((d) => d.id));

    // A change offline is refused with 4 and nothing is recorded to be sent later.
    const write = await cli('--timeout', '10', 'devices', 'set-alias', online[0]!.id, 'while away');
    expect(write.code).toBe(4);
    expect(write.stderr).toMatch(/Offline: the service cannot be reached; nothing was changed\./);
    const status = JSON.parse((await cli('--timeout', '10', 'status', '--format', 'json')).stdout) as {
      connection: string;
      outboxPending: number;
    };
    expect(status).toMatchObject({ connection: 'offline', outboxPending: 0 });
  }, 60_000);
});
