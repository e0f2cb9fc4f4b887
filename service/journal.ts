// The write-ahead journal (with a data directory): every change is appended to `journal.<n>.log` and
// fsync'd before the request that made it is answered, so an acknowledged change survives SIGINT, SIGTERM
// and kill -9 alike. A line holds the *current records* of what changed (folders, devices, sessions by id,
// null for a deleted one), the id counters, the outbox messages sent, and the provider's tokens when they
// changed: applying a line is an upsert, so replaying a line twice, or one the state file already holds,
// changes nothing. The state file (persistence.ts) stays the compact form: when it is written the journal
// moves on to a new file, and the files it covers are removed once it is safely on disk. At start the
// state file is read and every journal file left is replayed in order; a last line cut short by a crash
// was never acknowledged and is skipped.
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Device, Id } from '../shared/model.js';
import type { FolderRecord, SessionRecord } from './domain/account-state.js';
import { MAX_OUTBOX_MESSAGES, type OutboxMessage } from './domain/outbox.js';
import { StateFileError, type PersistedState } from './persistence.js';

export interface JournalEntry {
  folders?: Record<Id, FolderRecord | null>;
  devices?: Record<Id, Device | null>;
  sessions?: Record<Id, SessionRecord | null>;
  nextId?: { folder: number; session: number };
  outbox?: { cleared?: true; added: OutboxMessage[]; nextId: number };
  /** OAuthProvider.snapshot() after the change. */
  oauth?: unknown;
}

const FILE = /^journal\.(\d{1,9})\.log$/;
const fileName = (index: number): string => `journal.${index}.log`;

/** The journal files in a data directory, oldest first. */
export function journalIndexes(dataDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .map((name) => FILE.exec(name)?.[1])
    .filter((index): index is string => index !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Every entry of the journal files, in order. */
export function readJournal(dataDir: string, indexes: readonly number[]): JournalEntry[] {
  const entries: JournalEntry[] = [];
  indexes.forEach((index, position) => {
    const path = join(dataDir, fileName(index));
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    lines.forEach((line, n) => {
      if (line === '') return;
      try {
        const entry = JSON.parse(line) as unknown;
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
          throw new Error('not an object');
        entries.push(entry as JournalEntry);
      } catch {
        // Only the very end of the newest file may be torn (killed mid-write: never acknowledged).
        const isTornTail = position === indexes.length - 1 && n === lines.length - 1;
        if (isTornTail) return;
        throw new StateFileError(
          `The journal ${path} is corrupt at line ${n + 1}. Move the data directory away to start afresh.`,
        );
      }
    });
  });
  return entries;
}

function upsert<T extends { id: Id }>(records: T[], changes: Record<Id, T | null> | undefined): T[] {
  if (changes === undefined) return records;
  const byId = new Map(records.map((record) => [record.id, record]));
  for (const [id, record] of Object.entries(changes)) {
    if (record === null) byId.delete(id);
    else byId.set(id, record);
  }
  return [...byId.values()];
}

/** The saved state with the journal's entries applied in order. */
export function applyJournal(state: PersistedState, entries: readonly JournalEntry[]): PersistedState {
  let { account, outbox, oauth } = state;
  for (const entry of entries) {
    account = {
      ...account,
      folders: upsert(account.folders, entry.folders),
      devices: upsert(account.devices, entry.devices),
      sessions: upsert(account.sessions, entry.sessions),
      nextId: entry.nextId ?? account.nextId,
    };
    if (entry.outbox) {
      const messages = entry.outbox.cleared ? [] : [...outbox.messages];
      messages.push(...entry.outbox.added);
      outbox = { nextId: entry.outbox.nextId, messages: messages.slice(-MAX_OUTBOX_MESSAGES) };
    }
    if (entry.oauth !== undefined) oauth = entry.oauth;
  }
  return { ...state, account, outbox, oauth };
}

/** Appends entries to the current journal file; `rotate` starts the next one. */
export class Journal {
  private fd: number;

  constructor(
    private readonly dataDir: string,
    private index: number,
  ) {
    this.fd = openSync(join(dataDir, fileName(index)), 'a', 0o600);
  }

  /** Written and fsync'd when this returns: a change journaled is a change kept. */
  append(entry: JournalEntry): void {
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    fsyncSync(this.fd);
  }

  /** Closes the current file and opens the next; returns the index of the closed one. */
  rotate(): number {
    // The next file is opened before the current one is closed: when it cannot be (a full disk), appends
    // go on to the current file instead of to a closed descriptor, whose number the process may reuse.
    const next = openSync(join(this.dataDir, fileName(this.index + 1)), 'a', 0o600);
    const closed = this.index;
    closeSync(this.fd);
    this.fd = next;
    this.index += 1;
    return closed;
  }

  /** Removes the files up to `index` (the state file now holds what they said). */
  removeUpTo(index: number): void {
    for (const old of journalIndexes(this.dataDir)) {
      if (old <= index) rmSync(join(this.dataDir, fileName(old)), { force: true });
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}
