// The directories the core writes are named once (store/data-dirs.ts): a core at work writes nowhere
// else, and the start sweeps temp files of interrupted writes from all of them. The retention setting
// reaches the open history and survives a restart.
import { promises as fsp } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBrowserApp } from '../../../../electron/browser-host/main.js';
import { silentLogger } from '../../../../electron/core/logger.js';
import { OWN_DIRS, prepareOwnDirs } from '../../../../electron/core/store/data-dirs.js';
import { MemoryVault } from '../../../../electron/core/vault.js';
import type { Harness } from '../../support/core-harness.js';
import { makeHarness } from '../../support/core-harness.js';
import { settle } from '../../support/fake-clock.js';

let dir: string;
let h: Harness | null = null;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-dirs-'));
});
afterEach(async () => {
  await h?.dispose();
  h = null;
  await rm(dir, { recursive: true, force: true });
});

const temp = (name: string) => `.${name}.0123456789ab.tmp`;

/** Every directory under `root`, relative, deepest last. */
async function dirsUnder(root: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(root, rel), { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const sub = path.join(rel, e.name);
    out.push(sub, ...(await dirsUnder(root, sub)));
  }
  return out;
}

describe('the directories the core writes', () => {
  it('are all in the one list: a signed-in core with a history, views and a copy writes nowhere else', async () => {
    h = await makeHarness({ dataDir: dir });
    await h.signIn();
    expect((await h.invoke('views:save', { views: [{ id: 'v1', name: 'Berlin' }] })).ok).toBe(true);
    await h.saveCache();
    await h.dispose();
    h = null;
    const top = (await dirsUnder(dir)).filter((d) => !d.includes(path.sep));
    expect(top.sort()).toEqual([...OWN_DIRS].sort());
  });

  it('have the temp files of interrupted writes swept at start, however deep', async () => {
    const places = ['', 'accounts/k', 'status-history/acc', 'views'];
    for (const p of places) {
      await fsp.mkdir(path.join(dir, p), { recursive: true });
      await writeFile(path.join(dir, p, temp('x.json')), 'half a write');
      await writeFile(path.join(dir, p, 'kept.json'), '{}');
    }
    // Chromium's profile in Electron's data directory is not ours.
    await fsp.mkdir(path.join(dir, 'Cache'));
    await writeFile(path.join(dir, 'Cache', temp('index')), 'chromium');

    expect(await prepareOwnDirs(dir)).toBe(places.length);
    for (const p of places) expect(await readdir(path.join(dir, p)), p).not.toContain(temp('x.json'));
    for (const p of places) expect(await readdir(path.join(dir, p)), p).toContain('kept.json');
    expect(await readdir(path.join(dir, 'Cache'))).toEqual([temp('index')]);
  });

  it('are swept when the browser host starts', async () => {
    await fsp.mkdir(path.join(dir, 'status-history', 'acc'), { recursive: true });
    await writeFile(path.join(dir, 'status-history', 'acc', temp('index.json')), 'x');
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
      expect(await readdir(path.join(dir, 'status-history', 'acc'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the retention setting', () => {
  it('applies to the open history, is saved, and opens the history after a restart', async () => {
    h = await makeHarness({ dataDir: dir });
    await h.signIn();
    await vi.waitFor(async () => {
      const usage = await h!.invoke('history:usage');
      if (!usage.ok || !usage.value?.bytes) throw new Error('no history on disk yet');
    });
    const set = await h.invoke('settings:update', { historyRetentionDays: 30 });
    expect(set.ok && set.value.historyRetentionDays).toBe(30);
    const usage = await h.invoke('history:usage');
    expect(usage.ok && usage.value).toMatchObject({ retentionDays: 30, days: 1 });
    expect(usage.ok && usage.value?.bytes).toBeGreaterThan(0);

    h = await h.restart();
    await settle();
    await vi.waitFor(async () => {
      const again = await h!.invoke('history:usage');
      expect(again.ok && again.value?.retentionDays).toBe(30);
    });
  });

  it('refuses a retention out of range', async () => {
    h = await makeHarness({ dataDir: dir });
    const r = await h.invoke('settings:update', { historyRetentionDays: 0 });
    expect(r.ok).toBe(false);
  });
});
