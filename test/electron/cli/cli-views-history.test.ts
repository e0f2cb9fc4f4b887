// Saved views, the status history and the outbox on the command line, against the stand-in service
// (spawned CLI, real loopback HTTP, the real Secret Service of scripts/with-keyring.sh). The view is saved
// by the console, as a technician makes it; the command line reads it through the app's own view model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enumValue, type Device } from '../../../shared/model.js';
import { dispatchInvoke } from '../../../shared/ipc/dispatch.js';
import { openAccount } from '../../../electron/cli/open-account.js';
import { cliAccount, type CliAccount } from './cli-account.js';
import { runCli } from './run-cli.js';

let account: CliAccount;
beforeAll(async () => {
  expect(process.env.SUPPORT_CONSOLE_SECRET_SERVICE, 'run through scripts/with-keyring.sh').toBe('available');
  account = await cliAccount(40);
}, 90_000);
afterAll(async () => account?.close());

const cli = (...args: string[]) => runCli(['--data-dir', account.dataDir, ...args]);

async function list(...args: string[]): Promise<Device[]> {
  const r = await cli('devices', 'list', ...args, '--format', 'json');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Device[];
}

describe('support-console views, history and outbox (spawned, real service, real keychain)', () => {
  it('lists, shows and exports a view saved in the console: its search, conditions, sort and columns', async () => {
    const all = await list();
    const word = all[0]!.name!.split(/\W+/).find((w) => w.length >= 3)!;
    const view = {
      id: 'v-offline',
      name: 'Offline desks',
      search: `name:${word}`,
      where: { kind: 'group', op: 'and', conditions: [{ kind: 'status', in: ['offline'] }] },
      sort: { key: 'name', direction: 'desc' },
      columns: [
        { key: 'id', width: 80 },
        { key: 'name', width: 200 },
      ],
    };
    const app = await account.startConsole();
    try {
      const saved = await dispatchInvoke(app.core.handlers, 'views:save', { views: [view] });
      expect(saved.ok).toBe(true);
    } finally {
      await app.close();
    }
    const views = await cli('views', 'list', '--format', 'json');
    expect(views.code, views.stderr).toBe(0);
    expect(JSON.parse(views.stdout)).toEqual([
      expect.objectContaining({ id: 'v-offline', name: 'Offline desks', conditions: expect.any(Array) }),
    ]);

    const shown = await list('--view', 'offline desks');
    const expected = (await list('--where', `name:${word}`)).filter(
      (d) => d.status !== null && enumValue(d.status) === 'offline',
    );
    expect(shown.map((d) => d.id).sort()).toEqual(expected.map((d) => d.id).sort());
    const names = shown.map((d) => (d.name ?? '').toLowerCase());
    expect(names).toEqual([...names].sort().reverse());

    const csv = await cli('views', 'export', 'v-offline');
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe('\uFEFFId,Name');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(shown.map((d) => d.id));

    const share = await cli('views', 'show', 'Offline desks');
    expect(JSON.parse(share.stdout)).toMatchObject({
      type: 'support-console/view',
      view: { name: 'Offline desks' },
    });
    const none = await cli('views', 'show', 'No such view');
    expect(none.code).toBe(8);
    expect(none.stderr).toMatch(/No saved view No such view; views are: Offline desks\./);
  }, 180_000);

  it('answers history offline --for from the history, and a device’s history as the app’s CSV', async () => {
    const all = await list('--refresh');
    const offline = await cli('history', 'offline', '--for', '0m', '--format', 'json');
    expect(offline.code, offline.stderr).toBe(0);
    const rows = JSON.parse(offline.stdout) as Array<{ id: string; offlineSince: string }>;
    expect(rows.map((r) => r.id).sort()).toEqual(
      all
        .filter((d) => d.status !== null && enumValue(d.status) === 'offline')
        .map((d) => d.id)
        .sort(),
    );
    const none = JSON.parse(
      (await cli('history', 'offline', '--for', '30d', '--format', 'json')).stdout,
    ) as unknown[];
    expect(none).toEqual([]);
    expect((await cli('history', 'offline', '--for', 'two days')).code).toBe(2);

    const device = all[0]!;
    const csv = await cli('history', 'device', device.id, '--days', '2');
    expect(csv.code, csv.stderr).toBe(0);
    // The app's history CSV, headed in the console's language (English here); a second time column only
    // when this computer's clock is not UTC.
    expect(csv.stdout).toMatch(
      /^\uFEFF"Time \(UTC, ISO 8601\)",(?:"?Time \([^)]*\)"?,)?Device ID,Device,From,To\r?\n/,
    );
    expect(csv.stdout).toContain(`,${device.id},`);
    expect((await cli('history', 'device', device.id, '--days', '400')).code).toBe(2);
    expect((await cli('history', 'device', 'no-such-device')).code).toBe(8);
  }, 120_000);

  it('opens the history only for a command that reads it: a view reading it answers as the history does', async () => {
    const [device] = await list('--refresh'); // polled: the history holds every device's row
    // A command's core starts without reading the history (its checkpoint and log): a read from a fresh
    // copy never needs it. Its first user opens it.
    const opened = await openAccount({
      dataDir: account.dataDir,
      appVersion: '0.0.0',
      refreshTimeoutMs: 5_000,
    });
    try {
      expect(opened.core.sinceOf(device!.id)).toBeUndefined();
      await opened.core.historyReady();
      expect(opened.core.sinceOf(device!.id)).toBeDefined();
    } finally {
      await opened.close();
    }

    // A view whose condition reads the history opens it, and answers as the history does.
    const app = await account.startConsole();
    try {
      const view = {
        id: 'v-long',
        name: 'Offline a while',
        search: '',
        sort: { key: 'name', direction: 'asc' },
        columns: [{ key: 'id', width: 80 }],
        where: {
          kind: 'group',
          op: 'and',
          conditions: [{ kind: 'statusLongerThan', status: 'offline', minutes: 1 }],
        },
      };
      expect((await dispatchInvoke(app.core.handlers, 'views:save', { views: [view] })).ok).toBe(true);
    } finally {
      await app.close();
    }
    const byView = await list('--view', 'Offline a while', '--cached');
    const byHistory = JSON.parse(
      (await cli('history', 'offline', '--for', '1m', '--format', 'json', '--cached')).stdout,
    ) as Array<{ id: string }>;
    expect(byHistory.length).toBeGreaterThan(0);
    expect(byView.map((d) => d.id).sort()).toEqual(byHistory.map((r) => r.id).sort());
  }, 120_000);

  it('lists an empty outbox, retries nothing, and refuses to cancel an entry that is not waiting (8)', async () => {
    const state = await cli('outbox', 'list', '--format', 'json');
    expect(state.code, state.stderr).toBe(0);
    expect(JSON.parse(state.stdout)).toMatchObject({ pending: 0, items: [], conflicts: [] });
    const retry = await cli('outbox', 'retry', '--format', 'json');
    expect(retry.code, retry.stderr).toBe(0);
    expect(JSON.parse(retry.stdout)).toEqual({ requeued: 0 });
    const cancel = await cli('outbox', 'cancel', 'no-such-entry');
    expect(cancel.code).toBe(8);
  }, 120_000);
});
