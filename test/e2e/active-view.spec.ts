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

test('saving the current filter as a view makes it active: the toolbar clears and the bar names the search and history filter it took, with the same rows', async ({
  consolePage: page,
}) => {
  const all = await deviceGrid(page).getAttribute('aria-rowcount');
  const search = page.getByRole('searchbox', { name: 'Search devices' });
  const history = page.getByRole('combobox', { name: 'History', exact: true });
  const bar = page.getByRole('group', { name: 'Active view' });
  const save = async (name: string) => {
    await views(page).getByRole('button', { name: 'Save current filter as a view' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(bar).toContainText(`View: ${name}`);
  };

  await search.fill('wks');
  await expect(deviceGrid(page)).not.toHaveAttribute('aria-rowcount', all!);
  const found = await deviceGrid(page).getAttribute('aria-rowcount');
  await save('Workstations');
  // The search moved into the view: the box is empty, the bar says it, the grid shows the same rows.
  await expect(search).toHaveValue('');
  await expect(bar.getByRole('listitem')).toHaveText(['Search: wks']);
  await expect(deviceGrid(page)).toHaveAttribute('aria-rowcount', found!);

  // The history filter too: it is the view's, not left set in the toolbar on top of it.
  await bar.getByRole('button', { name: 'Close view' }).click();
  await history.selectOption({ label: 'Flapping' });
  await search.fill('wks');
  await save('Flapping workstations');
  await expect(search).toHaveValue('');
  await expect(history).toHaveValue('none');
  await expect(bar.getByRole('listitem')).toHaveText(['Search: wks', 'Flapping']);
  await bar.getByRole('button', { name: 'Close view' }).click();
  await expect(deviceGrid(page)).toHaveAttribute('aria-rowcount', all!);
});
