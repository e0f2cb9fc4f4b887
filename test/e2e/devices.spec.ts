// Devices: alias edit, moves by dialog, by drag and drop and in bulk, unassign. Each change is checked in
// the table AND in the service (an independent signed client), and the alias also across refresh/reload.

import type { Locator } from '@playwright/test';
import type { Device } from '../../shared/model.js';
import { expect, test } from './fixtures.js';
import {
  cellText,
  detailPane,
  deviceGrid,
  deviceRow,
  deviceRows,
  searchBox,
  selectFolder,
  toasts,
  treeItem,
} from './support/ui.js';

/** A folder's device count (sub-folders included) as the tree tells a screen reader. */
async function treeTotal(item: Locator): Promise<number> {
  const description = await item.evaluate(
    (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
  );
  const match = /(\d+) devices?,/.exec(description);
  if (!match) throw new Error(`no device count in "${description}"`);
  return Number(match[1]);
}

/** The first `n` devices the seeded account has in no folder, by id. */
function unassigned(devices: Device[], n: number): Device[] {
  const found = devices.filter((d) => d.folderId === null).slice(0, n);
  if (found.length < n) throw new Error(`the seeded account has only ${found.length} unassigned devices`);
  return found;
}

test('an alias edited inline shows in the table, is on the service and survives refresh and reload', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  const device = app.service.store.listDevices().find((d) => !d.alias)!;
  const alias = 'Zephyr kiosk';
  await searchBox(page).fill(device.name!);
  const row = deviceRow(page, device.name!);
  await expect(deviceRows(page)).toHaveCount(1);
  await row.dblclick();

  const editor = detailPane(page).getByRole('textbox', { name: 'Alias' });
  await expect(editor).toBeFocused();
  await editor.fill(alias);
  await editor.press('Enter');
  await expect(editor).toHaveCount(0);
  // The row takes the alias when the devices' owner sends the edit back, a moment after the editor closes
  // (read at once, a loaded CI machine once saw the old value still).
  await expect.poll(() => cellText(row, 'Alias')).toBe(alias);
  await expect(detailPane(page).getByText(alias, { exact: true })).toBeVisible();
  await expect.poll(async () => (await serviceApi.getDevice(device.id)).alias).toBe(alias);

  // Another console renames a second device meanwhile; a refresh fetches the list again: that change
  // appears, and ours is still there (it came back from the service, not from a local guess).
  const other = app.service.store.listDevices().find((d) => !d.alias && d.id !== device.id)!;
  await serviceApi.updateDevice(other.id, { alias: 'Zephyr (set elsewhere)' });
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await searchBox(page).fill(other.name!);
  await expect.poll(() => cellText(deviceRow(page, other.name!), 'Alias')).toBe('Zephyr (set elsewhere)');
  await searchBox(page).fill('Zephyr');
  await expect(deviceRows(page)).toHaveCount(2);
  expect(await cellText(row, 'Alias')).toBe(alias);

  await page.reload();
  await searchBox(page).fill(alias);
  await expect(deviceRows(page)).toHaveCount(1);
  expect(await cellText(deviceRow(page, device.name!), 'Alias')).toBe(alias);
});

test('the move dialog moves the selected device to the chosen folder', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  const [device] = unassigned(app.service.store.listDevices(), 1);
  await searchBox(page).fill(device!.name!);
  const row = deviceRow(page, device!.name!);
  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await detailPane(page).getByRole('button', { name: 'Move to folder…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Move devices' });
  await dialog.getByLabel('Destination folder').selectOption({ label: 'Customers / Acme / Madrid' });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  // While the device is open the pane shows its folder (the grid drops its Folder column beside the pane
  // at this width); closed, the grid shows it again.
  await expect(detailPane(page).getByText('Customers / Acme / Madrid')).toBeVisible();
  await detailPane(page)
    .getByRole('button', { name: /^Close the details/ })
    .click();
  await expect.poll(() => cellText(row, 'Folder')).toBe('Madrid');
  await expect(toasts(page)).toContainText('Moved 1 device.');
  expect((await serviceApi.getDevice(device!.id)).folderId).toBe('5');
});

