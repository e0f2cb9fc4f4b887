// The service's state on disk (only with a data directory): the account, the OAuth provider's snapshot and
// the outbox in one JSON file, written atomically (temp file, fsync, rename, fsync of the directory) a short
// while after changes. A state file that cannot be read stops the start with a clear error: a silent reset
// would lose the account and every issued token.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AccountState } from './domain/account-state.js';
import type { OutboxMessage } from './domain/outbox.js';

export const STATE_FILE_NAME = 'service-state.json';
const STATE_VERSION = 1;

export interface PersistedState {
  version: typeof STATE_VERSION;
  savedAt: string;
  account: AccountState;
  /** OAuthProvider.snapshot(): consumers and tokens (secrets: the file is written owner-only). */
  oauth: unknown;
  outbox: { nextId: number; messages: OutboxMessage[] };
}

export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** The saved state, or null when the directory holds none yet. Throws StateFileError when unreadable. */
export function loadState(dataDir: string): PersistedState | null {
  const path = join(dataDir, STATE_FILE_NAME);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StateFileError(`Cannot read the state file ${path}: ${(error as Error).message}`);
  }
  const fail = (reason: string): never => {
    throw new StateFileError(
      `The state file ${path} is corrupt (${reason}). Move it away to start with a freshly generated account.`,
    );
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail('not valid JSON');
  }
  if (typeof data !== 'object' || data === null) return fail('not a JSON object');
  const state = data as Partial<PersistedState>;
  if (state.version !== STATE_VERSION) return fail(`unknown version ${String(state.version)}`);
  const account = state.account as Partial<AccountState> | undefined;
  if (
    !account ||
    !isArray(account.users) ||
    !isArray(account.folders) ||
    !isArray(account.devices) ||
    !isArray(account.sessions) ||
    typeof account.nextId?.folder !== 'number' ||
    typeof account.nextId.session !== 'number'
  ) {
    return fail('the account is incomplete');
  }
  const outbox = state.outbox;
  if (!outbox || typeof outbox.nextId !== 'number' || !isArray(outbox.messages))
    return fail('the outbox is incomplete');
  return state as PersistedState;
}

let tempCounter = 0;

/** A temp file of writeFileAtomically: `<target>.<pid>.<n>.tmp`. */
const TEMP_FILE = /^[^/]+\.\d+\.\d+\.tmp$/;

/**
 * Removes the temp files a killed process left (a state file write cut short): never read, they would
 * otherwise pile up, one per kill. Called at start, before anything writes.
 */
export function removeStaleTempFiles(dataDir: string): void {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return; // no directory yet: nothing left over
  }
  for (const name of names) if (TEMP_FILE.test(name)) rmSync(join(dataDir, name), { force: true });
}

/** Writes `text` to `path` so that a crash leaves either the old file or the new one, never a torn one. */
export async function writeFileAtomically(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.${++tempCounter}.tmp`;
  try {
    const file = await open(temp, 'w', 0o600);
    try {
      await file.writeFile(text, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  // The rename itself is durable only once the directory is synced.
  const dir = await open(join(path, '..'), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** writeFileAtomically, blocking: for the state written at start, before anything listens. */
export function writeFileAtomicallySync(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${++tempCounter}.tmp`;
  try {
    const file = openSync(temp, 'w', 0o600);
    try {
      writeSync(file, text);
      fsyncSync(file);
    } finally {
      closeSync(file);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  const dir = openSync(join(path, '..'), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

export function stateDocument(parts: Omit<PersistedState, 'version' | 'savedAt'>): PersistedState {
  return { version: STATE_VERSION, savedAt: new Date().toISOString(), ...parts };
}

/** Writes the state file now (start-up: a new account, or one the configuration or the journal changed). */
export function saveStateSync(dataDir: string, parts: Omit<PersistedState, 'version' | 'savedAt'>): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileAtomicallySync(join(dataDir, STATE_FILE_NAME), JSON.stringify(stateDocument(parts)));
}

/**
 * The journal as the saver sees it: moved on to a new file when a state is collected, and the files that
 * state covers removed once it is on disk.
 */
export interface JournalFiles {
  rotate(): number;
  removeUpTo(index: number): void;
}

/** Debounced saving: many changes in a burst make one write; writes never overlap. */
export class StateSaver {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly dataDir: string,
    private readonly collect: () => Omit<PersistedState, 'version' | 'savedAt'>,
    private readonly debounceMs: number,
    private readonly onError: (error: Error) => void,
    private readonly journal?: JournalFiles,
  ) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }

  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch((error: Error) => this.onError(error));
    }, this.debounceMs);
  }

  /** Writes now if anything changed (and waits for a write in progress). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        if (!this.dirty) return;
        this.dirty = false;
        let covered: number | undefined;
        try {
          const state = stateDocument(this.collect());
          // Same turn as the collection: every change after it goes to the new journal file.
          covered = this.journal?.rotate();
          await writeFileAtomically(join(this.dataDir, STATE_FILE_NAME), JSON.stringify(state));
        } catch (error) {
          // Tried again with the next change; the journal files stay until a state covering them is saved.
          this.dirty = true;
          throw error;
        }
        if (covered !== undefined) this.journal?.removeUpTo(covered);
      });
    return this.writing;
  }
}
