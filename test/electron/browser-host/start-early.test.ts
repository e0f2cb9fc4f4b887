// The browser app announces its address as soon as the host listens, before the core has read its copy, so
// a page opened then loads its code meanwhile; what it asks of the core is answered once the core started.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startBrowserApp } from '../../../electron/browser-host/main.js';
import { silentLogger } from '../../../electron/core/logger.js';
import { MemoryVault } from '../../../electron/core/vault.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sc-early-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Support Console</title>');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** What happened, in order: the address announced, and the core asking the keychain as it starts. */
const order: string[] = [];
class WatchedVault extends MemoryVault {
  override async probe() {
    order.push('core asks the keychain');
    return super.probe();
  }
}

it('announces the address before it has started; a call made then is answered by the started core', async () => {
  let startResolved = false;
  let early: Promise<{ announcedBeforeStart: boolean; page: number; snapshot: unknown }> | null = null;
  const starting = startBrowserApp({
    rendererDir: dir,
    dataDir: path.join(dir, 'data'),
    defaults: { baseUrl: 'http://127.0.0.1:9', consumerKey: 'k', consumerSecret: 's' },
    appVersion: '0.0.0',
    vault: new WatchedVault(),
    logger: silentLogger,
    onListening: (launchUrl) => {
      order.push('address announced');
      const announcedBeforeStart = !startResolved;
      early = (async () => {
        const login = await fetch(launchUrl, { redirect: 'manual' });
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
        const origin = new URL(launchUrl).origin;
        const page = (await fetch(`${origin}/`, { headers: { cookie } })).status;
        const res = await fetch(`${origin}/ipc/app:snapshot`, {
          method: 'POST',
          headers: { cookie, origin, 'content-type': 'application/json' },
          body: '{}',
        });
        return { announcedBeforeStart, page, snapshot: await res.json() };
      })();
    },
  });
  const app = await starting.finally(() => (startResolved = true));
  try {
    expect(early).not.toBeNull();
    const seen = await early!;
    expect(seen.announcedBeforeStart).toBe(true);
    expect(order[0]).toBe('address announced');
    expect(order).toContain('core asks the keychain');
    expect(seen.page).toBe(200);
    // Signed out with no copy: the started core's answer, its settings read from disk.
    expect(seen.snapshot).toMatchObject({ ok: true, value: { auth: { status: 'signed-out' } } });
  } finally {
    await app.close();
  }
});
