// The replay memory on disk (with a data directory): `nonces.log`, one line per accepted signed request,
// "<oauth_timestamp> <digest>". A line is written (write(2), no fsync) before the request is answered, so
// it survives the process being killed, kill -9 included; only a crash of the machine itself can lose the
// last lines (an fsync per signed GET would cost more than the replay it guards against on a test
// stand-in). At start the entries still inside the timestamp window are read back, so a captured request
// cannot be replayed after a restart. The file is rewritten with only the live entries whenever it has
// grown to twice their number, so it stays bounded by the window as the memory does.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
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

export class NonceFile {
  private fd: number | null = null;
  private linesSinceRewrite = 0;
  private readonly path: string;

  constructor(
    dataDir: string,
    private readonly store: () => NonceStore,
  ) {
    this.path = join(dataDir, NONCE_FILE_NAME);
  }

  /** Rewrites the file with the store's entries and opens it for appending. */
  open(): void {
    this.rewrite();
  }

  append(timestamp: number, key: string): void {
    if (this.fd === null) return;
    writeSync(this.fd, `${timestamp} ${key}\n`);
    this.linesSinceRewrite += 1;
    if (this.linesSinceRewrite > Math.max(MIN_LINES_BETWEEN_REWRITES, 2 * this.store().size)) this.rewrite();
  }

  close(): void {
    if (this.fd === null) return;
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = null;
  }

  /** Temp file, fsync, rename: a crash leaves the old file or the new one. */
  private rewrite(): void {
    const temp = `${this.path}.${process.pid}.tmp`;
    const chunks: string[] = [];
    for (const [timestamp, key] of this.store().entries()) chunks.push(`${timestamp} ${key}\n`);
    this.linesSinceRewrite = 0;
    const out = openSync(temp, 'w', 0o600);
    try {
      writeSync(out, chunks.join(''));
      fsyncSync(out);
    } catch (error) {
      closeSync(out);
      rmSync(temp, { force: true });
      // Appending goes on to the old file; the next rewrite is tried after as many lines again.
      if (this.fd !== null) return;
      throw error;
    }
    closeSync(out);
    renameSync(temp, this.path);
    if (this.fd !== null) closeSync(this.fd);
    this.fd = openSync(this.path, 'a', 0o600);
  }
}
