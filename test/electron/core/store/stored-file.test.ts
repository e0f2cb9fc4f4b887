// The store's rules themselves: a way up from every earlier version, older shapes of today's files,
// kept-aside files never overwritten, and a file that cannot even be read.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/logger.js';
import { OfflineCache } from '../../../../electron/core/offline-cache.js';
import { DEFAULT_SETTINGS, SettingsStore } from '../../../../electron/core/settings-store.js';
import { AccountRecordStore } from '../../../../electron/core/account-record.js';
import { STORED_FILES, settingsFile } from '../../../../electron/core/store/files.js';
import type { StoredFileKind } from '../../../../electron/core/store/stored-file.js';
import { corruptName, loadStored, saveStored } from '../../../../electron/core/store/stored-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-stored-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('every stored file', () => {
  it.each(Object.entries(STORED_FILES))('%s has a way up from each earlier version', (name, kind) => {
    const missing: number[] = [];
    for (let v = 1; v < kind.version; v++) if (!kind.migrations[v]) missing.push(v);
    // The checkpoint's version 1 never reached a disk (files.ts says why); every other gap is a bug.
    expect(missing).toEqual(name === 'checkpointFile' ? [1] : []);
  });

  const withDefault = Object.entries(STORED_FILES as Record<string, StoredFileKind<unknown, unknown>>).filter(
    ([, k]) => k.fresh() !== null,
  );
  it.each(withDefault)('%s: a fresh default, saved and read back, is itself', async (_name, kind) => {
    const fresh = kind.fresh();
    const file = path.join(dir, 'f.json');
    await saveStored(file, kind, fresh);
    expect((await loadStored(file, kind)).value).toEqual(fresh);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: kind.version });
  });
});

describe('older shapes of today', () => {
  it('settings written before language and the display zone existed load with their defaults', async () => {
    await writeFile(
      path.join(dir, 'settings.json'),
      JSON.stringify({
        reminderLeadMinutes: 5,
        notificationsEnabled: true,
        notificationsPausedUntil: null,
        theme: 'light',
      }),
    );
    expect(await new SettingsStore(dir).load()).toEqual({
      ...DEFAULT_SETTINGS,
      reminderLeadMinutes: 5,
      theme: 'light',
    });
    // Saved again at the current version, which reads back the same.
    await new SettingsStore(dir).save(await new SettingsStore(dir).load());
    expect(JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8')).version).toBe(
      settingsFile.version,
    );
    expect(await new SettingsStore(dir).load()).toEqual({
      ...DEFAULT_SETTINGS,
      reminderLeadMinutes: 5,
      theme: 'light',
    });
  });

  it('an account record from before "store" existed was a keychain sign-in', async () => {
    await writeFile(
      path.join(dir, 'account.json'),
      JSON.stringify({ version: 1, baseUrl: 'http://a', consumerKey: 'k', userId: '7' }),
    );
    expect(await new AccountRecordStore(dir).load()).toEqual({
      baseUrl: 'http://a',
      consumerKey: 'k',
      userId: '7',
      store: 'keychain',
    });
  });

  it('an offline copy of version 1 (devices inline) keeps its folders and leaves the devices to the next poll', async () => {
    const cache = new OfflineCache(dir, 'http://a', '7');
    await mkdir(cache.directory, { recursive: true });
    const dataset = (records: unknown[]) => ({ fetchedAt: '2026-01-01T00:00:00Z', records });
    await writeFile(
      cache.file,
      JSON.stringify({
        version: 1,
        savedAt: '2026-01-01T00:00:00Z',
        currentUser: null,
        datasets: {
          folders: dataset([{ id: 'f1' }]),
          devices: dataset([{ id: 'd1' }]),
          sessions: dataset([]),
          users: dataset([]),
        },
      }),
    );
    const loaded = await cache.load();
    expect(loaded.status).toBe('loaded');
    if (loaded.status !== 'loaded') return;
    expect(loaded.picture.datasets.folders.records).toEqual([{ id: 'f1' }]);
    expect(loaded.picture.datasets.devices).toEqual({ fetchedAt: null, records: [] });
  });
});

describe('keeping aside', () => {
  it('never overwrites an earlier file kept aside in the same millisecond', async () => {
    const file = path.join(dir, 'settings.json');
    const now = () => Date.parse('2026-11-24T00:00:00Z');
    await writeFile(file, 'first');
    await loadStored(file, settingsFile, { now, logger: createLogger(() => {}) });
    await writeFile(file, 'second');
    await loadStored(file, settingsFile, { now, logger: createLogger(() => {}) });
    const aside = (await readdir(dir)).sort();
    expect(aside).toEqual([
      path.basename(corruptName(file, now())),
      `${path.basename(corruptName(file, now()))}-2`,
    ]);
    expect(await readFile(path.join(dir, aside[0]!), 'utf8')).toBe('first');
    expect(await readFile(path.join(dir, aside[1]!), 'utf8')).toBe('second');
  });

  it('a file that cannot be read at all (a directory in its place) is a notice and the defaults, not a crash', async () => {
    const lines: string[] = [];
    await mkdir(path.join(dir, 'settings.json'));
    const loaded = await loadStored(path.join(dir, 'settings.json'), settingsFile, {
      logger: createLogger((_l, line) => lines.push(line)),
    });
    expect(loaded.status).toBe('set-aside');
    expect(loaded.value).toEqual(DEFAULT_SETTINGS);
    expect(lines.join()).toMatch(/not readable.*EISDIR/);
  });
});
