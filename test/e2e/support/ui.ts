// Where things are on screen, by the roles and names a screen reader would use.

import type { Locator, Page } from '@playwright/test';

export const deviceGrid = (page: Page): Locator => page.getByRole('grid', { name: 'Devices' });

/** Body rows only (the header row is a row too). */
export const deviceRows = (page: Page): Locator => deviceGrid(page).locator('.grid-body').getByRole('row');

/** A row by the device's name; a device with an alias too is named "name (alias)". */
export const deviceRow = (page: Page, name: string): Locator =>
  deviceGrid(page).getByRole('row', { name: new RegExp(`^${escapeRegExp(name)}( \\(.+\\))?$`) });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text of one cell of a row, by column header. */
export async function cellText(row: Locator, column: string): Promise<string> {
  const headers = await row
    .page()
    .getByRole('grid', { name: 'Devices' })
    .getByRole('columnheader')
    .allInnerTexts();
  const index = headers.findIndex((h) => h.replace(/[▲▼]/g, '').trim() === column);
  if (index < 0) throw new Error(`no column ${column} (have ${headers.join(', ')})`);
  return (await row.getByRole('gridcell').nth(index).innerText()).trim();
}

export const folderTree = (page: Page): Locator => page.getByRole('tree', { name: 'Folders' });

export const treeItem = (page: Page, name: string): Locator =>
  folderTree(page).getByRole('treeitem', { name, exact: true });

export const searchBox = (page: Page): Locator => page.getByRole('searchbox', { name: 'Search devices' });

export const detailPane = (page: Page): Locator =>
  page.getByRole('complementary', { name: 'Device details' });

export const toasts = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

export async function showScreen(page: Page, name: 'Devices' | 'Sessions' | 'Users' | 'Settings') {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();
}

/**
 * Clicks a folder's own label: an expanded tree item's box also covers its sub-folders, so a click at its
 * centre would land on one of them.
 */
export async function selectFolder(page: Page, name: string): Promise<void> {
  await treeItem(page, name).getByText(name, { exact: true }).first().click();
}
