// Several accounts in one console (issue 28), in Chromium through the browser host, against two stand-in
// services on two ports with different consumers and data: the second account is added from the account
// menu with its own address and consumer, the switch goes by mouse, Ctrl+number and the palette, a site
// outage on the account not on screen is one notice naming it whose click opens it there, signing out of
// one leaves the other syncing, and a restart (with the keychain) reopens both.

import type { AccountsCore } from '../../electron/core/accounts/accounts-core.js';
import type { RunningService } from '../../service/server.js';
import { expect, test } from './fixtures.js';
import type { ConsoleApp } from './support/console-app.js';
import { approveOnAuthorizePage, DEMO } from './support/console-app.js';
import { ControlClient } from './support/control.js';
import { accountButton, addAccountB, countOf, startServiceB } from './support/second-account.js';
import { detailPane, deviceGrid, searchBox, showScreen, toasts, treeItem } from './support/ui.js';

let serviceB: RunningService;
test.beforeEach(async () => {
  serviceB = await startServiceB();
});
test.afterEach(async () => {
  await serviceB?.close();
});

function accountsOf(app: ConsoleApp): AccountsCore {
  return app.core as AccountsCore;
}

test('two accounts: add, switch by mouse, keys and palette; the other account’s outage names it; sign out of one', async ({
  app,
  consolePage: page,
}) => {
  const totalA = (await app.control.summary()).devices.total;
  await expect(countOf(page, totalA)).toBeVisible();
  await addAccountB(page, serviceB);
  const nameA = new URL(app.service.baseUrl).host;

  // By mouse: the account menu's list.
  await accountButton(page).click();
  await page
    .getByRole('list', { name: 'Accounts' })
    .getByRole('button', { name: `Switch to ${nameA}` })
    .click();
  await expect(countOf(page, totalA)).toBeVisible();
  // By keys: Ctrl+2 is the second account, Ctrl+1 the first.
  await page.keyboard.press('Control+2');
  await expect(countOf(page, 60)).toBeVisible();
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: Customer B/);
  await page.keyboard.press('Control+1');
  await expect(countOf(page, totalA)).toBeVisible();
  // By the palette: "Switch to …".
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command palette' }).fill('Switch to Customer');
  await page.getByRole('option', { name: /Switch to Customer B/ }).click();
  await expect(countOf(page, 60)).toBeVisible();

  // B watches everything; then A is on screen while a site of B goes dark.
  await app.watchAccount();
  const store = serviceB.store;
  const sizes = new Map<string, number>();
  for (const d of store.listDevices())
    if (d.folderId) sizes.set(d.folderId, (sizes.get(d.folderId) ?? 0) + 1);
  const [siteId] = [...sizes].sort((x, y) => y[1] - x[1])[0]!;
  const site = store.listDevices().filter((d) => d.folderId === siteId);
  const controlB = new ControlClient(serviceB.baseUrl, serviceB.controls.token ?? '');
  for (const d of site) await controlB.setDeviceStatus(d.id, 'online');
  const accounts = accountsOf(app);
  const b = accounts.accounts().accounts.find((x) => x.name === 'Customer B')!.id;
  const pollB = () => accounts.coreOf(b)!.handlers['sync:refresh']({ datasets: ['devices'] });
  await pollB();
  await page.keyboard.press('Control+1');
  await expect(countOf(page, totalA)).toBeVisible();

  for (const d of site) await controlB.setDeviceStatus(d.id, 'offline');
  await pollB();
  // One notice of the outage (the setup's "back online" ones came while B was on screen), naming B.
  const folderName = store.getFolder(siteId).name;
  const fromB = toasts(page)
    .locator('.toast')
    .filter({ hasText: 'Customer B:' })
    .filter({ hasText: folderName });
  await expect(fromB).toHaveCount(1, { timeout: 15_000 });
  await expect(countOf(page, totalA)).toBeVisible(); // still A on screen
  await fromB.getByRole('button', { name: 'Open folder' }).click();
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: Customer B/);
  await expect(treeItem(page, folderName)).toHaveAttribute('aria-selected', 'true');

  // Signing out of A leaves B signed in and syncing.
  await page.keyboard.press('Control+1');
  await expect(countOf(page, totalA)).toBeVisible();
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in to your remote-support account' });
  await expect(signIn).toBeVisible();
  const others = page.getByRole('navigation', { name: 'Accounts' });
  await expect(others.getByRole('button', { name: 'Switch to Customer B' })).toContainText('online');
  const lone = site[0]!;
  await controlB.setDeviceStatus(lone.id, 'busy');
  await pollB();
  expect((await accounts.coreOf(b)!.snapshot()).data.devices.find((d) => d.id === lone.id)?.status).toBe(
    'busy',
  );
  await others.getByRole('button', { name: 'Switch to Customer B' }).click();
  await expect(countOf(page, 60)).toBeVisible();
  await expect(deviceGrid(page)).toBeVisible();
});

