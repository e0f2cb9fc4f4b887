// Launches the packaged-layout app (package.json "main") in real Electron against the stand-in service:
// the window shows the sign-in, the page has the preload's bridge and nothing of Node.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import type { RunningService } from '../../service/server.js';
import { SERVICE_DEFAULTS, startService } from '../../service/server.js';

const root = path.resolve(import.meta.dirname, '../..');
let service: RunningService;
let profile: string;

test.beforeAll(async () => {
  service = await startService({ port: 0 });
  profile = await mkdtemp(path.join(tmpdir(), 'sc-electron-e2e-'));
});

test.afterAll(async () => {
  await service?.close();
  await rm(profile, { recursive: true, force: true });
});

test('launches to the sign-in, with only the bridge exposed to the page', async () => {
  const app = await electron.launch({
    args: [root],
    env: {
      ...process.env,
      SUPPORT_CONSOLE_SERVICE_URL: service.baseUrl,
      SUPPORT_CONSOLE_CONSUMER_KEY: SERVICE_DEFAULTS.consumerKey,
      SUPPORT_CONSOLE_CONSUMER_SECRET: SERVICE_DEFAULTS.consumerSecret,
      SUPPORT_CONSOLE_DATA_DIR: profile,
    },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.locator('body')).toContainText(/sign in/i);
    const globals = await page.evaluate(() => ({
      bridge: Object.keys((window as unknown as Record<string, object>).supportConsole ?? {}).sort(),
      require: typeof (window as unknown as Record<string, unknown>).require,
      process: typeof (window as unknown as Record<string, unknown>).process,
    }));
    expect(globals).toEqual({ bridge: ['invoke', 'on'], require: 'undefined', process: 'undefined' });
    const snapshot = await page.evaluate(() =>
      (
        window as unknown as { supportConsole: { invoke(c: string, p: unknown): Promise<unknown> } }
      ).supportConsole.invoke('app:snapshot', {}),
    );
    expect(snapshot).toMatchObject({ ok: true, value: { host: 'electron', auth: { status: 'signed-out' } } });
  } finally {
    await app.close();
  }
});
