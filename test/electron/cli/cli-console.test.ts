// The command line while the console runs (issue 27): the console (the browser host, against the stand-in
// service over loopback HTTP) holds the account lock, and a spawned `support-console` sends its command
// over the command socket; the console runs it through its own core and outbox. Also: the socket's key
// (a wrong one runs nothing), its permissions, and a console started while a command holds the lock.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from '../../../electron/browser-host/main.js';
import { lockHolder } from '../../../electron/core/account-lock.js';
import { commandEndpoint } from '../../../electron/command-socket/endpoint.js';
import { frame, PROTOCOL_VERSION } from '../../../electron/command-socket/protocol.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import type { Device } from '../../../shared/model.js';
import { cliAccount, type CliAccount } from './cli-account.js';
import { runCli, spawnCli } from './run-cli.js';

let account: CliAccount;
let app: BrowserApp | null = null;
beforeAll(async () => {
  expect(process.env.SUPPORT_CONSOLE_SECRET_SERVICE, 'run through scripts/with-keyring.sh').toBe('available');
  account = await cliAccount(40);
  app = await account.startConsole();
}, 90_000);
afterAll(async () => {
  await app?.close();
  await account?.close();
});

const cli = (...args: string[]) => runCli(['--data-dir', account.dataDir, ...args]);
const serviceAlias = (id: string) => account.service.service.store.getDevice(id).alias;
const consoleDevices = async () => (await app!.core.snapshot()).data.devices;