test('dragging a row onto a folder of the tree moves the device there', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  const [device] = unassigned(app.service.store.listDevices(), 1);
  const target = treeItem(page, 'Internal');
  const before = await serviceApi.listDevices('2');
  const countBefore = await treeTotal(target);
  await searchBox(page).fill(device!.name!);
  const row = deviceRow(page, device!.name!);

  // Chromium's native HTML5 drag and drop, driven by Playwright's mouse (dragstart/dragover/drop with a
  // real DataTransfer), as a technician's mouse would.
  await row.dragTo(target);

  // The drag selected the row, so the pane is open and shows the folder; closed, the grid shows it.
  await expect(detailPane(page).getByText('Internal', { exact: true })).toBeVisible();
  await detailPane(page)
    .getByRole('button', { name: /^Close the details/ })
    .click();
  await expect.poll(() => cellText(row, 'Folder')).toBe('Internal');
  await expect.poll(async () => (await serviceApi.getDevice(device!.id)).folderId).toBe('2');
  expect((await serviceApi.listDevices('2')).map((d) => d.id)).toEqual(
    [...before.map((d) => d.id), device!.id].sort((a, b) => Number(a) - Number(b)),
  );
  await expect.poll(() => treeTotal(target)).toBe(countBefore + 1);
});

test('several selected devices move together, then unassign together', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  const all = app.service.store.listDevices();
  const total = all.filter((d) => d.folderId === null).length;
  const picked = unassigned(all, 3);
  const unassignedItem = treeItem(page, 'Unassigned');
  await expect(unassignedItem).toHaveAccessibleDescription(new RegExp(`\\b${total} devices\\b`));

  // Show only the unassigned devices and pick three of them with click and Ctrl+click.
  await selectFolder(page, 'Unassigned');
  await expect(deviceRows(page)).toHaveCount(total);
  await deviceRow(page, picked[0]!.name!).click();
  await deviceRow(page, picked[1]!.name!).click({ modifiers: ['ControlOrMeta'] });
  await deviceRow(page, picked[2]!.name!).click({ modifiers: ['ControlOrMeta'] });
  await expect(detailPane(page).getByText('3 selected', { exact: true })).toBeVisible();
  await expect(deviceRows(page).and(page.locator('[aria-selected="true"]'))).toHaveCount(3);

  await detailPane(page).getByRole('button', { name: 'Move to folder…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move devices' });
  await expect(dialog.getByText('3 devices', { exact: true })).toBeVisible();
  await dialog.getByLabel('Destination folder').selectOption({ label: 'Internal' });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(toasts(page)).toContainText('Moved 3 devices.');
  await expect(deviceRows(page)).toHaveCount(total - 3);
  await expect(unassignedItem).toHaveAccessibleDescription(new RegExp(`\\b${total - 3} devices\\b`));
  for (const d of picked) expect((await serviceApi.getDevice(d.id)).folderId).toBe('2');

  // In the folder they went to, select them again and unassign them in one go.
  await selectFolder(page, 'Internal');
  // Escape in the table clears the selection, which closes the detail pane (below 1600 px it floats over
  // the right of the devices screen).
  await deviceGrid(page).press('Escape');
  await expect(detailPane(page)).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Include sub-folders' }).uncheck();
  await expect(deviceRows(page)).toHaveCount(3);
  await deviceRow(page, picked[0]!.name!).click();
  await deviceRow(page, picked[2]!.name!).click({ modifiers: ['Shift'] });
  await expect(detailPane(page).getByText('3 selected', { exact: true })).toBeVisible();
  await detailPane(page).getByRole('button', { name: 'Unassign' }).click();
  await expect(unassignedItem).toHaveAccessibleDescription(new RegExp(`\\b${total} devices\\b`));
  for (const d of picked) {
    await expect.poll(async () => (await serviceApi.getDevice(d.id)).folderId).toBeNull();
  }
});

test('a status filter follows a poll: a device that went offline leaves the "online" rows', async ({
  app,
  consolePage: page,
}) => {
  const online = app.service.store.listDevices().filter((d) => d.status === 'online');
  const leaving = online[0]!;
  const chip = page.getByRole('group', { name: 'Device counts' }).getByRole('button', { name: /online$/ });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${online.length} shown`, { exact: true })).toBeVisible();
  await searchBox(page).fill(leaving.name!);
  await expect(deviceRows(page)).toHaveCount(1);
  await searchBox(page).fill('');

  // The service sees the device go offline; the next refresh brings that in while the filter stays on.
  await app.control.setDeviceStatus(leaving.id, 'offline');
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(chip).toHaveText(`${online.length - 1} online`);
  await expect(page.getByText(`${online.length - 1} shown`, { exact: true })).toBeVisible();
  await searchBox(page).fill(leaving.name!);
  await expect(deviceRows(page)).toHaveCount(0);
});
