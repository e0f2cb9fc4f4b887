// A small window and 200 % zoom: the console reflows by the space it has. Two walks, one at 200 % and one
// at 100 % in a 900 × 600 window, go through devices (search, the folder drawer, the filters, a row's
// details, a bulk change), sessions, users, the Overview and Settings. On each stop the page's boxes are
// judged (layout-checks.ts: no text cut off, no control overlapping or covering another, none outside the
// window), the grid shows at least ten rows, and axe finds no serious or critical violation.
// With SUPPORT_CONSOLE_SCREENSHOTS=docs (`npm run screenshots`) each walk leaves a picture in docs/screenshots.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  clippedText,
  CONTROLS,
  controlsOutside,
  cutText,
  gridRowsInView,
  outsideWindow,
  overlaps,
  placeholderCut,
  within,
} from './support/layout-checks.js';
import { axeFindings } from './support/axe-audit.js';
import { deviceRow, deviceRows, detailPane, searchBox, showScreen } from './support/ui.js';

/** Every layout fault on the page as it is now: text cut off, controls overlapping, outside the window. */
async function layoutFaults(page: Page, where: string, selector = CONTROLS): Promise<string[]> {
  // Let transitions and live-region text settle before boxes are measured.
  await page.waitForTimeout(50);
  return [
    ...(await cutText(page)).map((f) => `${where}: cut ${f}`),
    ...(await overlaps(page, selector)).map((f) => `${where}: ${f}`),
    // The grid's column headers beyond its right edge are reached by scrolling the grid sideways (narrower
    // than the technician's columns, it scrolls rather than hide one): the window's edge does not judge them.
    ...(await outsideWindow(page, controlsOutside('[role="grid"]', selector))).map(
      (f) => `${where}: outside ${f}`,
    ),
  ];
}

/** The layout faults and axe's serious and critical findings (axe is slow: once per screen, not per step). */
async function faults(page: Page, where: string, selector = CONTROLS): Promise<string[]> {
  const found = await layoutFaults(page, where, selector);
  return [...found, ...(await axeFindings(page, `${where}: axe`))];
}

async function shoot(page: Page, file: string): Promise<void> {
  const out =
    process.env.SUPPORT_CONSOLE_SCREENSHOTS === 'docs'
      ? path.resolve(import.meta.dirname, '../../docs/screenshots')
      : test.info().outputPath('screenshots');
  await mkdir(out, { recursive: true });
  await page.screenshot({ path: path.join(out, file), animations: 'disabled', caret: 'hide' });
}

const WINDOWS = [
  // A 1280 × 800 window at 200 % zoom: Chromium lays the page out in 640 × 400 CSS pixels, each drawn as
  // 2 × 2 device pixels. Playwright's viewport is in CSS pixels, so that is this viewport at scale 2.
  {
    name: '200 % zoom (1280 × 800 window)',
    viewport: { width: 640, height: 400 },
    scale: 2,
    shot: 'reflow-200.png',
  },
  {
    name: '100 % in a 900 × 600 window',
    viewport: { width: 900, height: 600 },
    scale: 1,
    shot: 'reflow-900.png',
  },
];

// axe walks every node: seconds per screen alone, a minute or more on a loaded 2-core machine.
test.describe.configure({ timeout: 600_000 });

