// The palette lists every action of the menus on what is selected: the row menu's on the selected device
// (edit alias, copy, its alerts, move, unassign), the folder menu's on the selected folder (rename, move,
// delete…), and the open view's condition editor; each named as in its menu with its target beside it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { deviceRow, deviceRows, detailPane, searchBox, selectFolder } from './support/ui.js';

function palette(page: Page) {
  const box = page.getByRole('combobox', { name: 'Command palette' });
  const options = page.getByRole('listbox', { name: 'Command palette' }).getByRole('option');
  return {
    options,
    async run(query: string, first: RegExp) {
      await page.keyboard.press('Control+k');
      await box.fill(query);
      await expect(options.first()).toContainText(first);
      await page.keyboard.press('Enter');
    },
  };
}

test('the palette runs the row menu’s actions on the selected device', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  const device = app.service.store.listDevices().find((d) => !d.alias && d.folderId !== null)!;
  const name = device.name!;
  const { run, options } = palette(page);
  await searchBox(page).fill(name);
  await expect(deviceRows(page)).toHaveCount(1);
  await deviceRow(page, name).click();

  // Each action names the device it acts on.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command palette' }).fill('edit alias');
  await expect(options.first()).toContainText(new RegExp(`^Action\\s*Edit alias\\s*${name}`));
  await page.keyboard.press('Escape');

  await run('edit alias', /^Action\s*Edit alias/);
  const editor = detailPane(page).getByRole('textbox', { name: 'Alias' });
  await expect(editor).toBeFocused();
  await editor.fill('From the palette');
  await editor.press('Enter');
  await expect.poll(async () => (await serviceApi.getDevice(device.id)).alias).toBe('From the palette');

  await run('alerts for this device', /^Action\s*Alerts for this device/);
  await expect(
    detailPane(page).getByRole('checkbox', { name: 'Alert me when this device goes offline or comes back' }),
  ).toBeFocused();

  await run('move to folder', /^Action\s*Move to folder…/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await run('unassign from folder', /^Action\s*Unassign from folder/);
  await expect.poll(async () => (await serviceApi.getDevice(device.id)).folderId).toBeNull();
});

test('the palette runs the folder menu’s actions on the selected folder, and opens the view’s condition editor', async ({
  consolePage: page,
  serviceApi,
}) => {
  const { run, options } = palette(page);
  const folder = (await serviceApi.listFolders()).find((f) => f.name === 'Internal')!;
  await selectFolder(page, 'Internal');

  await run('rename folder', /^Action\s*Rename folder\s*Internal/);
  const rename = page.getByRole('dialog', { name: 'Rename folder' });
  await expect(rename.getByLabel('Folder name')).toHaveValue('Internal');
  await rename.getByLabel('Folder name').fill('Internal IT');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toHaveCount(0);
  await expect.poll(async () => (await serviceApi.getFolder(folder.id)).name).toBe('Internal IT');

  await run('delete folder', /^Action\s*Delete folder\s*Internal IT/);
  await expect(page.getByRole('dialog', { name: 'Delete folder' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The open view's conditions, from the palette.
  await page
    .getByRole('region', { name: 'Saved views' })
    .getByRole('button', { name: 'Save current filter as a view' })
    .click();
  await page.getByRole('dialog').getByRole('textbox').fill('Internal only');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await run('edit conditions', /^Action\s*Edit conditions\s*Internal only/);
  const conditions = page.getByRole('dialog', { name: 'Conditions of “Internal only”' });
  await expect(
    conditions.getByRole('group', { name: 'Condition 1' }).getByRole('combobox', { name: 'Value' }),
  ).toHaveValue(folder.id);
  await conditions.getByRole('button', { name: 'Cancel' }).click();

  // No folder selected (All devices): no folder actions.
  await page
    .getByRole('region', { name: 'Saved views' })
    .getByRole('button', { name: 'All devices' })
    .click();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command palette' }).fill('rename folder');
  await expect(options.filter({ hasText: /^Action\s*Rename folder/ })).toHaveCount(0);
});
