// Folders (as the administrator): create, rename, the duplicate-name refusal (1101) at the name field, the
// not-empty refusal (1103) explained with what must move first, and deleting an empty folder. Every change
// is checked on the service through an independent signed client.

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { folderTree, selectFolder, treeItem } from './support/ui.js';

const folderActions = (page: Page): Locator => page.getByRole('toolbar', { name: 'Folder actions' });

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

test('a folder is created, renamed, refused a sibling name (1101) and deleted once empty', async ({
  consolePage: page,
  serviceApi,
}) => {
  // Create inside "Internal".
  await selectFolder(page, 'Internal');
  await expect(treeItem(page, 'Internal')).toHaveAttribute('aria-selected', 'true');
  await folderActions(page).getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder in Internal' });
  await create.getByLabel('Folder name').fill('Lab');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toHaveCount(0);
  const lab = treeItem(page, 'Lab');
  await expect(lab).toHaveAttribute('aria-level', '3'); // under Internal, which opened to show it
  await expect(treeItem(page, 'Internal')).toHaveAttribute('aria-expanded', 'true');
  const created = (await serviceApi.listFolders('2')).find((f) => f.name === 'Lab');
  expect(created).toBeDefined();

  // Rename it.
  await selectFolder(page, 'Lab');
  await folderActions(page).getByRole('button', { name: 'Rename folder' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename folder' });
  const name = rename.getByLabel('Folder name');
  await expect(name).toHaveValue('Lab');
  await name.fill('Test bench');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toHaveCount(0);
  await expect(treeItem(page, 'Test bench')).toBeVisible();
  await expect(treeItem(page, 'Lab')).toHaveCount(0);
  expect((await serviceApi.getFolder(created!.id)).name).toBe('Test bench');

  // A sibling already has the name "IT" (compared case-insensitively): the service refuses with 1101,
  // shown at the name field, and the dialog stays open with what was typed.
  await folderActions(page).getByRole('button', { name: 'Rename folder' }).click();
  await rename.getByLabel('Folder name').fill('it');
  await rename.getByRole('button', { name: 'Save' }).click();
  const error = rename.locator('#folder-name-error');
  await expect(error).toHaveRole('alert');
  await expect(error).toHaveText(
    'A folder with this name already exists at this level. Choose another name.',
  );
  await expect(rename.getByLabel('Folder name')).toHaveAttribute('aria-invalid', 'true');
  await expect(rename.getByLabel('Folder name')).toHaveAccessibleDescription(await error.innerText());
  await expect(rename.getByLabel('Folder name')).toHaveValue('it');
  expect((await serviceApi.getFolder(created!.id)).name).toBe('Test bench');
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await expect(treeItem(page, 'Test bench')).toBeVisible();

  // Empty, so it can go.
  await folderActions(page).getByRole('button', { name: 'Delete folder' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete folder' });
  await expect(remove).toContainText('Delete the folder “Test bench”?');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove).toHaveCount(0);
  await expect(treeItem(page, 'Test bench')).toHaveCount(0);
  expect((await serviceApi.listFolders('2')).map((f) => f.name)).not.toContain('Test bench');
});

test('creating a top-level folder with an existing name shows 1101 at the name field', async ({
  consolePage: page,
  serviceApi,
}) => {
  const before = await serviceApi.listFolders();
  await selectFolder(page, 'All devices');
  await folderActions(page).getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder' });
  await create.getByLabel('Folder name').fill('  customers ');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.locator('#folder-name-error')).toContainText('already exists at this level');
  await expect(create.getByLabel('Folder name')).toHaveAttribute('aria-invalid', 'true');
  expect(await serviceApi.listFolders()).toHaveLength(before.length);
});

test('deleting a folder that still holds devices and sub-folders explains what must move (1103)', async ({
  consolePage: page,
  serviceApi,
}) => {
  // "Acme" (under Customers) holds a site folder and, directly, some devices.
  await selectFolder(page, 'Customers');
  await folderTree(page).getByRole('treeitem', { name: 'Customers' }).press('ArrowRight');
  const acme = treeItem(page, 'Acme');
  await selectFolder(page, 'Acme');
  const acmeId = (await serviceApi.listFolders('1')).find((f) => f.name === 'Acme')!.id;
  const devices = (await serviceApi.listDevices(acmeId)).length;
  const folders = (await serviceApi.listFolders(acmeId)).length;
  expect(folders).toBeGreaterThan(0);
  const holds = [
    devices > 0 ? plural(devices, 'device', 'devices') : '',
    plural(folders, 'sub-folder', 'sub-folders'),
  ].filter(Boolean);
  const explanation = `The folder “Acme” cannot be deleted yet: it still holds ${holds.join(' and ')}. Move them to another folder first.`;

  // Explained before any Delete is offered: the dialog has no Delete button, only Close.
  await folderActions(page).getByRole('button', { name: 'Delete folder' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete folder' });
  await expect(remove).toContainText(explanation);
  await expect(remove.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(acme).toBeVisible();
  expect((await serviceApi.getFolder(acmeId)).name).toBe('Acme');
  await remove.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(remove).toHaveCount(0);
  await expect(acme).toBeVisible();
});

test.describe('as a user without the administrator role', () => {
  test.use({ appOptions: { as: 'user' } });

  test('creating folders is not offered, and the page says why', async ({ consolePage: page }) => {
    await page.getByRole('button', { name: /^Account: / }).click();
    await expect(page.getByText('Role: User', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    const create = folderActions(page).getByRole('button', { name: 'New folder' });
    await expect(create).toBeDisabled();
    await expect(create).toHaveAccessibleDescription('Only administrators can create folders');
    // Renaming stays possible for any user once a folder is selected.
    await selectFolder(page, 'Internal');
    await expect(folderActions(page).getByRole('button', { name: 'Rename folder' })).toBeEnabled();
  });
});
