// The one way the core reads and writes its own small JSON files (files.ts names them all). Each kind of
// file has a schema (zod) and a version; on disk it is `{"version": N, ...body}`, a file without a version
// being version 1 (what the app wrote before the files were versioned). Reading migrates an older version
// one step at a time up to the current one, then validates. Writing is atomic (writeFileAtomic: temp
// file, fsync, rename, fsync of the directory).
//
// One rule for a file that cannot be used (not JSON, e.g. truncated; not an object; a version this app
// does not know; a body its schema refuses): it is renamed to `<name>.corrupt-<time>` beside itself, a
// notice says so (logged, and returned to a caller that can show it), and the caller gets a fresh
// default. Never a crash, and never silently dropped: the file kept aside can still be read by hand, and
// the next save does not overwrite it (notices.ts carries the notice to the banner). The notice names the
// file and what was wrong, never its content (an account file holds a consumer key; a view holds a
// technician's filter text).

import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type * as z from 'zod';
import { writeFileAtomic } from '../atomic-file.js';
import type { Logger } from '../logger.js';
import { createLogger } from '../logger.js';
import type { StoreNotice } from './notices.js';
import { announceStoreNotice } from './notices.js';

/** A body of some earlier version, as read: migrations work on plain JSON, before any validation. */
export type RawBody = Record<string, unknown>;

/** T: the body as read; F: what a missing or unusable file reads as (a default body, or null). */
export interface StoredFileKind<T, F = T> {
  /** What the technician would call it, for the notice: "the settings", "the saved views". */
  what: string;
  /** The version written now (1 for a file that has never changed shape). */
  version: number;
  /** The current version's body (the file without its `version`; a body has no field of that name). */
  schema: z.ZodType<T>;
  /**
   * `migrations[n]` turns a version-n body into a version-(n + 1) one, for every n from 1 below `version`
   * (checked by the tests of files.ts). A version with no way up is refused like a damaged file.
   */
  migrations: Record<number, (body: RawBody) => RawBody>;
  fresh(): F;
}

/** A kind with T inferred from its schema (files.ts declares each through this). */
export function storedFile<S extends z.ZodType, F>(kind: {
  what: string;
  version: number;
  schema: S;
  migrations: Record<number, (body: RawBody) => RawBody>;
  fresh(): F;
}): StoredFileKind<z.output<S>, F> {
  return kind as StoredFileKind<z.output<S>, F>;
}

export type StoredLoad<T, F = T> =
  | { status: 'loaded'; value: T; migratedFrom: number | null }
  | { status: 'none'; value: F }
  | { status: 'set-aside'; value: F; notice: StoreNotice };

/** Where a store reports; the default writes to the console (stderr), never nowhere. */
const fallbackLogger = createLogger(undefined, 'store');

export interface StoreIo {
  logger?: Logger;
  /** For the `.corrupt-<time>` name; tests pass a fixed clock. */
  now?: () => number;
}

/** `<name>.corrupt-2026-11-24T00-55-41-123Z`: sorts by time, and no ':' (not allowed on Windows). */
export function corruptName(file: string, at: number): string {
  return `${file}.corrupt-${new Date(at).toISOString().replace(/[:.]/g, '-')}`;
}

/** The path of the first problem zod found, e.g. "views.3.name" (paths name fields, never values). */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'the content does not match';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the file';
  // A custom check's message is ours (files.ts); zod's own could quote what it expected at length.
  return `${where}: ${issue.code === 'custom' ? `not ${issue.message}` : issue.code.replace(/_/g, ' ')}`;
}

