// Each main screen in light and dark (1400×860, the config's viewport), checking that the theme really
// applies: the page's background is light in light mode and dark in dark mode. The pictures go to the
// test's output folder (test-results/, ignored by git), so `npm test` leaves the tree clean; `npm run
// screenshots` sets SUPPORT_CONSOLE_SCREENSHOTS=docs and writes them to docs/screenshots for the README.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { deviceRow, selectFolder, showScreen, treeItem } from './support/ui.js';

const DOCS = path.resolve(import.meta.dirname, '../../docs/screenshots');
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Relative luminance (0 black … 1 white) of the page's background. */
function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const probe = [document.querySelector('.app, .signin-page'), document.body].find(
      (el): el is Element => !!el && getComputedStyle(el).backgroundColor !== 'rgba(0, 0, 0, 0)',
    );
    const rgb = getComputedStyle(probe ?? document.body)
      .backgroundColor.match(/[\d.]+/g)!
      .map(Number);
    const [r, g, b] = rgb.slice(0, 3).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

function outputDir(): string {
  return process.env.SUPPORT_CONSOLE_SCREENSHOTS === 'docs' ? DOCS : test.info().outputPath('screenshots');
}

async function shoot(page: Page, screen: string, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  const luminance = await backgroundLuminance(page);
  if (theme === 'light') expect(luminance).toBeGreaterThan(0.6);
  else expect(luminance).toBeLessThan(0.2);
  const out = outputDir();
  await mkdir(out, { recursive: true });
  await page.screenshot({
    path: path.join(out, `${screen}-${theme}.png`),
    animations: 'disabled',
    caret: 'hide',
  });
}

test.describe('signed out', () => {
  test.use({ appOptions: { signedIn: false } });

  test('sign-in screen', async ({ consolePage: page }) => {
    await expect(page.getByRole('heading', { name: 'Sign in to your remote-support account' })).toBeVisible();
    for (const theme of THEMES) await shoot(page, 'signin', theme);
  });
});

test.describe('signed in', () => {
  test('devices, sessions and users screens', async ({ app, consolePage: page }) => {
    // Devices: the tree opened down to a site, its offline devices saved as a view (the saved views and
    // the active view's bar), one of them open with its status history in the detail panel.
    const store = app.service.store;
    const madrid = store.listFolders('4').find((f) => f.name === 'Madrid')!;
    const device = store
      .listDevices()
      .find(
        (d) =>
          d.alias &&
          d.status === 'offline' &&
          (d.folderId === madrid.id || store.listFolders(madrid.id).some((f) => f.id === d.folderId)),
      )!;
    await treeItem(page, 'Customers').getByText('Customers', { exact: true }).first().click();
    await treeItem(page, 'Customers').press('ArrowRight');
    await treeItem(page, 'Acme').press('ArrowRight');
    await treeItem(page, 'Acme').press('ArrowRight'); // into Madrid
    await treeItem(page, 'Madrid').press('ArrowRight');
    await selectFolder(page, 'Madrid');
    await expect(treeItem(page, 'Accounting')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Offline' });
    await page.getByRole('button', { name: 'Save current filter as a view' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('Madrid offline');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('region', { name: 'Saved views' }).getByRole('button', { name: /^Madrid offline/ }),
    ).toBeVisible();
    await deviceRow(page, device.name!).click();
    const details = page.getByRole('complementary', { name: 'Device details' });
    await expect(details.getByRole('heading', { name: device.name! })).toBeVisible();
    const history = details.getByRole('region', { name: 'Status history' });
    await history.scrollIntoViewIfNeeded();
    await expect(history.getByRole('heading', { name: 'Status history' })).toBeInViewport();
    for (const theme of THEMES) await shoot(page, 'devices', theme);

    // Sessions: the agenda with an ongoing session selected.
    const ongoing = store.listSessions().find((s) => s.state === 'ongoing')!;
    await showScreen(page, 'Sessions');
    await expect(
      page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Agenda' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: new RegExp(ongoing.code!) }).click();
    await expect(
      page
        .getByRole('complementary', { name: 'Session details' })
        .getByRole('heading', { name: ongoing.customer! }),
    ).toBeVisible();
    for (const theme of THEMES) await shoot(page, 'sessions', theme);

    // Users: everyone of the account, the signed-in user marked.
    await showScreen(page, 'Users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row')).toHaveCount(store.listUsers().length + 1);
    await expect(table.locator('tr[aria-current="true"]')).toContainText('you');
    for (const theme of THEMES) await shoot(page, 'users', theme);
  });
});

test.describe('working at scale', () => {
  test('a bulk change of all that match, previewed, and the command palette', async ({
    consolePage: page,
  }) => {
    // Bulk: every device whose name holds "desk", moved to Internal, as previewed before it runs.
    await page.getByRole('searchbox', { name: 'Search devices' }).fill('desk');
    await page.getByRole('button', { name: 'Change all that match…' }).click();
    const bulk = page.getByRole('dialog', { name: 'Change all matching devices' });
    await expect(bulk).toBeVisible();
    await bulk.getByRole('combobox').first().selectOption({ label: 'Internal' });
    await expect(bulk.getByRole('button', { name: /^(Change|Apply|Run|Move)/ }).last()).toHaveText(/\d/);
    for (const theme of THEMES) await shoot(page, 'bulk', theme);
    await page.keyboard.press('Escape');
    await expect(bulk).toHaveCount(0);

    // Palette: Ctrl+K and a few letters of a device name.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await page.keyboard.type('madr');
    await expect(palette.getByRole('option').first()).toBeVisible();
    for (const theme of THEMES) await shoot(page, 'palette', theme);
  });
});
