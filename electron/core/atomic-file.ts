// Our own files (the store's JSON files, store/stored-file.ts; the offline copy's devices) are written atomically: a temp
// file in the same directory, fsync, rename over the target, fsync the directory. A crash or a full disk
// mid-write leaves the previous file intact; readers never see half a file. A kill between open and rename
// leaves the temp file behind: prepareDataDir removes those at start, before anything writes (the
// directories it visits are named once, in store/data-dirs.ts).

import fs, { promises as fsp } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { largeBufferLength } from './large-buffers.js';

/** The directories hold the account's cache and record: readable by this user only. */
const DIR_MODE = 0o700;
const TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;

function tempPath(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Run once at start, before the core writes (the single-instance lock keeps a second app out): creates the
 * data directory 0700, tightens one made earlier with the umask's 0755, and removes the temp files of
 * writes that a kill or a crash interrupted: in the directory itself and anywhere under `ownSubdirs`.
 * Only those: in Electron the data directory is also Chromium's profile, which is not ours to walk.
 * Resolves to the number of temp files removed.
 */
export async function prepareDataDir(dataDir: string, ownSubdirs: readonly string[]): Promise<number> {
  await fsp.mkdir(dataDir, { recursive: true, mode: DIR_MODE });
  let removed = 0;
  const visit = async (dir: string, deep: boolean): Promise<void> => {
    await fsp.chmod(dir, DIR_MODE);
    for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && deep) await visit(full, true);
      else if (entry.isFile() && TEMP_NAME.test(entry.name)) {
        await fsp.rm(full, { force: true });
        removed++;
      }
    }
  };
  await visit(dataDir, false);
  for (const sub of ownSubdirs) {
    const full = path.join(dataDir, sub);
    if (
      await fsp.stat(full).then(
        (s) => s.isDirectory(),
        () => false,
      )
    )
      await visit(full, true);
  }
  return removed;
}

/** `data` may come in parts (e.g. a large file built in slices): each is encoded and written on its own. */
export async function writeFileAtomic(target: string, data: string | Iterable<string>): Promise<void> {
  const dir = path.dirname(target);
  await fsp.mkdir(dir, { recursive: true, mode: DIR_MODE });
  const temp = tempPath(target);
  let handle: Awaited<ReturnType<typeof fsp.open>> | undefined;
  try {
    handle = await fsp.open(temp, 'w', 0o600);
    if (typeof data === 'string') await handle.writeFile(data, 'utf8');
    else for (const part of data) await handle.write(part, null, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fsp.rename(temp, target);
  } catch (error) {
    // Cleanup after a failed write: the target file was never touched, and the error that matters is the
    // one rethrown below. A temp file that cannot be removed either is a leftover, not lost data.
    await handle?.close().catch(() => {});
    await fsp.rm(temp, { force: true }).catch(() => {});
    throw error;
  }
  // Makes the rename itself durable; not possible on every platform (Windows), where it is skipped.
  try {
    const dirHandle = await fsp.open(dir, 'r');
    await dirHandle.sync().finally(() => dirHandle.close());
  } catch {
    // best effort
  }
}

/**
 * writeFileAtomic without awaiting between its parts, for the poll worker's devices file: nothing else runs
 * on that thread meanwhile, so the file is the devices of one moment, and each part (encoded into one reused
 * buffer) is garbage before a collection could promote it. Written part by part with awaits, a save left
 * some 10-40 MB of promoted parts in the worker's old space, resident until a full collection.
 */
export function writeFileAtomicSync(target: string, parts: Iterable<string>): void {
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const temp = tempPath(target);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, 'w', 0o600);
    let bytes = Buffer.allocUnsafe(256 * 1024);
    for (const part of parts) {
      const length = Buffer.byteLength(part, 'utf8');
      if (length > bytes.length) bytes = Buffer.allocUnsafe(length);
      bytes.write(part, 0, 'utf8');
      for (let written = 0; written < length;) written += fs.writeSync(fd, bytes, written, length - written);
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temp, target);
  } catch (error) {
    // As in writeFileAtomic: the target was never touched; a temp file that cannot be removed is a leftover.
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // already failing: the write's error is the one that matters
      }
    }
    fs.rmSync(temp, { force: true });
    throw error;
  }
  try {
    const dirFd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(dirFd);
    } finally {
      fs.closeSync(dirFd);
    }
  } catch {
    // best effort (not possible on every platform)
  }
}

/**
 * undefined: no file. Throws SyntaxError for a file that is not JSON. Only for the offline copy's devices
 * (devices-poll-work.ts, read in the poll worker); every other file of ours is read through the store.
 */
export async function readJsonFile(file: string): Promise<unknown> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let text: string;
  try {
    // Read into a buffer taken as large-buffers.ts says, not readFile's own of the file's size: tens of
    // megabytes freed at once, which would otherwise move glibc's mmap threshold up for the whole process.
    // The copy is replaced by a rename, never written in place: the size stat gives is the file's.
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafeSlow(largeBufferLength(size));
    let length = 0;
    while (length < size) {
      const { bytesRead } = await handle.read(bytes, length, size - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    text = bytes.toString('utf8', 0, length);
  } finally {
    await handle.close();
  }
  return JSON.parse(text) as unknown;
}

/** A sentence for a failed write of our own files, by the OS's error code. */
export function storageProblem(error: unknown, what: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC')
    return `The disk is full: ${what} could not be saved. The app goes on; free some space.`;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return `No permission to write ${what}. The app goes on without saving it.`;
  return `${what[0]?.toUpperCase() ?? ''}${what.slice(1)} could not be saved. The app goes on without it.`;
}
