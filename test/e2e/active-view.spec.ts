// An open saved view narrows the grid while the toolbar's own filters stay at "All": the view's name and
// conditions must be shown where the filters are, with a way to close it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { deviceGrid, selectFolder } from './support/ui.js';

const views = (page: Page) => page.getByRole('region', { name: 'Saved views' });

test('the active saved view shows its name and conditions beside the filters, and closes from there', async ({
  consolePage: page,
}) => {
  const all = await deviceGrid(page).getAttribute('aria-rowcount');
  await selectFolder(page, 'Customers');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('offline');
  await views(page).getByRole('button', { name: 'Save current filter as a view' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('Customers down');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();

  // Opening the view resets the toolbar to "All": the bar says what filters the grid instead.
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('all');
  const bar = page.getByRole('group', { name: 'Active view' });
  await expect(bar).toContainText('View: Customers down');
  await expect(bar.getByRole('listitem')).toHaveText(['Status: Offline', 'Folder: Customers and subfolders']);
  expect(await deviceGrid(page).getAttribute('aria-rowcount')).not.toBe(all);

  await bar.getByRole('button', { name: 'Close view' }).click();
  await expect(bar).toHaveCount(0);
  await expect(views(page).getByRole('button', { name: 'All devices' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(deviceGrid(page)).toHaveAttribute('aria-rowcount', all!);
});
