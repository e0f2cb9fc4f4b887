// Where under the data directory the core writes, named once. The start sweeps the temp files of
// interrupted atomic writes (atomic-file.ts: prepareDataDir) from the data directory's top level and from
// every one of these, all the way down; nowhere else, because in Electron the data directory is also
// Chromium's profile, which is not ours to walk. A directory the core writes must be listed here.

import { prepareDataDir } from '../atomic-file.js';

/** The offline copy, one directory per account (with its outbox journal). */
export const CACHE_ROOT = 'accounts';
/** The status history, one directory per account (segments, index.json, outages.json). */
export const HISTORY_ROOT = 'status-history';
/** Saved views, one file per account. */
export const VIEWS_DIR = 'views';

export const OWN_DIRS: readonly string[] = [CACHE_ROOT, HISTORY_ROOT, VIEWS_DIR];

/**
 * Run once at start, before the core writes: the data directory private to this user, and no temp file
 * of an interrupted write left in it or under OWN_DIRS. Resolves to the number of temp files removed.
 */
export function prepareOwnDirs(dataDir: string): Promise<number> {
  return prepareDataDir(dataDir, OWN_DIRS);
}
