// A saved view spanning accounts (issue 28), in Chromium through the browser host, against two stand-in
// services on two ports with different consumers and data: saved from the account on screen for "All
// accounts", it shows that account's matches in the grid and the other account's under it with an Account
// column, sortable; the sidebar counts both; a row of the other account opens the device there.

import type { Page } from '@playwright/test';
import type { RunningService } from '../../service/server.js';
import { expect, test } from './fixtures.js';
import { accountButton, addAccountB, countOf, startServiceB } from './support/second-account.js';
import { detailPane, deviceGrid } from './support/ui.js';

let serviceB: RunningService;
test.beforeEach(async () => {
  serviceB = await startServiceB();
});
test.afterEach(async () => {
  await serviceB?.close();
});

const views = (page: Page) => page.getByRole('region', { name: 'Saved views' });

test('a view saved for all accounts lists the other account’s matches with an Account column, counts both, and opens a row there', async ({
  app,
  consolePage: page,
}) => {
  const totalA = (await app.control.summary()).devices.total;
  await addAccountB(page, serviceB);
  await page.keyboard.press('Control+1');
  await expect(countOf(page, totalA)).toBeVisible();
  const offlineA = app.service.store.listDevices().filter((d) => d.status === 'offline');
  const offlineB = serviceB.store.listDevices().filter((d) => d.status === 'offline');
  expect(offlineB.length).toBeGreaterThan(1);

  // Saved from A's offline filter, for all accounts.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('offline');
  await views(page).getByRole('button', { name: 'Save current filter as a view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current filter as a view' });
  await dialog.getByLabel('Name of the new view').fill('Down everywhere');
  const devicesOf = dialog.getByRole('group', { name: 'Devices of' });
  await expect(devicesOf.getByRole('radio', { name: /^This account/ })).toBeChecked();
  await devicesOf.getByRole('radio', { name: 'All accounts' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();

  // A's matches in the grid; B's under it, each row naming B in the Account column.
  await expect(page.getByRole('group', { name: 'Active view' })).toContainText('(all accounts)');
  await expect(deviceGrid(page)).toHaveAttribute('aria-rowcount', String(offlineA.length + 1));
  const others = page.getByRole('table', { name: 'Other accounts in this view' });
  await expect(others.getByRole('columnheader').first()).toHaveText('Account');
  const rows = others.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(offlineB.length);
  await expect(rows.getByRole('cell').and(page.locator('td:first-child'))).toHaveText(
    offlineB.map(() => 'Customer B'),
  );
  // The sidebar's count is both accounts' together.
  const item = views(page).getByRole('button', { name: /^Down everywhere/ });
  await expect(item.getByLabel(`${offlineA.length + offlineB.length} devices in all accounts`)).toBeVisible();

  // Sortable like the grid: Name twice is Z to A.
  const names = offlineB.map((d) => (d.name ?? d.alias ?? d.id).toLowerCase());
  const nameHeader = others.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  const last = [...names].sort().at(-1)!;
  await expect(rows.first().getByRole('cell').nth(1)).toHaveText(new RegExp(`^${escape(last)}$`, 'i'));

  // A row of B opens the device in B.
  const target = offlineB.find((d) => d.name)!;
  await others.getByRole('button', { name: `Open ${target.name!} in Customer B` }).click();
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: Customer B/);
  await expect(detailPane(page)).toContainText(target.name!);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