/** The body at the current version, or the reason it cannot be had. */
function upgrade<T, F>(
  kind: StoredFileKind<T, F>,
  parsed: unknown,
): { body: T; from: number } | { reason: string } {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { reason: 'not a JSON object' };
  // No version number: version 1, the shape from before versioning, whole (a field called `version` in it
  // was the body's own, as the app version in the last update check).
  const raw = parsed as RawBody;
  const numbered = typeof raw.version === 'number';
  const from = numbered ? (raw.version as number) : 1;
  if (!Number.isInteger(from) || from < 1) return { reason: 'its version is not a version number' };
  const { version: _version, ...rest } = raw;
  if (from > kind.version)
    return {
      reason: `it was written by another version of the app (file version ${from}; this one reads up to ${kind.version})`,
    };
  let body: RawBody = numbered ? rest : raw;
  for (let v = from; v < kind.version; v++) {
    const step = kind.migrations[v];
    if (!step) return { reason: `version ${v} can no longer be read` };
    try {
      body = step(body);
    } catch {
      return { reason: `version ${v} could not be converted` };
    }
  }
  const checked = kind.schema.safeParse(body);
  if (!checked.success) return { reason: firstIssue(checked.error) };
  return { body: checked.data, from };
}

/**
 * Reads `file` as `kind`. Missing: `none` with a fresh default. Unusable: kept aside, a notice (logged
 * here), and a fresh default. Resolves always; never throws.
 */
export async function loadStored<T, F>(
  file: string,
  kind: StoredFileKind<T, F>,
  io: StoreIo = {},
): Promise<StoredLoad<T, F>> {
  const log = io.logger ?? fallbackLogger;
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { status: 'none', value: kind.fresh() };
    // Not readable at all (no permission, a directory in its place): nothing to move; the next save may
    // replace it, which is no loss since this app could not have read it.
    const notice: StoreNotice = {
      file,
      keptAs: null,
      reason: `it could not be read (${code ?? 'error'})`,
      message: `${capital(kind.what)} could not be read (${code ?? 'error'}); the app goes on without it.`,
    };
    log.warn('stored file not readable', { file, reason: notice.reason });
    announceStoreNotice(notice);
    return { status: 'set-aside', value: kind.fresh(), notice };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const reason = text.length === 0 ? 'it is empty' : 'it is not complete JSON (truncated or damaged)';
    return setAside(file, kind, reason, log, io.now ?? Date.now);
  }
  const up = upgrade(kind, parsed);
  if ('reason' in up) return setAside(file, kind, up.reason, log, io.now ?? Date.now);
  return { status: 'loaded', value: up.body, migratedFrom: up.from === kind.version ? null : up.from };
}

/** Keeps `file` aside as unusable, with its notice: for a format read outside loadStored (a large file read in lines). */
export function keepAside<T, F>(
  file: string,
  kind: StoredFileKind<T, F>,
  reason: string,
  io: StoreIo = {},
): Promise<StoredLoad<T, F>> {
  return setAside(file, kind, reason, io.logger ?? fallbackLogger, io.now ?? Date.now);
}

async function setAside<T, F>(
  file: string,
  kind: StoredFileKind<T, F>,
  reason: string,
  log: Logger,
  now: () => number,
): Promise<StoredLoad<T, F>> {
  let keptAs: string | null = corruptName(file, now());
  try {
    // Never over an earlier one kept aside in the same millisecond.
    for (let n = 2; await exists(keptAs); n++) keptAs = `${corruptName(file, now())}-${n}`;
    await fsp.rename(file, keptAs);
  } catch (error) {
    log.warn('stored file could not be kept aside', { file, error });
    keptAs = null;
  }
  const where = keptAs
    ? `The file was kept aside as ${path.basename(keptAs)}`
    : 'The file could not be moved aside';
  const message = `${capital(kind.what)} could not be used (${reason}). ${where}; the app goes on without it.`;
  log.warn('stored file set aside', { file, keptAs, reason });
  const notice: StoreNotice = { file, keptAs, reason, message };
  announceStoreNotice(notice);
  return { status: 'set-aside', value: kind.fresh(), notice };
}

async function exists(file: string): Promise<boolean> {
  return fsp.lstat(file).then(
    () => true,
    () => false,
  );
}

function capital(text: string): string {
  return `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
}

/** The file's text at the current version (parts: for a large body, see writeStoredParts). */
export function storedText<T, F>(kind: StoredFileKind<T, F>, body: T): string {
  return JSON.stringify({ version: kind.version, ...(body as object) });
}

/** Writes `body` atomically at the current version. Throws what the disk says (the caller words it). */
export async function saveStored<T, F>(file: string, kind: StoredFileKind<T, F>, body: T): Promise<void> {
  await writeFileAtomic(file, storedText(kind, body));
}
