// The account lock over a real directory: the one writer of an account's files, a live holder refused by
// name, a dead one's lock taken over, and a release that never removes someone else's lock.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  AccountLockHeld,
  LOCK_FILE,
  acquireAccountLock,
  lockHolder,
  waitForAccountLock,
} from '../../../electron/core/account-lock.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sc-lock-'));
  file = path.join(dir, LOCK_FILE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
  return child.pid!;
}

it('is taken with this pid and kind, and released by removing the file', () => {
  const lock = acquireAccountLock(dir, 'cli', 1234);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ pid: process.pid, kind: 'cli', since: 1234 });
  lock.release();
  expect(existsSync(file)).toBe(false);
});

it('is refused while a live process holds it, naming that process, and the holder keeps it', () => {
  const holder = { pid: process.ppid, kind: 'console', since: 1 };
  writeFileSync(file, JSON.stringify(holder));
  let thrown: unknown;
  try {
    acquireAccountLock(dir, 'cli');
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AccountLockHeld);
  expect((thrown as AccountLockHeld).holder).toEqual(holder);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(holder);
});

it('is refused a second time in the same process', () => {
  const lock = acquireAccountLock(dir, 'console');
  expect(() => acquireAccountLock(dir, 'cli')).toThrow(AccountLockHeld);
  lock.release();
  acquireAccountLock(dir, 'cli').release();
});

it('takes over the lock of a process that no longer runs', () => {
  writeFileSync(file, JSON.stringify({ pid: deadPid(), kind: 'cli', since: 1 }));
  const lock = acquireAccountLock(dir, 'console');
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, kind: 'console' });
  lock.release();
});

it('treats an unreadable lock as held while it is fresh (being written), as stale once old', () => {
  writeFileSync(file, '{"pid":');
  expect(() => acquireAccountLock(dir, 'cli')).toThrow(AccountLockHeld);
  const old = new Date(Date.now() - 60_000);
  utimesSync(file, old, old);
  acquireAccountLock(dir, 'cli').release();
});

it('release leaves a lock that another process took over meanwhile', () => {
  const lock = acquireAccountLock(dir, 'cli');
  const successor = JSON.stringify({ pid: process.ppid, kind: 'console', since: 2 });
  writeFileSync(file, successor);
  lock.release();
  expect(readFileSync(file, 'utf8')).toBe(successor);
});

it('a console waits while a command holds the lock and takes it once released; another console is refused at once', async () => {
  // A live command (this process's parent stands in for it) holds the lock.
  writeFileSync(file, JSON.stringify({ pid: process.ppid, kind: 'cli', since: 1 }));
  const waited: number[] = [];
  const taking = waitForAccountLock(dir, 'console', (holder) => waited.push(holder.pid));
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(waited).toEqual([process.ppid]);
  expect(lockHolder(dir)).toMatchObject({ kind: 'cli' });
  rmSync(file);
  const lock = await taking;
  expect(lockHolder(dir)).toMatchObject({ kind: 'console', pid: process.pid });
  lock.release();

  writeFileSync(file, JSON.stringify({ pid: process.ppid, kind: 'console', since: 1 }));
  await expect(waitForAccountLock(dir, 'console')).rejects.toBeInstanceOf(AccountLockHeld);
});
