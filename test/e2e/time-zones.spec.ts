// One clock rule, walked through every place a time is shown: with the display zone set to the account's
// (GMT+01:00 for the demo administrator) on a computer whose clock is UTC, each time names its zone, so a
// technician never reads one clock as the other.

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { cellText, deviceRows, showScreen } from './support/ui.js';

test.use({ timezoneId: 'UTC' });

const ZONE = /GMT\+0?1(:00)?/;

/** Every text on the page that looks like a clock time, without the zone named next to it. */
async function unnamedTimes(page: Page, scope: string): Promise<string[]> {
  const texts = await page.locator(scope).allInnerTexts();
  return (
    texts
      .flatMap((t) => t.split('\n'))
      // "your computer: …" beside a session's time names its zone too.
      .filter((line) => /\b\d{1,2}:\d{2}\b/.test(line) && !ZONE.test(line) && !/your computer/.test(line))
  );
}

test('every time shown names its zone when the display zone is not this computer’s', async ({
  app,
  consolePage: page,
}) => {
  await app.invoke('settings:update', { displayZone: 'account' });

  // Devices: the Last refresh column, and the detail panel's dates.
  const row = deviceRows(page).first();
  await expect(row).toBeVisible();
  expect(await cellText(row, 'Last refresh')).toMatch(ZONE);
  await row.click();
  const detail = page.getByRole('complementary', { name: 'Device details' });
  await expect(detail).toContainText(ZONE);
  expect(await unnamedTimes(page, '.detail-pane dl')).toEqual([]);

  // Sessions: every time in the list and in the selected session's detail.
  await showScreen(page, 'Sessions');
  await expect(page.locator('.session-list').first()).toBeVisible();
  expect(await unnamedTimes(page, '.session-list')).toEqual([]);
  await page.locator('.session-list button').first().click();
  expect(await unnamedTimes(page, '.detail-pane')).toEqual([]);

  // Users: last login.
  await showScreen(page, 'Users');
  await expect(page.getByRole('main', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  expect(await unnamedTimes(page, 'main table tbody')).toEqual([]);

  // Banners: offline since, data from.
  await showScreen(page, 'Devices');
  await app.stopService();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  const banner = page.getByRole('status', { name: 'Offline', exact: true });
  await expect(banner).toContainText(ZONE);
  expect(await unnamedTimes(page, '.banner, [role="status"][aria-label="Offline"]')).toEqual([]);
});
