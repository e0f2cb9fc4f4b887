// Our own small files (cache, account record, settings, notified sessions) are written atomically: a temp
// file in the same directory, fsync, rename over the target, fsync the directory. A crash or a full disk
// mid-write leaves the previous file intact; readers never see half a file.

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** `data` may come in parts (e.g. a large file built in slices): each is encoded and written on its own. */
export async function writeFileAtomic(target: string, data: string | Iterable<string>): Promise<void> {
  const dir = path.dirname(target);
  await fsp.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
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

/** undefined: no file. Throws SyntaxError for a file that is not JSON (the caller decides what that means). */
export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
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
