// One clock rule, walked through every place a time is shown: with the display zone set to the account's
// (GMT+01:00 for the demo administrator) on a computer whose clock is UTC, each time names its zone, so a
// technician never reads one clock as the other.

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test } from './fixtures.js';
import { cellText, detailPane, deviceRow, deviceRows, searchBox, showScreen } from './support/ui.js';

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

/** Clicks what starts a download and reads the file as rows (after its BOM). */
async function downloaded(page: Page, click: () => Promise<void>): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await click();
  const text = await readFile((await (await download).path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
}

test('exports say what they hold: one UTC column on a UTC computer, the account’s zone when shown in it, formulas as text', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  const device = app.service.store
    .listDevices()
    .find((d) => d.name && d.alias === null && d.status === 'online')!;
  const alias = '=HYPERLINK("http://x","y")';
  await serviceApi.updateDevice(device.id, { alias });
  const refresh = () => page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  await refresh();
  await app.control.setDeviceStatus(device.id, 'offline');
  await refresh();
  await searchBox(page).fill(device.name!);
  await expect(deviceRows(page)).toHaveCount(1);
  await expect.poll(() => cellText(deviceRows(page).first(), 'Status')).toMatch(/^Offline/);

  const exportDevices = () => page.getByRole('button', { name: 'Export CSV' }).first().click();
  let [header, row] = await downloaded(page, exportDevices);
  expect(new Set(header).size).toBe(header!.length);
  expect(header).toEqual([
    'Name',
    'Alias',
    'Status',
    'Status as of (UTC, ISO 8601)',
    'OS',
    'IP',
    'Last refresh (UTC, ISO 8601)',
    'Folder',
  ]);
  expect(row!.slice(0, 3)).toEqual([device.name, `'${alias}`, 'Offline']);
  expect(row![3]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

  await deviceRow(page, device.name!).click();
  const pane = detailPane(page);
  const exportHistory = () => pane.getByRole('button', { name: 'Export CSV' }).click();
  const history = await downloaded(page, exportHistory);
  expect(history[0]).toEqual(['Time (UTC, ISO 8601)', 'Device ID', 'Device', 'From', 'To']);
  expect(history.slice(1).find((r) => r[4] === 'Offline')?.[2]).toBe(`'${alias}`);

  // Shown on the account's clock: both files name that zone, and the cells are on it.
  await app.invoke('settings:update', { displayZone: 'account' });
  await expect(pane).toContainText(ZONE);
  [header, row] = await downloaded(page, exportDevices);
  expect(header).toContain('Last refresh (UTC, ISO 8601)');
  expect(header).toContain('Last refresh (GMT+01:00)');
  expect(header).toContain('Status as of (GMT+01:00)');
  expect(row![header!.indexOf('Last refresh (GMT+01:00)')]).toMatch(ZONE);
  const inZone = await downloaded(page, exportHistory);
  expect(inZone[0]!.slice(0, 2)).toEqual(['Time (UTC, ISO 8601)', 'Time (GMT+01:00)']);
});
