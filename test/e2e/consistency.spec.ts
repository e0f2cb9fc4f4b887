// Screens that agree with themselves: an empty folder is empty (not "filtered"), the device panel and its
// history say the same "since", a device the console has barely seen has no history yet (not "Uptime 0 %"),
// the Overview says what an outage is when it shows none, a copy names what was copied, and the session
// form refuses, at its field, an address the service would refuse.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  deviceRow,
  deviceGrid,
  detailPane,
  searchBox,
  selectFolder,
  showScreen,
  toasts,
} from './support/ui.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const refresh = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();

test('an empty folder says it is empty and offers no filters to clear', async ({
  consolePage: page,
  serviceApi,
}) => {
  await serviceApi.createFolder({ name: 'New branch office' });
  await refresh(page);
  await selectFolder(page, 'New branch office');
  await expect(deviceGrid(page)).toContainText('This folder holds no devices.');
  await expect(deviceGrid(page)).not.toContainText('match the filters');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

  // With a real filter on, the grid says so and offers to clear it.
  await selectFolder(page, 'Customers');
  await searchBox(page).fill('no device is called this');
  await expect(deviceGrid(page)).toContainText('No devices match the filters.');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
});

test('the device panel and its history say the same "since"; a barely seen device has no history yet', async ({
  app,
  consolePage: page,
}) => {
  const offline = app.service.store.listDevices().find((d) => d.name && d.status === 'offline')!;
  await searchBox(page).fill(offline.name!);
  await deviceRow(page, offline.name!).click();
  const pane = detailPane(page);
  const since = pane.getByTestId('history-since');
  await expect(since).toContainText('Offline since');
  const sentence = (await since.innerText()).trim();
  await expect(pane.getByRole('definition').filter({ hasText: 'Offline' }).first()).toHaveText(sentence);
  await expect(pane).not.toContainText(/Offline · \d+ (s|min|h)/);

  const online = app.service.store.listDevices().find((d) => d.name && d.status === 'online')!;
  await searchBox(page).fill(online.name!);
  await deviceRow(page, online.name!).click();
  await expect(pane.getByText('No history yet')).toBeVisible();
  await expect(pane).not.toContainText('Uptime 0 %');
});

test('the Overview says what an outage is when it shows none', async ({ consolePage: page }) => {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).click();
  const card = page.getByRole('heading', { name: 'Outages seen by the console' }).locator('..');
  await expect(card).toContainText('None seen. An outage is half or more of a folder’s devices');
});

test('the session form refuses an address without a domain at its field; a copy names what was copied', async ({
  consolePage: page,
  serviceApi,
}) => {
  await showScreen(page, 'Sessions');
  await page.getByRole('button', { name: 'New session' }).click();
  const form = page.getByRole('dialog', { name: 'New support session' });
  await form.getByLabel('Customer', { exact: true }).fill('Ana Torres');
  const mail = form.getByLabel('Customer e-mail');
  await mail.fill('ana.torres@customer');
  await form.getByLabel('Language').selectOption({ label: 'Spanish' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(mail).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toHaveText(/^Enter an e-mail address such as name@example.com/);
  await expect(form).not.toContainText('planned times');
  expect((await serviceApi.listSessions()).some((s) => s.customer === 'Ana Torres')).toBe(false);

  await mail.fill('ana.torres@customer.example');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toHaveCount(0);
  const detail = page.getByRole('complementary', { name: 'Session details' });
  await detail.getByRole('button', { name: 'Copy invitation text' }).click();
  await expect(toasts(page)).toContainText('Invitation for Ana Torres copied');
  await expect(toasts(page)).not.toContainText('Copied: Copy invitation text');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Ana Torres');
});
