// The replay memory on disk (with a data directory): `nonces.log`, one line per accepted signed request,
// "<oauth_timestamp> <digest>". A line is written and fsync'd before the request is answered, so a captured
// request cannot be replayed after a restart, whether the process was killed or the machine lost power (a
// line only written would sit in the page cache, and a power cut would forget it while the change the
// request made, fsync'd by the journal, stayed). At start the entries still inside the timestamp window are
// read back. The file is rewritten (temp file, fsync, rename, fsync of the directory) with only the live
// entries whenever it has grown to twice their number, so it stays bounded by the window as the memory does.
import {
  closeSync,
  fdatasyncSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { NonceStore } from './oauth/nonce-store.js';

export const NONCE_FILE_NAME = 'nonces.log';
const LINE = /^(\d{1,12}) ([A-Za-z0-9_-]{22})$/;
/** Rewrites never happen more often than every this many lines. */
const MIN_LINES_BETWEEN_REWRITES = 50_000;

/** The entries of the nonce file; unreadable lines (a line torn by a crash) are skipped. */
export function readNonceFile(dataDir: string): Array<[number, string]> {
  let text: string;
  try {
    text = readFileSync(join(dataDir, NONCE_FILE_NAME), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const entries: Array<[number, string]> = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (match) entries.push([Number(match[1]), match[2] as string]);
  }
  return entries;
}

/** The file calls the nonce file makes: a seam, so a test can see each line reach the disk. */
export interface NonceFs {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, text: string): number;
  /** Appended data (and the size that tells where it ends) on disk. */
  fdatasyncSync(fd: number): void;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  rmSync(path: string, options: { force: boolean }): void;
}

const nodeFs: NonceFs = {
  openSync,
  writeSync: (fd, text) => writeSync(fd, text),
  fdatasyncSync,
  fsyncSync,
  closeSync,
  renameSync,
  rmSync,
};

export class NonceFile {
  private fd: number | null = null;
  private linesSinceRewrite = 0;
  private readonly path: string;

  constructor(
    dataDir: string,
    private readonly store: () => NonceStore,
    private readonly fs: NonceFs = nodeFs,
  ) {
    this.path = join(dataDir, NONCE_FILE_NAME);
  }

  /** Rewrites the file with the store's entries and opens it for appending. */
  open(): void {
    this.rewrite();
  }

  /** On disk when this returns: the request it names is answered only after. */
  append(timestamp: number, key: string): void {
    if (this.fd === null) return;
    this.fs.writeSync(this.fd, `${timestamp} ${key}\n`);
    this.fs.fdatasyncSync(this.fd);
    this.linesSinceRewrite += 1;
    if (this.linesSinceRewrite > Math.max(MIN_LINES_BETWEEN_REWRITES, 2 * this.store().size)) this.rewrite();
  }

  close(): void {
    if (this.fd === null) return;
    this.fs.fsyncSync(this.fd);
    this.fs.closeSync(this.fd);
    this.fd = null;
  }

  /** Temp file, fsync, rename, fsync of the directory: a crash or power cut leaves the old file or the new. */
  private rewrite(): void {
    const fs = this.fs;
    const temp = `${this.path}.${process.pid}.tmp`;
    const chunks: string[] = [];
    for (const [timestamp, key] of this.store().entries()) chunks.push(`${timestamp} ${key}\n`);
    this.linesSinceRewrite = 0;
    const out = fs.openSync(temp, 'w', 0o600);
    try {
      fs.writeSync(out, chunks.join(''));
      fs.fsyncSync(out);
    } catch (error) {
      fs.closeSync(out);
      fs.rmSync(temp, { force: true });
      // Appending goes on to the old file; the next rewrite is tried after as many lines again.
      if (this.fd !== null) return;
      throw error;
    }
    fs.closeSync(out);
    fs.renameSync(temp, this.path);
    // Until the directory is synced, a power cut can bring back the old name: the old file, without
    // every line appended to the new one from here on.
    const dir = fs.openSync(dirname(this.path), 'r');
    try {
      fs.fsyncSync(dir);
    } finally {
      fs.closeSync(dir);
    }
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = fs.openSync(this.path, 'a', 0o600);
  }
}