test('the Devices search and the palette find a device of the other account, naming it, and open it there; quiet hours for all accounts', async ({
  app,
  consolePage: page,
}) => {
  const totalA = (await app.control.summary()).devices.total;
  await addAccountB(page, serviceB);
  await page.keyboard.press('Control+1');
  await expect(countOf(page, totalA)).toBeVisible();

  // A device only B has, whose name is in no other device's name (so one hit is it).
  const lower = (d: { name: string | null }) => (d.name ?? '').toLowerCase();
  const all = [...app.service.store.listDevices(), ...serviceB.store.listDevices()];
  const device = serviceB.store
    .listDevices()
    .find((d) => d.name && all.filter((o) => lower(o).includes(lower(d))).length === 1)!;
  // The Devices search: B's match listed under A's grid, its Account column naming B; opened in B.
  await searchBox(page).fill(device.name!);
  const others = page.getByRole('table', { name: 'In your other accounts' });
  const row = others.getByRole('row').filter({ hasText: device.name! });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('Customer B');
  await expect(others.getByRole('columnheader').first()).toHaveText('Account');
  await row.getByRole('button', { name: `Open ${device.name!} in Customer B` }).click();
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: Customer B/);
  await expect(detailPane(page)).toContainText(device.name!);
  await expect(searchBox(page)).toHaveValue('');
  await expect(others).toHaveCount(0);
  await page.keyboard.press('Control+1');
  await expect(countOf(page, totalA)).toBeVisible();

  // The palette: the same device, found from A, named with its account.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Command palette' }).fill(device.name!);
  const hit = page.getByRole('option').filter({ hasText: 'Customer B' }).filter({ hasText: device.name! });
  await expect(hit).toHaveCount(1);
  await expect(countOf(page, totalA)).toBeVisible(); // still A on screen while searching B
  await hit.click();
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: Customer B/);
  await expect(countOf(page, 60)).toBeVisible();
  await expect(detailPane(page)).toContainText(device.name!);

  // Quiet hours are each account's own: B's set alone leave A's off (A's Settings reads A's).
  await showScreen(page, 'Settings');
  const quiet = page.getByRole('group', { name: 'Quiet hours' });
  const quietOn = quiet.getByRole('checkbox', { name: /^No status alerts during these hours/ });
  const from = quiet.getByLabel('From', { exact: true });
  const to = quiet.getByLabel('To', { exact: true });
  const saved = page.getByRole('status').filter({ hasText: 'Alerts saved' });
  await quietOn.check();
  await from.fill('21:30');
  await to.fill('06:45');
  await quiet.getByRole('button', { name: 'Save' }).click();
  await expect(saved).toBeVisible();
  await page.keyboard.press('Control+1');
  const nameA = new URL(app.service.baseUrl).host.replace(/\./g, '\\.');
  await expect(accountButton(page)).toHaveAccessibleName(new RegExp(`^Account: ${nameA}`));
  await expect(saved).toHaveCount(0);
  await expect(quietOn).not.toBeChecked();

  // Set on A for all accounts: B's are A's now, and B's Settings shows them.
  await quietOn.check();
  await from.fill('23:00');
  await to.fill('05:15');
  await quiet.getByRole('checkbox', { name: 'Apply these quiet hours to all accounts' }).check();
  await quiet.getByRole('button', { name: 'Save' }).click();
  await expect(saved).toBeVisible();
  const accounts = accountsOf(app);
  for (const a of accounts.accounts().accounts) {
    expect((await accounts.coreOf(a.id)!.handlers['watch:get']({})).quietHours).toEqual({
      fromMinute: 23 * 60,
      toMinute: 5 * 60 + 15,
    });
  }
  await page.keyboard.press('Control+2');
  await expect(accountButton(page)).toHaveAccessibleName(/^Account: Customer B/);
  await expect(from).toHaveValue('23:00');
  await expect(to).toHaveValue('05:15');
});

