// Where a running console listens for the command line, and the key the command line must show.
//
// Unix: a socket in `<data dir>/command-socket/`, a directory only this user may enter (0700, checked to
// be ours and not a symbolic link by both sides), so no other user can even connect; the socket itself is
// 0600 as well. A socket path longer than a sockaddr_un holds (~104 bytes) moves to a 0700 directory of
// the same kind under the temporary folder, named after this user and the data directory.
// Windows: a named pipe \\.\pipe\support-console-<hash of the user and the data directory>. A pipe is
// reachable by name, so there the key is what keeps other users out: it sits in the user's profile, which
// other users cannot read.
//
// The key: 32 random bytes (hex) in `<data dir>/command-socket/token`, 0600, written anew each time a
// console starts; the command line reads it only after checking that the file and its directory are this
// user's and private, and the console compares it in constant time.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, lstat, mkdir, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const SOCKET_DIR = 'command-socket';
const SOCKET_NAME = 'console.sock';
const TOKEN_FILE = 'token';
/** sockaddr_un holds 104 bytes on macOS, 108 on Linux, the terminating NUL included. */
const MAX_SOCKET_PATH = 100;

export interface Endpoint {
  /** What net.listen / net.connect take: a socket file or a pipe name. */
  address: string;
  /** The directories that must be private (0700, ours) before the address is used; none on Windows. */
  privateDirs: string[];
  tokenFile: string;
}

function digest(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16);
}

export function commandEndpoint(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
  user: string = os.userInfo().username,
): Endpoint {
  const root = path.resolve(dataDir);
  const dir = path.join(root, SOCKET_DIR);
  const tokenFile = path.join(dir, TOKEN_FILE);
  if (platform === 'win32') {
    return { address: `\\\\.\\pipe\\support-console-${digest(user, root)}`, privateDirs: [], tokenFile };
  }
  const inDataDir = path.join(dir, SOCKET_NAME);
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) {
    return { address: inDataDir, privateDirs: [dir], tokenFile };
  }
  const uid = process.getuid?.() ?? 0;
  const spare = path.join(os.tmpdir(), `support-console-${uid}-${digest(user, root)}`);
  return { address: path.join(spare, SOCKET_NAME), privateDirs: [dir, spare], tokenFile };
}

export class NotPrivate extends Error {
  constructor(readonly file: string) {
    super(`${file} is not private to this user.`);
    this.name = 'NotPrivate';
  }
}

const isPosix = () => process.platform !== 'win32';

/** Throws NotPrivate unless `file` is ours, not a link, of the kind expected, and closed to others. */
export async function checkPrivate(file: string, kind: 'dir' | 'file'): Promise<void> {
  const info = await lstat(file);
  const rightKind = kind === 'dir' ? info.isDirectory() : info.isFile();
  if (!rightKind) throw new NotPrivate(file);
  if (isPosix() && (info.uid !== process.getuid!() || (info.mode & 0o077) !== 0)) {
    throw new NotPrivate(file);
  }
}

/** The console's side: the directories made (or narrowed to) 0700 and checked to be ours. */
export async function preparePrivateDirs(endpoint: Endpoint): Promise<void> {
  for (const dir of endpoint.privateDirs) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const info = await lstat(dir);
    if (!info.isDirectory() || (isPosix() && info.uid !== process.getuid!())) throw new NotPrivate(dir);
    if (isPosix() && (info.mode & 0o077) !== 0) await chmod(dir, 0o700);
  }
  await mkdir(path.dirname(endpoint.tokenFile), { recursive: true, mode: 0o700 });
}

/** A new key in the token file (0600 from its creation: never readable by others, not even briefly). */
export async function writeToken(endpoint: Endpoint): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await rm(endpoint.tokenFile, { force: true });
  const handle = await open(endpoint.tokenFile, 'wx', 0o600);
  try {
    await handle.writeFile(token);
  } finally {
    await handle.close();
  }
  return token;
}

/** The command line's side: the key, read only from a private file in a private directory. */
export async function readToken(endpoint: Endpoint): Promise<string> {
  for (const dir of endpoint.privateDirs) await checkPrivate(dir, 'dir');
  await checkPrivate(endpoint.tokenFile, 'file');
  return (await readFile(endpoint.tokenFile, 'utf8')).trim();
}

export function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
