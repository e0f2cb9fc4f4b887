// The command line's changes against the stand-in service (spawned CLI, real loopback HTTP, the real
// Secret Service of scripts/with-keyring.sh): devices move (one, a list on stdin, all matching --where,
// --dry-run, a run killed halfway and finished by the next command), folders rename/move/delete and
// sessions create/edit/delete with the invitation and the calendar file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, SupportSession } from '../../../shared/model.js';
import { OUTBOX_CONCURRENCY } from '../../../electron/core/outbox/outbox.js';
import { cliAccount, type CliAccount } from './cli-account.js';
import { runCli, spawnCli } from './run-cli.js';

let account: CliAccount;
beforeAll(async () => {
  expect(process.env.SUPPORT_CONSOLE_SECRET_SERVICE, 'run through scripts/with-keyring.sh').toBe('available');
  account = await cliAccount(40);
}, 90_000);
afterAll(async () => account?.close());

const cli = (...args: string[]) => runCli(['--data-dir', account.dataDir, ...args]);
const cliIn = (input: string, ...args: string[]) =>
  runCli(['--data-dir', account.dataDir, ...args], {}, input);

async function devices(): Promise<Device[]> {
  const r = await cli('--refresh', 'devices', 'list', '--format', 'json');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Device[];
}

type Node = { id: string; name: string; parentId: string | null; folders: Node[] };
async function folders(): Promise<Node[]> {
  const r = await cli('--refresh', 'folders', 'tree', '--format', 'json');
  expect(r.code, r.stderr).toBe(0);
  const flat: Node[] = [];
  const walk = (nodes: Node[]) => nodes.forEach((n) => (flat.push(n), walk(n.folders)));
  walk(JSON.parse(r.stdout) as Node[]);
  return flat;
}

async function newFolder(name: string): Promise<string> {
  const r = await cli('folders', 'create', name, '--format', 'json');
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { id: string }).id;
}