for (const win of WINDOWS) {
  test.describe(win.name, () => {
    test.use({ viewport: win.viewport, deviceScaleFactor: win.scale });

    test(`every screen reachable and whole, ten grid rows, no axe finding: ${win.name}`, async ({
      app,
      consolePage: page,
    }) => {
      const store = app.service.store;

      // Devices as they open: the grid keeps ten rows of height, the toolbars fold rather than push it out.
      expect(await gridRowsInView(page)).toBeGreaterThanOrEqual(10);
      expect.soft(await layoutFaults(page, 'devices')).toEqual([]);
      // The search box keeps its whole placeholder (what it searches, and its "/" key) however narrow.
      expect.soft(await placeholderCut(searchBox(page))).toBe(false);

      // The side panes (saved views, folders) are a drawer here, opened by its button or by Alt+0.
      const drawerButton = page.getByRole('button', { name: 'Folders and views' });
      await expect(drawerButton).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('tree', { name: 'Folders' })).toBeHidden();
      await page.keyboard.press('Alt+0');
      const drawer = page.getByRole('dialog', { name: 'Folders and views' });
      await expect(drawer.getByRole('tree', { name: 'Folders' })).toBeVisible();
      await expect(drawer.getByRole('region', { name: 'Saved views' })).toBeVisible();
      // The disabled folder actions say why in text, not in a tooltip only.
      await expect(drawer.getByRole('button', { name: 'Rename' })).toHaveAccessibleDescription(
        'Select a folder first.',
      );
      await expect(drawer.getByText('Select a folder first.')).toBeVisible();
      expect
        .soft(await faults(page, 'devices, folder drawer', controlsOutside('.devices-screen > .device-main')))
        .toEqual([]);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(drawerButton).toBeFocused();

      // The filters fold into one button that says how many are set.
      const filtersButton = page.getByRole('button', { name: /^Filters/ });
      await expect(filtersButton).toHaveAccessibleName('Filters');
      await filtersButton.click();
      const status = page.getByRole('combobox', { name: 'Status' });
      await status.selectOption('online');
      await expect(filtersButton).toHaveAccessibleName('Filters (1 set)');
      expect.soft(await layoutFaults(page, 'devices, filters open')).toEqual([]);
      await status.selectOption('all');
      await expect(filtersButton).toHaveAccessibleName('Filters');
      await filtersButton.click();
      await expect(status).toBeHidden();

      // Search, select a row, read its details in the overlay, close it with its own button.
      const device = store.listDevices().find((d) => d.name && d.name.length > 4)!;
      await searchBox(page).fill(device.name!);
      const row = deviceRow(page, device.name!);
      await row.click();
      const detail = detailPane(page);
      await expect(detail.getByRole('heading', { name: device.name! })).toBeVisible();
      await expect(detail).toBeInViewport();
      // The overlay lies over the grid on purpose; everything else stays clear of it and of each other.
      expect.soft(await faults(page, 'devices, details', controlsOutside('[role="grid"]'))).toEqual([]);
      if (win.scale === 2) await shoot(page, win.shot);
      await detail.getByRole('button', { name: /^Close the details/ }).click();
      await expect(detail).toBeHidden();

      // A bulk change over what the search matches: an alias pattern, run to its end on the service.
      const matches = await deviceRows(page).count();
      expect(matches).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Change all that match…' }).click();
      const bulk = page.getByRole('dialog', { name: 'Change all matching devices' });
      await bulk.getByRole('radio', { name: 'Set aliases from a pattern' }).check();
      await bulk.getByRole('textbox', { name: /Alias pattern/ }).fill('Reflow-{n:2}');
      // A modal dialog lies over the page on purpose: its own controls are what is judged.
      expect.soft(await layoutFaults(page, 'bulk dialog', within('[role="dialog"]'))).toEqual([]);
      await bulk.getByRole('button', { name: `Apply to ${matches}` }).click();
      await expect(bulk.getByTestId('bulk-status')).toHaveText(
        `Finished ${matches} of ${matches} done, 0 failed`,
        { timeout: 30_000 },
      );
      expect(store.getDevice(device.id).alias).toMatch(/^Reflow-\d\d$/);
      await bulk.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(bulk).toBeHidden();

      // Sessions: each item shows its customer, state, start and code whole, on two lines if need be.
      await showScreen(page, 'Sessions');
      const sessions = page.getByRole('main', { name: 'Sessions' });
      await expect(sessions.locator('.session-list').getByRole('button').first()).toBeVisible();
      expect.soft(await clippedText(page, '.session-item > *')).toEqual([]);
      await sessions.locator('.session-list').getByRole('button').first().click();
      await expect(page.getByRole('complementary', { name: 'Session details' })).toBeVisible();
      expect.soft(await faults(page, 'sessions')).toEqual([]);
      if (win.scale === 1) await shoot(page, win.shot);

      // Users: every column's text whole.
      await showScreen(page, 'Users');
      const users = page.getByRole('table', { name: 'Users' });
      await expect(users.getByRole('row')).toHaveCount(store.listUsers().length + 1);
      expect.soft(await clippedText(page, '.users-screen td, .users-screen tbody th')).toEqual([]);
      expect.soft(await faults(page, 'users')).toEqual([]);

      // The Overview: it scrolls by keys, and the charts' numbers are a table a keyboard reaches.
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Overview' })
        .click();
      const overview = page.getByRole('region', { name: 'Overview' });
      await expect(overview.getByTestId('overview-chart-day')).toBeVisible();
      await overview.focus();
      await page.keyboard.press('End');
      await expect.poll(() => overview.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await overview.getByTestId('overview-chart-day').getByText('Show the values as a table').focus();
      await page.keyboard.press('Enter');
      const table = overview.getByRole('table', { name: 'Devices by status, last 24 hours' });
      await expect(table.getByRole('columnheader', { name: 'Online' })).toBeVisible();
      expect.soft(await faults(page, 'overview')).toEqual([]);

      // Settings.
      await showScreen(page, 'Settings');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      expect.soft(await faults(page, 'settings')).toEqual([]);
    });
  });
}
