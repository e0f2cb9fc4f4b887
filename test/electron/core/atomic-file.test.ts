// Our own files on disk: the temp file is on disk before it replaces the target, the directories are
// private to this user, and temp files left by a killed write are gone at the next start.
import fs, { promises as fsp, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBrowserApp } from '../../../electron/browser-host/main.js';
import {
  prepareDataDir,
  readJsonFile,
  writeFileAtomic,
  writeFileAtomicSync,
} from '../../../electron/core/atomic-file.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { MemoryVault } from '../../../electron/core/vault.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-atomic-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const mode = async (p: string) => (await stat(p)).mode & 0o777;
const STALE = '.picture.json.0123456789ab.tmp';

describe('writeFileAtomic', () => {
  it('syncs the temp file to disk before renaming it over the target', async () => {
    const target = path.join(dir, 'accounts', 'a', 'picture.json');
    const steps: string[] = [];
    const open = fsp.open.bind(fsp);
    vi.spyOn(fsp, 'open').mockImplementation(async (...args: Parameters<typeof fsp.open>) => {
      const handle = await open(...args);
      const name = path.basename(String(args[0]));
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        steps.push(`sync ${name}`);
        return sync();
      };
      return handle;
    });
    const rename = fsp.rename.bind(fsp);
    vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
      steps.push(`rename ${path.basename(String(from))} -> ${path.basename(String(to))}`);
      return rename(from, to);
    });

    await writeFileAtomic(target, '{"ok":true}');

    expect(await fsp.readFile(target, 'utf8')).toBe('{"ok":true}');
    const renameAt = steps.findIndex((s) => s.startsWith('rename '));
    expect(renameAt).toBeGreaterThan(0);
    const [, temp] = /^rename (\S+) -> picture\.json$/.exec(steps[renameAt]!) ?? [];
    expect(temp).toMatch(/^\.picture\.json\.[0-9a-f]{12}\.tmp$/);
    expect(steps.slice(0, renameAt)).toContain(`sync ${temp}`);
  });

  it('creates the directories it needs readable by this user only', async () => {
    await writeFileAtomic(path.join(dir, 'data', 'accounts', 'a', 'picture.json'), '{}');
    for (const d of ['data', 'data/accounts', 'data/accounts/a']) {
      expect(await mode(path.join(dir, d)), d).toBe(0o700);
    }
    expect(await mode(path.join(dir, 'data/accounts/a/picture.json'))).toBe(0o600);
  });
});

describe('prepareDataDir', () => {
  it('removes temp files of interrupted writes in our directories, and nothing else', async () => {
    const account = path.join(dir, 'accounts', 'k');
    const profile = path.join(dir, 'Cache');
    await fsp.mkdir(account, { recursive: true, mode: 0o755 });
    await fsp.mkdir(profile, { recursive: true, mode: 0o755 });
    await fsp.chmod(dir, 0o755);
    await writeFile(path.join(account, 'picture.json'), '{}');
    await writeFile(path.join(account, STALE), 'x'.repeat(1000));
    await writeFile(path.join(account, '.picture.json.fedcba987654.tmp'), 'x');
    await writeFile(path.join(dir, '.account.json.aaaaaaaaaaaa.tmp'), 'x');
    await writeFile(path.join(dir, 'account.json'), '{}');
    await writeFile(path.join(dir, 'notes.tmp'), 'not ours');
    // Chromium's profile shares the Electron data directory: not ours to clean.
    await writeFile(path.join(profile, '.index.bbbbbbbbbbbb.tmp'), 'chromium');

    expect(await prepareDataDir(dir, ['accounts'])).toBe(3);

    expect((await readdir(account)).sort()).toEqual(['picture.json']);
    expect((await readdir(dir)).sort()).toEqual(['Cache', 'account.json', 'accounts', 'notes.tmp']);
    expect(await readdir(profile)).toEqual(['.index.bbbbbbbbbbbb.tmp']);
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path.join(dir, 'accounts'))).toBe(0o700);
    expect(await mode(account)).toBe(0o700);
  });

  it('creates a missing data directory 0700', async () => {
    const fresh = path.join(dir, 'new', 'data');
    expect(await prepareDataDir(fresh, ['accounts'])).toBe(0);
    expect(await mode(fresh)).toBe(0o700);
  });

  it('runs when the browser host starts, before the core writes', async () => {
    const account = path.join(dir, 'accounts', 'k');
    await fsp.mkdir(account, { recursive: true });
    await writeFile(path.join(account, STALE), 'x');
    await fsp.mkdir(path.join(dir, 'renderer'));
    await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html>');
    const app = await startBrowserApp({
      rendererDir: path.join(dir, 'renderer'),
      dataDir: dir,
      defaults: { baseUrl: 'http://127.0.0.1:9', consumerKey: 'k', consumerSecret: 's' },
      appVersion: '0.0.0',
      vault: new MemoryVault(),
      logger: silentLogger,
    });
    try {
      expect(await readdir(account)).toEqual([]);
      expect(await mode(dir)).toBe(0o700);
    } finally {
      await app.close();
    }
  });
});

describe('writeFileAtomicSync', () => {
  it('writes its parts (larger than its buffer too), private to this user, and no temp file stays', async () => {
    const target = path.join(dir, 'accounts', 'a', 'devices.json');
    const big = 'é'.repeat(300_000); // 600,000 bytes: more than the reused buffer
    writeFileAtomicSync(target, ['[', '"a",', `"${big}"`, ']']);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual(['a', big]);
    expect(await mode(target)).toBe(0o600);
    expect(await mode(path.dirname(target))).toBe(0o700);
    expect((await readdir(path.dirname(target))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a full disk at the rename leaves the previous file whole and no temp file', async () => {
    const target = path.join(dir, 'devices.json');
    writeFileAtomicSync(target, ['["before"]']);
    vi.spyOn(fs, 'renameSync').mockImplementation(() => {
      throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
    });
    expect(() => writeFileAtomicSync(target, ['["after"]'])).toThrow(/no space/);
    expect(readFileSync(target, 'utf8')).toBe('["before"]');
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('readJsonFile (the offline copy of the devices, read in the poll worker)', () => {
  it('reads a file whole, several megabytes of it with characters of several bytes, and no file as undefined', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'read-json-'));
    try {
      const devices = Array.from({ length: 20_000 }, (_, i) => ({
        id: String(i),
        name: `Pöstlingberg-PC ${i} 東京`,
      }));
      const file = path.join(dir, 'devices.json');
      await writeFile(file, JSON.stringify(devices));
      expect((await stat(file)).size).toBeGreaterThan(1_000_000);
      expect(await readJsonFile(file)).toEqual(devices);
      expect(await readJsonFile(path.join(dir, 'none.json'))).toBeUndefined();
      await writeFile(file, '[{"id":"1"');
      await expect(readJsonFile(file)).rejects.toThrow(SyntaxError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
