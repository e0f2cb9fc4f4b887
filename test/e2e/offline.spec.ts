// Offline: the service goes away. The page says so with the age of what it shows, the cached devices stay
// browsable and searchable; edits stay possible (they wait in the outbox: outbox.spec.ts) while creating a
// session is refused with the reason; when the service is back, so is the app.

import { readdir } from 'node:fs/promises';
import { expect, test } from './fixtures.js';
import { detailPane, deviceRow, deviceRows, searchBox, selectFolder, showScreen } from './support/ui.js';

const OFFLINE_REASON =
  'Offline: support sessions are created and deleted only while the service is reachable. They are never queued, so a customer is never invited twice.';

test('with the service gone the cached devices stay browsable, edits stay open and session creation is refused', async ({
  app,
  consolePage: page,
}) => {
  const devices = app.service.store.listDevices();
  const device = devices.find((d) => !d.alias)!;
  const banner = page.getByRole('status', { name: 'Offline', exact: true });
  await expect(banner).toHaveCount(0);

  await app.stopService();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();

  await expect(banner).toHaveRole('status');
  // The banner carries when the data was fetched and how old it is.
  await expect(banner).toHaveText(
    /^Offline since \d{1,2}:\d{2}.* — showing data from \d{1,2}:\d{2}.* \(\d+ (s|min|h) old\)/,
  );
  const statusBar = page.getByRole('contentinfo', { name: 'Status' });
  await expect(statusBar).toContainText('Offline');
  // "Offline" already says the service cannot be reached: the bar does not add it, nor "up to date".
  await expect(
    statusBar.getByText(/could not be reached|Data up to date/).filter({ visible: true }),
  ).toHaveCount(0);

  // Still browsable: counts, folder filter and search work on the offline copy.
  await expect(page.getByText(`${devices.length} devices`, { exact: true })).toBeVisible();
  await selectFolder(page, 'Unassigned');
  await expect(deviceRows(page)).toHaveCount(devices.filter((d) => d.folderId === null).length);
  await selectFolder(page, 'All devices');
  await searchBox(page).fill(device.name!);
  await expect(deviceRows(page)).toHaveCount(1);
  const row = deviceRow(page, device.name!);
  await row.click();
  await expect(detailPane(page).getByRole('heading', { name: device.name! })).toBeVisible();

  // Edits stay open: they wait in the outbox until the service is back.
  const detail = detailPane(page);
  await expect(detail.getByRole('button', { name: 'Edit alias' })).toBeEnabled();
  await expect(detail.getByRole('button', { name: 'Move to folder…' })).toBeEnabled();

  await showScreen(page, 'Sessions');
  await expect(page.getByRole('button', { name: 'New session' })).toBeDisabled();
  await expect(page.getByText(OFFLINE_REASON)).toBeVisible();

  // The service comes back: the next refresh reconnects, the banner goes and writes work again.
  await app.restartService();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(banner).toHaveCount(0);
  await expect(statusBar).toContainText('Connected');
  await expect(page.getByRole('button', { name: 'New session' })).toBeEnabled();
  expect(app.service.store.getDevice(device.id).alias).toBeNull();
});

test('a relaunch while the service is down opens the offline copy saved on disk', async ({
  app,
  consolePage: page,
}) => {
  const devices = app.service.store.listDevices();
  // The offline copy (accounts/<account>/picture.json in the data directory) is written a few seconds
  // after the first sync.
  const copies = async () =>
    (await readdir(app.dataDir, { recursive: true })).filter((f) => f.endsWith('picture.json'));
  await expect.poll(copies, { timeout: 15_000 }).toHaveLength(1);
  await app.stopService();
  await app.stopHost();

  await app.restartHost();
  // Open the page once the core has its copy, so the first snapshot carries it (see settled()).
  await expect
    .poll(async () => {
      const snapshot = await app.invoke('app:snapshot', {});
      return [snapshot.sync.connection, snapshot.data.devices.length];
    })
    .toEqual(['offline', devices.length]);
  await page.goto(app.launchUrl);

  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toHaveText(
    /^Offline since .* — showing data from \d{1,2}:\d{2}.* \(\d+ (s|min|h) old\)/,
  );
  await expect(page.getByText(`${devices.length} devices`, { exact: true })).toBeVisible();
  const device = devices[devices.length - 1]!;
  await searchBox(page).fill(device.name!);
  await expect(deviceRows(page)).toHaveCount(1);
  await expect(deviceRow(page, device.name!)).toBeVisible();
});