describe('support-console while the console runs (command socket)', () => {
  it('reads are answered by the running console, with what the console holds', async () => {
    expect(lockHolder(account.dataDir)).toMatchObject({ kind: 'console', pid: process.pid });
    const list = await cli('devices', 'list', '--format', 'json');
    expect(list.code, list.stderr).toBe(0);
    const listed = JSON.parse(list.stdout) as Device[];
    const held = await consoleDevices();
    expect(listed.map((d) => d.id).sort()).toEqual(held.map((d) => d.id).sort());
    expect(listed.length).toBe(40);

    const table = await cli('devices', 'list', '--where', 'os:linux', '--columns', 'id,name');
    expect(table.code, table.stderr).toBe(0);
    // Piped: tab-separated, the header in the app's words.
    expect(table.stdout.split('\n')[0]).toBe('Id\tName');

    const status = await cli('status', '--format', 'json');
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ signIn: 'signed-in', connection: 'online' });
    // Still the console's: the command never took the lock.
    expect(lockHolder(account.dataDir)).toMatchObject({ kind: 'console', pid: process.pid });
  }, 60_000);

  it('a change goes through the console’s outbox and lands once, beside the console’s own and another command’s', async () => {
    const [a, b, c] = await consoleDevices();
    const puts = await account.countRequests({ method: 'PUT', pathPrefix: '/' }, 300);
    const [first, second, own] = await Promise.all([
      cli('devices', 'set-alias', a!.id, 'Desk A (via console)'),
      cli('devices', 'set-alias', b!.id, 'Desk B (via console)'),
      dispatchInvoke(app!.core.handlers, 'devices:set-alias', { id: c!.id, alias: 'Desk C (console)' }),
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(own.ok).toBe(true);
    // The commands waited for the service's answer; the console's own write is in its outbox.
    await expect.poll(() => serviceAlias(c!.id), { timeout: 10_000 }).toBe('Desk C (console)');
    expect(serviceAlias(a!.id)).toBe('Desk A (via console)');
    expect(serviceAlias(b!.id)).toBe('Desk B (via console)');
    expect(await puts()).toBe(3);
    expect((await consoleDevices()).find((d) => d.id === a!.id)!.alias).toBe('Desk A (via console)');
    const outbox = await dispatchInvoke(app!.core.handlers, 'outbox:state', {});
    expect(outbox).toMatchObject({ ok: true, value: { pending: 0 } });
  }, 60_000);

  it('keeps the exit codes of the README: 8 not found, 2 usage, 5 refused, 7 for sign-in', async () => {
    const missing = await cli('devices', 'show', 'no-such-device');
    expect(missing.code).toBe(8);
    expect(missing.stderr).toBe('support-console: No device with id no-such-device.\n');
    const usage = await cli('devices', 'list', '--sort', 'nonsense');
    expect(usage.code).toBe(2);
    const tree = JSON.parse((await cli('folders', 'tree', '--format', 'json')).stdout) as Array<{
      name: string;
    }>;
    const duplicate = await cli('folders', 'create', tree[0]!.name);
    expect(duplicate.code, duplicate.stderr).toBe(5);
    const signIn = await cli('sign-in');
    expect(signIn.code).toBe(7);
    expect(signIn.stderr).toMatch(/The console is running: sign in there/);
  }, 60_000);

  it('a command line with a wrong key is refused and nothing runs', async () => {
    const device = (await consoleDevices())[3]!;
    const before = serviceAlias(device.id);
    const endpoint = commandEndpoint(account.dataDir);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(endpoint.address, () => {
        socket.write(
          frame({
            type: 'run',
            v: PROTOCOL_VERSION,
            token: '0'.repeat(64),
            argv: ['devices', 'set-alias', device.id, 'Should not land'],
            cwd: '/',
            columns: null,
            stderrIsTTY: false,
            stdinIsTTY: false,
            locales: [],
          }),
        );
      });
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toBe('{"type":"refused","reason":"token"}\n');

    // The spawned command line with a key that is not the console's (the file rewritten under it).
    const real = readFileSync(endpoint.tokenFile, 'utf8');
    writeFileSync(endpoint.tokenFile, 'f'.repeat(64));
    try {
      const refused = await cli('devices', 'set-alias', device.id, 'Should not land either');
      expect(refused.code).toBe(7);
      expect(refused.stderr).toMatch(/refused this command’s key/);
    } finally {
      writeFileSync(endpoint.tokenFile, real);
    }
    expect(serviceAlias(device.id)).toBe(before);
  }, 60_000);

  it('does not use a token file others can read', async () => {
    const endpoint = commandEndpoint(account.dataDir);
    chmodSync(endpoint.tokenFile, 0o644);
    try {
      const refused = await cli('devices', 'list');
      expect(refused.code).toBe(7);
      expect(refused.stderr).toMatch(/token is open to other users/);
    } finally {
      chmodSync(endpoint.tokenFile, 0o600);
    }
    expect((await cli('devices', 'list')).code).toBe(0);
  }, 60_000);

  it('speaks the chosen language: the terminal’s for a usage error, the console’s Settings once the account is open', async () => {
    const german = { LANG: 'de_DE.UTF-8', LC_ALL: '', LC_MESSAGES: '' };
    const usage = await runCli(['--data-dir', account.dataDir, '--timeout', 'bald', 'status'], german);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe('support-console: --timeout muss eine Anzahl Sekunden sein, nicht bald.\n');

    const setLanguage = (language: string) =>
      dispatchInvoke(app!.core.handlers, 'settings:update', { language });
    expect((await setLanguage('ge')).ok).toBe(true);
    try {
      // No LANG at all: the console's choice decides.
      const missing = await runCli(['--data-dir', account.dataDir, 'devices', 'show', 'gibt-es-nicht'], {
        LANG: 'C',
      });
      expect(missing.code).toBe(8);
      expect(missing.stderr).toBe('support-console: Kein Gerät mit der ID gibt-es-nicht.\n');
      const table = await cli('devices', 'list', '--columns', 'id,os');
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout.split('\n')[0]).toBe('ID\tBS');
      // The rest of what a command prints, too: status, a move's preview, list headings and roles.
      const status = await cli('status');
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toMatch(/^Anmeldung\tangemeldet$/m);
      expect(status.stdout).toMatch(/^Postausgang\t0 Änderungen warten$/m);
      const tree = JSON.parse((await cli('folders', 'tree', '--format', 'json')).stdout) as Array<{
        id: string;
        name: string;
      }>;
      const preview = await cli('devices', 'move', '--where', 'os:linux', '--to', tree[0]!.id, '--dry-run');
      expect(preview.code, preview.stderr).toBe(0);
      const [count, rest] = preview.stdout.split(/ (?=Geräte? nach )/);
      expect(count).toMatch(/^\d+$/);
      expect(rest).toMatch(/^Geräte? nach /);
      expect(rest).toContain(` nach ${tree[0]!.name} (${tree[0]!.id}) verschieben.\n`);
      const users = await cli('users', 'list');
      expect(users.stdout.split('\n')[0]).toBe('ID\tNAME\tE-MAIL\tROLLE\tLETZTE ANMELDUNG');
      expect(users.stdout).toMatch(/\tAdministrator\t/);
    } finally {
      await setLanguage('account');
    }
    const english = await cli('devices', 'show', 'gibt-es-nicht');
    expect(english.stderr).toBe('support-console: No device with id gibt-es-nicht.\n');
  }, 60_000);

  it('a console started while a command holds the lock waits for it, then opens', async () => {
    await app!.close();
    app = null;
    // Every request of the command takes 1.5 s: long enough for the console to start meanwhile.
    const gets = await account.countRequests({ method: 'GET', pathPrefix: '/' }, 1_500);
    const { done } = spawnCli(['--data-dir', account.dataDir, '--refresh', 'devices', 'list']);
    await expect.poll(() => lockHolder(account.dataDir)?.kind, { timeout: 20_000 }).toBe('cli');
    let commandEnded = 0;
    const command = done.then((run) => ((commandEnded = Date.now()), run));
    const started = account.startConsole();
    const run = await command;
    expect(run.code, run.stderr).toBe(0);
    app = await started;
    const opened = Date.now();
    expect(commandEnded).toBeGreaterThan(0);
    expect(opened).toBeGreaterThanOrEqual(commandEnded);
    expect(lockHolder(account.dataDir)).toMatchObject({ kind: 'console', pid: process.pid });
    expect(await gets()).toBeGreaterThan(0);
    await account.countRequests({ method: 'GET', pathPrefix: '/nothing' });
  }, 90_000);
});