test('a restart with the keychain reopens both accounts signed in, on the one shown last', async ({
  app,
  consolePage: page,
}) => {
  const totalA = (await app.control.summary()).devices.total;
  await addAccountB(page, serviceB);
  await app.stopHost();
  await app.restartHost();
  await page.goto(app.launchUrl);
  await expect(countOf(page, 60)).toBeVisible({ timeout: 20_000 });
  await accountButton(page).click();
  const list = page.getByRole('list', { name: 'Accounts' });
  await expect(list.getByRole('button', { name: 'Switch to Customer B' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await list.getByRole('button', { name: /^Switch to 127\.0\.0\.1/ }).click();
  await expect(countOf(page, totalA)).toBeVisible();
  expect(
    accountsOf(app)
      .accounts()
      .accounts.map((a) => a.auth),
  ).toEqual(['signed-in', 'signed-in']);

  // Each account's banner speaks for that account only: B's service goes away while A is on screen.
  await serviceB.close();
  const accounts = accountsOf(app);
  const b = accounts.accounts().accounts.find((x) => x.name === 'Customer B')!.id;
  await accounts
    .coreOf(b)!
    .handlers['sync:refresh']({ datasets: ['devices'] })
    .catch(() => undefined);
  await expect.poll(() => accounts.accounts().accounts.find((x) => x.id === b)!.connection).toBe('offline');
  const offline = page.getByRole('status', { name: 'Offline' });
  await expect(offline).toHaveCount(0);
  await page.keyboard.press('Control+2');
  await expect(countOf(page, 60)).toBeVisible();
  await expect(offline).toContainText('Customer B:');
  await page.keyboard.press('Control+1');
  await expect(countOf(page, totalA)).toBeVisible();
  await expect(offline).toHaveCount(0);
});

test.describe('without a keychain', { tag: '@no-keychain' }, () => {
  test.use({ appOptions: { signedIn: false, keychain: 'absent' } });

  test('a restart reopens both accounts as their copies, signed out, and each signs in again on its own', async ({
    app,
    consolePage: page,
  }) => {
    // A signed in for this run only (no keychain to keep it), then B added from the account menu.
    await app.signInThroughCore(DEMO.email, { memoryOnly: true });
    const totalA = (await app.control.summary()).devices.total;
    await expect(countOf(page, totalA)).toBeVisible({ timeout: 20_000 });
    await addAccountB(page, serviceB);
    await app.settled();

    await app.stopHost();
    await app.restartHost();
    await page.goto(app.launchUrl);
    // B, shown last, opens from its copy, signed out; so does A, one switch away.
    const signedOut = page.getByRole('alert').filter({ hasText: 'Signed out — sign in to refresh.' });
    await expect(countOf(page, 60)).toBeVisible({ timeout: 20_000 });
    await expect(signedOut).toBeVisible();
    await expect(accountButton(page)).toHaveAccessibleName(/^Account: Customer B/);
    const accounts = accountsOf(app);
    expect(accounts.accounts().accounts.map((a) => [a.name, a.auth])).toEqual([
      [expect.any(String), 'reauth-required'],
      ['Customer B', 'reauth-required'],
    ]);
    await page.keyboard.press('Control+1');
    await expect(countOf(page, totalA)).toBeVisible();
    await expect(signedOut).toBeVisible();

    // Signing in to A again (for this run) leaves B as it was: its copy, signed out.
    await page.getByRole('button', { name: 'Sign in again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByRole('button', { name: 'Open the authorization page' }).click();
    const href = await dialog.getByRole('link', { name: 'Authorization page' }).getAttribute('href');
    expect(href).toContain(app.service.baseUrl);
    await dialog.getByLabel('PIN').fill(await approveOnAuthorizePage(href!, DEMO.email, DEMO.password));
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(signedOut).toHaveCount(0);
    await expect(countOf(page, totalA)).toBeVisible();
    expect(accounts.accounts().accounts.map((a) => a.auth)).toEqual(['signed-in', 'reauth-required']);
    await page.keyboard.press('Control+2');
    await expect(countOf(page, 60)).toBeVisible();
    await expect(signedOut).toBeVisible();
  });
});
