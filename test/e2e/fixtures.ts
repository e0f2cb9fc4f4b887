// Playwright fixtures: every test gets its own service (seeded demo account, control API on) and its own
// browser host with a fresh data directory, and a page that has opened the host's launch URL. Everything
// is closed and removed after the test. Per test rather than per file: the specs change the account
// (aliases, folders, sessions, stopping the service), and a fresh pair, signed in and synced, is ready in about a second.

import { test as base, expect, type Page } from '@playwright/test';
import type { ServiceApi } from '../../shared/client/api.js';
import { ConsoleApp, type ConsoleAppOptions } from './support/console-app.js';
import { serviceView } from './support/service-view.js';
import { deviceGrid } from './support/ui.js';

interface Fixtures {
  /** How the service and the app start (test.use({ appOptions: … })). */
  appOptions: ConsoleAppOptions;
  app: ConsoleApp;
  /** The page, launched into the app; signed in (devices listed) unless appOptions.signedIn is false. */
  consolePage: Page;
  /** An independent signed client of the service, to check what the service really holds. */
  serviceApi: ServiceApi;
}

export const test = base.extend<Fixtures>({
  appOptions: [{}, { option: true }],

  app: async ({ appOptions }, use, testInfo) => {
    const app = await ConsoleApp.start(appOptions);
    try {
      await use(app);
    } finally {
      await app.close();
      // The core's warnings stay quiet unless they may explain a failure.
      if (testInfo.status !== testInfo.expectedStatus && app.log.lines.length > 0) {
        console.error(`core log of "${testInfo.title}":\n${app.log.lines.join('\n')}`);
      }
    }
  },

  consolePage: async ({ app, page, appOptions }, use) => {
    await page.goto(app.launchUrl);
    if (appOptions.signedIn ?? true) {
      // Generous: drawing a 10,000-device account on a busy 2-core machine can take a while.
      await expect(deviceGrid(page).getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    }
    await use(page);
  },

  serviceApi: async ({ app }, use) => {
    await use(await serviceView(app.service.baseUrl));
  },
});

export { expect };
