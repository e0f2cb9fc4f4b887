// Offline edits: with the service gone, an alias edit is kept in the outbox (shown at once, counted on the
// status bar), survives nothing being reachable, and reaches the service once it is back. Creating a
// session stays refused offline, saying why.

import { expect, test } from './fixtures.js';
import { cellText, deviceRow, deviceRows, searchBox, showScreen } from './support/ui.js';

test('offline edit → reconnect → sent: the alias waits in the outbox and reaches the service', async ({
  app,
  consolePage: page,
}) => {
  const device = app.service.store.listDevices().find((d) => !d.alias)!;
  const alias = 'Queued kiosk';
  const statusBar = page.getByRole('contentinfo', { name: 'Status' });

  await app.stopService();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toBeVisible();

  await searchBox(page).fill(device.name!);
  await expect(deviceRows(page)).toHaveCount(1);
  const row = deviceRow(page, device.name!);
  await row.dblclick();
  const editor = page.getByRole('complementary', { name: 'Device details' }).getByRole('textbox', {
    name: 'Alias',
  });
  await editor.fill(alias);
  await editor.press('Enter');
  await expect(editor).toHaveCount(0);
  // Shown at once (the change comes back from the devices' owner, a few milliseconds: the cell was read
  // once and lost that race under CI's load), and counted as waiting for the service.
  await expect.poll(() => cellText(row, 'Alias'), { timeout: 2_000 }).toBe(alias);
  await expect(statusBar.getByRole('status')).toHaveText('1 change waiting — sent when the service is back');

  // Creating a session is never queued: offline it is refused up front, with the reason.
  await showScreen(page, 'Sessions');
  await expect(page.getByRole('button', { name: 'New session' })).toBeDisabled();
  await expect(page.getByText(/never queued, so a customer is never invited twice/)).toBeVisible();
  await showScreen(page, 'Devices');

  // The service comes back (its saved state, without our change): the next refresh reconnects and the
  // outbox sends the alias.
  await app.restartService();
  expect(app.service.store.getDevice(device.id).alias).toBeNull();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(statusBar).toContainText('Connected');
  await expect.poll(() => app.service.store.getDevice(device.id).alias, { timeout: 15_000 }).toBe(alias);
  await expect(statusBar.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New session' })).toHaveCount(0); // (on Devices)
  expect(await cellText(deviceRow(page, device.name!), 'Alias')).toBe(alias);
});

test('the waiting edits are listed (what, on which device, since when) and one is cancelled before it is sent', async ({
  app,
  consolePage: page,
}) => {
  const [kept, dropped] = app.service.store.listDevices().filter((d) => !d.alias && d.name);
  const statusBar = page.getByRole('contentinfo', { name: 'Status' });
  await app.stopService();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Offline', exact: true })).toBeVisible();

  const editAlias = async (name: string, alias: string) => {
    await searchBox(page).fill(name);
    await deviceRow(page, name).dblclick();
    const editor = page.getByRole('complementary', { name: 'Device details' }).getByRole('textbox', {
      name: 'Alias',
    });
    await editor.fill(alias);
    await editor.press('Enter');
    await expect(editor).toHaveCount(0);
  };
  await editAlias(kept!.name!, 'Kept kiosk');
  await editAlias(dropped!.name!, 'Dropped kiosk');
  await expect(statusBar.getByRole('status')).toHaveText('2 changes waiting — sent when the service is back');

  await statusBar.getByRole('button', { name: 'Show the waiting changes' }).click();
  const list = page.getByRole('dialog', { name: 'Waiting changes' });
  const row = (device: string) => list.getByRole('row').filter({ hasText: device });
  await expect(row(kept!.name!)).toContainText('Alias “Kept kiosk”');
  await expect(row(dropped!.name!)).toContainText(/Alias “Dropped kiosk”.*\(\d+ s ago\)Waiting/);
  await list.getByRole('button', { name: `Cancel Alias “Dropped kiosk” on ${dropped!.name}` }).click();
  await expect(row(dropped!.name!)).toHaveCount(0);
  await expect(statusBar.getByRole('status')).toHaveText('1 change waiting — sent when the service is back');
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  // Its change is undone on screen at once.
  await searchBox(page).fill(dropped!.name!);
  expect(await cellText(deviceRow(page, dropped!.name!), 'Alias')).toBe('');

  // Back online: the one left is sent, the cancelled one never is.
  await app.restartService();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect
    .poll(() => app.service.store.getDevice(kept!.id).alias, { timeout: 15_000 })
    .toBe('Kept kiosk');
  await expect(statusBar.getByRole('status')).toHaveCount(0);
  expect(app.service.store.getDevice(dropped!.id).alias).toBeNull();
});