describe('support-console changes (spawned, real service, real keychain)', () => {
  it('moves one device, a list from stdin, and all matching --where after a dry run; refuses a list with an unknown id whole', async () => {
    const target = await newFolder('CLI moves');
    const all = await devices();
    const one = all.find((d) => d.folderId !== target)!;
    const moved = await cli('devices', 'move', one.id, '--to', target);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toBe('Moved 1 device.\n');

    const list = all.filter((d) => d.id !== one.id).slice(0, 3);
    const refused = await cliIn(
      `${list[0]!.id}\nno-such-device\n`,
      'devices',
      'move',
      '-',
      '--to',
      target,
      '--yes',
    );
    expect(refused.code).toBe(8);
    expect(refused.stderr).toMatch(/No device with id no-such-device; nothing was moved\./);
    expect((await devices()).find((d) => d.id === list[0]!.id)!.folderId).toBe(list[0]!.folderId);

    const piped = await cliIn(
      `id\n${list.map((d) => d.id).join('\n')}\n`,
      'devices',
      'move',
      '-',
      '--to',
      target,
      '--yes',
    );
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe('Moved 3 devices.\n');

    // --where: the search box's syntax. A word of one device's name picks a handful.
    const where = `name:${one.name!.split(/\W+/).find((w) => w.length >= 3)!}`;
    const dry = await cli('devices', 'move', '--where', where, '--unassign', '--dry-run', '--format', 'json');
    expect(dry.code, dry.stderr).toBe(0);
    const preview = JSON.parse(dry.stdout) as { move: string[]; unchanged: string[]; dryRun: boolean };
    expect(preview.dryRun).toBe(true);
    const before = await devices();
    const matching = before.filter((d) => preview.move.includes(d.id) || preview.unchanged.includes(d.id));
    expect(matching.length).toBeGreaterThan(1);
    expect(preview.move.sort()).toEqual(
      matching
        .filter((d) => d.folderId !== null)
        .map((d) => d.id)
        .sort(),
    );
    // The dry run changed nothing; without --yes a pipe cannot confirm, so nothing moves either.
    expect((await devices()).map((d) => d.folderId)).toEqual(before.map((d) => d.folderId));
    const unconfirmed = await cli('devices', 'move', '--where', where, '--unassign');
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(
      /^Move \d+ devices out of their folders \(unassigned\)\.\n[\s\S]*needs --yes/,
    );
    const all2 = await cli('devices', 'move', '--where', where, '--unassign', '--yes', '--format', 'json');
    expect(all2.code, all2.stderr).toBe(0);
    expect(JSON.parse(all2.stdout)).toMatchObject({ moved: preview.move.length });
    const after = await devices();
    for (const d of matching) expect(after.find((a) => a.id === d.id)!.folderId).toBeNull();
  }, 180_000);

  it('finishes a bulk move killed halfway with the next command: every device moved, none sent twice', async () => {
    const target = await newFolder('CLI killed halfway');
    const batch = (await devices()).filter((d) => d.folderId !== target).slice(0, 12);
    // Each move held 400 ms by the service, so the command is still sending when it is killed.
    const requests = await account.countRequests({ method: 'PUT', pathPrefix: '/' }, 400);
    const run = spawnCli(['--data-dir', account.dataDir, 'devices', 'move', '-', '--to', target, '--yes'], {
      input: batch.map((d) => d.id).join('\n'),
    });
    const deadline = Date.now() + 60_000;
    while ((await requests()) < 3) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    run.child.kill('SIGKILL');
    expect((await run.done).signal).toBe('SIGKILL');
    const sentBefore = await requests();
    expect(sentBefore).toBeLessThan(12);

    // The next command (any: here a read) sends what the journal holds.
    const next = await cli('status', '--format', 'json');
    expect(next.code, next.stderr).toBe(0);
    expect(JSON.parse(next.stdout)).toMatchObject({ outboxPending: expect.any(Number) });
    // It ended only once the rest was sent: the service has seen every move before anything else runs.
    expect(await requests()).toBeGreaterThanOrEqual(12);
    const after = await devices();
    for (const d of batch) expect(after.find((a) => a.id === d.id)!.folderId, d.id).toBe(target);
    // One PUT a device, plus those cut off mid-request by the kill (at most the outbox's 4 at once): the
    // service drops a held request whose client hung up, so none of those was applied, and the outbox
    // checked each on the service before sending it again.
    const sent = await requests();
    expect(sent).toBeGreaterThanOrEqual(12);
    expect(sent).toBeLessThanOrEqual(12 + OUTBOX_CONCURRENCY);
    const status = JSON.parse((await cli('status', '--format', 'json')).stdout) as { outboxPending: number };
    expect(status.outboxPending).toBe(0);
  }, 180_000);

  it('renames, moves and deletes folders; refuses a duplicate name (5), a non-empty delete (5) and an unknown id (8)', async () => {
    const a = await newFolder('CLI folder A');
    const b = await newFolder('CLI folder B');
    expect((await cli('folders', 'rename', a, 'CLI folder A2')).code).toBe(0);
    const dup = await cli('folders', 'rename', b, 'CLI folder A2');
    expect(dup.code).toBe(5);
    expect(dup.stderr).toMatch(/^support-console: .+\n$/);
    expect((await cli('folders', 'move', b, '--parent', a)).code).toBe(0);
    let tree = await folders();
    expect(tree.find((f) => f.id === a)).toMatchObject({ name: 'CLI folder A2', parentId: null });
    expect(tree.find((f) => f.id === b)).toMatchObject({ parentId: a });
    const device = (await devices())[0]!;
    expect((await cli('devices', 'move', device.id, '--to', b)).code).toBe(0);
    const notEmpty = await cli('folders', 'delete', b);
    expect(notEmpty.code).toBe(5);
    expect((await cli('devices', 'move', device.id, '--unassign')).code).toBe(0);
    expect((await cli('folders', 'move', b, '--top')).code).toBe(0);
    expect((await cli('folders', 'delete', b)).code).toBe(0);
    tree = await folders();
    expect(tree.some((f) => f.id === b)).toBe(false);
    expect((await cli('folders', 'rename', 'no-such-folder', 'x')).code).toBe(8);
    expect((await cli('folders', 'move', a)).code).toBe(2);
  }, 180_000);

  it('creates a session (code, invitation in the customer’s language, .ics), edits and deletes it', async () => {
    const ics = path.join(account.temp(), 'visit.ics');
    const created = await cli(
      'sessions',
      'create',
      '--customer',
      'Erika Muster',
      '--language',
      'ge',
      '--start',
      '2030-03-04T09:30Z',
      '--ics',
      ics,
      '--format',
      'json',
    );
    expect(created.code, created.stderr).toBe(0);
    const answer = JSON.parse(created.stdout) as {
      id: string;
      code: string;
      invitation: string;
      session: SupportSession;
    };
    expect(answer.code).toMatch(/\S/);
    expect(answer.invitation).toContain(answer.code);
    expect(answer.invitation).toContain('Erika Muster');
    expect(answer.invitation).toMatch(/2030/);
    expect(answer.session.plannedInitTime).toBe('2030-03-04T09:30:00Z');
    const calendar = readFileSync(ics, 'utf8');
    expect(calendar).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART:20300304T093000Z/);

    const text = await cli('sessions', 'edit', answer.id, '--customer', 'Erika Beispiel');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe(answer.code);
    expect(text.stdout).toContain('Erika Beispiel');
    const bad = await cli('sessions', 'edit', answer.id, '--start', 'next tuesday');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--start must be a time like 2026-12-01T09:30/);

    expect((await cli('sessions', 'delete', answer.id)).code).toBe(0);
    const list = JSON.parse(
      (await cli('--refresh', 'sessions', 'list', '--format', 'json')).stdout,
    ) as SupportSession[];
    expect(list.some((s) => s.id === answer.id)).toBe(false);
    expect((await cli('sessions', 'delete', answer.id)).code).toBe(8);
  }, 180_000);
});
