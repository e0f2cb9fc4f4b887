// The journal files go only once the state file covering them is on disk. The state write is made to fail
// (its rename, as a full disk or an I/O error would) both where the running service saves and where a
// restart writes the replayed state: the journal files stay, and the next start still has the change the
// service acknowledged. The file system is the real one; only the rename of the state file is refused.
import type * as FsModule from 'node:fs';
import type * as FsPromisesModule from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { STATE_FILE_NAME } from '../../service/persistence.js';
import {
  ADMIN,
  signInWithPin,
  signedFetch,
  startTestService,
  xmlHeaders,
} from './support/service-harness.js';

const refuse = vi.hoisted(() => ({ stateWrites: false }));

function refusedRename(target: unknown): void {
  if (refuse.stateWrites && String(target).endsWith(STATE_FILE_NAME))
    throw Object.assign(new Error('ENOSPC: no space left on device, rename'), { code: 'ENOSPC' });
}

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromisesModule>();
  const rename: typeof real.rename = async (from, to) => {
    refusedRename(to);
    return real.rename(from, to);
  };
  return { ...real, default: { ...real, rename }, rename };
});
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof FsModule>();
  const renameSync: typeof real.renameSync = (from, to) => {
    refusedRename(to);
    real.renameSync(from, to);
  };
  return { ...real, default: { ...real, renameSync }, renameSync };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'service-state-fail-'));
  refuse.stateWrites = false;
});
afterEach(async () => {
  refuse.stateWrites = false;
  await rm(dir, { recursive: true, force: true });
});

const journalFiles = async (): Promise<string[]> =>
  (await readdir(dir)).filter((name) => /^journal\.\d+\.log$/.test(name)).sort();

/** A service on `dir` whose device 3 is renamed (answered 200: acknowledged) and not yet saved. */
async function acknowledgedChange(alias: string) {
  const h = await startTestService({ dataDir: dir, saveDebounceMs: 60_000 });
  const token = await signInWithPin(h, ADMIN.email, ADMIN.password);
  const put = await signedFetch(h, token, 'PUT', '/devices/3.xml', {
    headers: xmlHeaders(),
    body: `<device><alias>${alias}</alias></device>`,
  });
  expect(put.status).toBe(200);
  return h;
}

it('a failed save while running leaves the journal files, and a restart keeps the acknowledged change', async () => {
  const h = await acknowledgedChange('Kept on failure');
  const before = await journalFiles();
  expect(before.length).toBeGreaterThan(0);

  refuse.stateWrites = true;
  await expect(h.service.controls.flush()).rejects.toThrow(/ENOSPC/);
  // Every file that held the change is still there (a new one was started for what comes next).
  expect(await journalFiles()).toEqual(expect.arrayContaining(before));
  await expect(h.service.close()).rejects.toThrow(/ENOSPC/);
  expect(await journalFiles()).toEqual(expect.arrayContaining(before));

  refuse.stateWrites = false;
  const restarted = await startTestService({ dataDir: dir });
  try {
    expect(restarted.service.store.getDevice('3').alias).toBe('Kept on failure');
  } finally {
    await restarted.service.close();
  }
});

it('a restart whose replayed state cannot be written stops, leaves the journal, and the next start keeps the change', async () => {
  const h = await acknowledgedChange('Kept across a failed start');
  refuse.stateWrites = true;
  await expect(h.service.close()).rejects.toThrow(/ENOSPC/);
  const left = await journalFiles();
  expect(left.length).toBeGreaterThan(0);

  // The start replays the journal and must write the state before the journal files may go: it cannot.
  await expect(startTestService({ dataDir: dir })).rejects.toThrow(/ENOSPC/);
  expect(await journalFiles()).toEqual(expect.arrayContaining(left));

  refuse.stateWrites = false;
  const restarted = await startTestService({ dataDir: dir });
  try {
    expect(restarted.service.store.getDevice('3').alias).toBe('Kept across a failed start');
  } finally {
    await restarted.service.close();
  }
  // That start wrote the state, and only then removed the journal files it covers.
  for (const name of left) expect(await journalFiles()).not.toContain(name);
});

it('a journal that cannot start its next file keeps appending to the current one: nothing acknowledged is lost', async () => {
  const h = await acknowledgedChange('Before the failed rotation');
  const token = await signInWithPin(h, ADMIN.email, ADMIN.password);
  const newest = Math.max(...(await journalFiles()).map((name) => Number(name.split('.')[1])));
  // The name the next journal file would take is held by a directory: opening it fails.
  const blocker = join(dir, `journal.${newest + 1}.log`);
  await mkdir(blocker);
  await expect(h.service.controls.flush()).rejects.toThrow(/EISDIR/);

  const put = await signedFetch(h, token, 'PUT', '/devices/4.xml', {
    headers: xmlHeaders(),
    body: '<device><alias>After the failed rotation</alias></device>',
  });
  expect(put.status).toBe(200);

  await rm(blocker, { recursive: true });
  await h.service.close();
  const restarted = await startTestService({ dataDir: dir });
  try {
    expect(restarted.service.store.getDevice('3').alias).toBe('Before the failed rotation');
    expect(restarted.service.store.getDevice('4').alias).toBe('After the failed rotation');
  } finally {
    await restarted.service.close();
  }
});

it('a save that failed because the journal could not move on is made by the next flush, without another change', async () => {
  const h = await acknowledgedChange('Saved on the second try');
  const newest = Math.max(...(await journalFiles()).map((name) => Number(name.split('.')[1])));
  const blocker = join(dir, `journal.${newest + 1}.log`);
  await mkdir(blocker);
  await expect(h.service.controls.flush()).rejects.toThrow(/EISDIR/);
  await rm(blocker, { recursive: true });

  await h.service.controls.flush();
  expect(await readFile(join(dir, STATE_FILE_NAME), 'utf8')).toContain('Saved on the second try');
  await h.service.close();
});
