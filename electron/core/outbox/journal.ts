// The outbox's write-ahead journal: one JSON record per line, appended and fsync'd before the caller goes
// on. A write is recorded before it is sent; its confirmation is recorded before the next write takes its
// lane; so after a kill at any moment the journal names every write that may still need sending, and never
// one the service had confirmed and we had recorded.
//
// Appends are group-committed: records arriving while an fsync runs go out together in the next one, so
// 4 lanes confirming at once cost one fsync, not four. On open the journal is folded by the caller and
// rewritten atomically with only what is still alive (compaction), so it does not grow without end.

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../atomic-file.js';

export interface JournalRead<R> {
  records: R[];
  /** Lines that could not be read (a torn last line after a kill is expected; others are reported). */
  skipped: number;
}

export class Journal<R> {
  readonly file: string;
  #handle: fsp.FileHandle | null = null;
  #buffer: string[] = [];
  #waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  #flushing: Promise<void> | null = null;
  #closed = false;

  constructor(file: string) {
    this.file = file;
  }

  /** Reads every complete record. A line cut short by a kill mid-append is skipped, not fatal. */
  async read(): Promise<JournalRead<R>> {
    let text: string;
    try {
      text = await fsp.readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], skipped: 0 };
      throw error;
    }
    const records: R[] = [];
    let skipped = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        records.push(JSON.parse(line) as R);
      } catch {
        skipped += 1;
      }
    }
    return { records, skipped };
  }

  /** Replaces the journal with these records (atomically), then appends go after them. */
  async rewrite(records: readonly R[]): Promise<void> {
    await this.#closeHandle();
    await writeFileAtomic(this.file, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  }

  /** Resolves once the records are on disk (fsync'd). */
  append(records: readonly R[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the outbox journal is closed'));
    if (records.length === 0) return Promise.resolve();
    for (const r of records) this.#buffer.push(`${JSON.stringify(r)}\n`);
    const done = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    if (!this.#flushing) this.#flushing = this.#flushLoop();
    return done;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#flushing;
    await this.#closeHandle();
  }

  async #flushLoop(): Promise<void> {
    while (this.#buffer.length > 0) {
      const chunk = this.#buffer.join('');
      const waiters = this.#waiters;
      this.#buffer = [];
      this.#waiters = [];
      try {
        const handle = await this.#open();
        await handle.appendFile(chunk, 'utf8');
        await handle.datasync();
        for (const w of waiters) w.resolve();
      } catch (error) {
        // Disk full, permission: the callers hear it (an edit is then refused, not silently unrecorded).
        for (const w of waiters) w.reject(error);
      }
    }
    this.#flushing = null;
  }

  async #open(): Promise<fsp.FileHandle> {
    if (this.#handle) return this.#handle;
    await fsp.mkdir(path.dirname(this.file), { recursive: true });
    this.#handle = await fsp.open(this.file, 'a', 0o600);
    return this.#handle;
  }

  async #closeHandle(): Promise<void> {
    const handle = this.#handle;
    this.#handle = null;
    // Every record was fsync'd before its caller went on: a failing close loses nothing.
    await handle?.close().catch(() => {});
  }
}
