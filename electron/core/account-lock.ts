// One writer per data directory: whichever host opens the core over an account's files (the console, the
// command line) first takes this lock, and a second one is told who holds it instead of writing beside it.
//
// The lock is a file `account.lock` in the data directory, created with O_EXCL (atomic on every local file
// system), holding the holder's pid and kind. A lock whose pid no longer runs is stale (the holder crashed
// or was killed) and is taken over. Known limit: two processes that find the same stale lock at the same
// moment may both take it over (the unlink and the new O_EXCL create are two steps); the inode check below
// narrows that window to the time between two system calls.

import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'account.lock';

/** Who holds the lock: the console (Electron or the browser host) or a command-line run. */
export type LockHolderKind = 'console' | 'cli';

export interface LockHolder {
  pid: number;
  kind: LockHolderKind;
  /** ms since the epoch */
  since: number;
}

export class AccountLockHeld extends Error {
  constructor(readonly holder: LockHolder) {
    super(`The account's data directory is in use by ${holder.kind} process ${holder.pid}.`);
    this.name = 'AccountLockHeld';
  }
}

export interface AccountLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the lock.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    const kind: LockHolderKind = parsed.kind === 'cli' ? 'cli' : 'console';
    return { pid: parsed.pid, kind, since: typeof parsed.since === 'number' ? parsed.since : 0 };
  } catch {
    return null;
  }
}

/** A lock file that names no live process; an unreadable one counts only once it is older than this. */
const UNREADABLE_GRACE_MS = 5_000;

function tryCreate(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the lock of `dataDir` for this process, or throws AccountLockHeld naming the live holder. The
 * lock is released by `release()` and, as a last resort, when this process exits normally.
 */
export function acquireAccountLock(dataDir: string, kind: LockHolderKind, now = Date.now()): AccountLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, kind, since: now };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file, me)) return held(file);
    let before;
    try {
      before = statSync(file);
    } catch {
      continue; // released between our create and our look: try again
    }
    const holder = readHolder(file);
    if (holder && holder.pid === process.pid) throw new AccountLockHeld(holder);
    if (holder && isAlive(holder.pid)) throw new AccountLockHeld(holder);
    if (!holder && now - before.mtimeMs < UNREADABLE_GRACE_MS) {
      // Being written by its creator this very moment: treat as held.
      throw new AccountLockHeld({ pid: 0, kind: 'console', since: before.mtimeMs });
    }
    try {
      if (statSync(file).ino === before.ino) unlinkSync(file);
    } catch {
      // gone already: the next create decides
    }
  }
  const holder = readHolder(file);
  throw new AccountLockHeld(holder ?? { pid: 0, kind: 'console', since: now });
}

/** Who holds the lock of `dataDir` now, or null when nobody (no lock file, or its process is gone). */
export function lockHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(path.join(dataDir, LOCK_FILE));
  return holder && isAlive(holder.pid) ? holder : null;
}

/** How often a console waiting for a command line's lock looks again. */
const WAIT_STEP_MS = 200;

/**
 * The console's way in: takes the lock, waiting while a command-line run holds it (a command ends by
 * itself: a console started meanwhile opens once it has). `onWait` is told once whom it waits for.
 * Another console holding it is not waited for: that throws AccountLockHeld as acquireAccountLock does.
 */
export async function waitForAccountLock(
  dataDir: string,
  kind: LockHolderKind,
  onWait: (holder: LockHolder) => void = () => {},
): Promise<AccountLock> {
  let told = false;
  for (;;) {
    try {
      return acquireAccountLock(dataDir, kind);
    } catch (error) {
      if (!(error instanceof AccountLockHeld)) throw error;
      // pid 0: a lock file still being written (acquireAccountLock): its holder is known a moment later.
      if (error.holder.kind !== 'cli' && error.holder.pid !== 0) throw error;
      if (!told) onWait(error.holder);
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

function held(file: string): AccountLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    // Only our own lock: never a successor's that took over after we were thought gone.
    if (readHolder(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return { file, release };
}
