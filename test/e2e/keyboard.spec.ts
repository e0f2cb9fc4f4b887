// Every task without a mouse: only page.keyboard drives the console. Each test checks the effect on the
// service (through an independent signed client) and where focus ends, since a keyboard or screen-reader
// user who finds focus on <body> after an action has to start again from the top of the window.

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { approveOnAuthorizePage, DEMO } from './support/console-app.js';
import { cellText, deviceGrid, deviceRows, folderTree, searchBox, treeItem } from './support/ui.js';

/** Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${String(target)}`);
}

/** Arrow keys on a focused, closed <select> until the option shown is `label`. */
async function chooseByKeys(page: Page, select: Locator, label: string) {
  await expect(select).toBeFocused();
  for (let i = 0; i < 200; i++) {
    const shown = await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent);
    if (shown === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${label}`);
}

/** Arrow keys in the folder tree until the item named `name` has focus. */
async function treeFocus(page: Page, name: string) {
  await page.keyboard.press('Home');
  for (let i = 0; i < 60; i++) {
    if (await treeItem(page, name).evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no folder ${name} in the tree`);
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}` : '';
  });

const folderActions = (page: Page) => page.getByRole('toolbar', { name: 'Folder actions' });

test('a device is moved to a folder with keys only; focus returns to the grid', async ({
  consolePage: page,
  serviceApi,
}) => {
  const internal = (await serviceApi.listFolders()).find((f) => f.name === 'Internal')!;
  await page.keyboard.press('Alt+1');
  await tabTo(page, deviceGrid(page));
  await page.keyboard.press('ArrowDown'); // the first row becomes the selection
  const row = deviceRows(page).first();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  const id = (await row.getAttribute('id'))!.replace(/^device-row-/, '');
  await page.keyboard.press('m');
  const dialog = page.getByRole('dialog', { name: 'Move devices' });
  await chooseByKeys(page, dialog.getByRole('combobox'), 'Internal');
  await tabTo(page, dialog.getByRole('button', { name: 'Move', exact: true }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await serviceApi.getDevice(id)).folderId).toBe(internal.id);
  await expect(deviceGrid(page)).toBeFocused();
});

test('all devices matching a search are moved with keys only; focus returns to the button', async ({
  consolePage: page,
  serviceApi,
}) => {
  const devices = await serviceApi.listDevices();
  expect(devices.length).toBeGreaterThan(0);
  const word = devices.find((d) => d.name)!.name!.split(/[\s-]/)[0]!;
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(word);
  const open = page.getByRole('button', { name: 'Change all that match…' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change all matching devices' });
  await expect(dialog).toBeVisible();
  // The first choice (move) is focused; its folder list comes next.
  await tabTo(page, dialog.getByRole('combobox').first());
  await chooseByKeys(page, dialog.getByRole('combobox').first(), 'Internal');
  const run = dialog.getByRole('button', { name: /^(Change|Apply|Run|Move)/ }).last();
  await tabTo(page, run);
  await expect(run).toHaveText(/\b[1-9]\d*\b/);
  const count = Number((await run.innerText()).match(/\d+/)![0]);
  expect(count).toBeGreaterThan(1);
  await page.keyboard.press('Enter');
  // The change runs through the outbox; the dialog follows it to its end.
  await expect(dialog.getByTestId('bulk-status')).toHaveText(`Finished ${count} of ${count} done, 0 failed`, {
    timeout: 30_000,
  });
  const close = dialog.getByRole('button', { name: 'Close', exact: true }).last();
  const internal = (await serviceApi.listFolders()).find((f) => f.name === 'Internal')!;
  expect((await serviceApi.listDevices(internal.id)).length).toBeGreaterThanOrEqual(count);
  await tabTo(page, close);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  // Every device the search still shows is in Internal now.
  const shown = deviceRows(page);
  await expect(shown.first()).toBeVisible();
  for (const row of (await shown.all()).slice(0, 10)) expect(await cellText(row, 'Folder')).toBe('Internal');
});

test('a folder is created, renamed and deleted with keys only; focus lands back each time', async ({
  consolePage: page,
  serviceApi,
}) => {
  const internal = (await serviceApi.listFolders()).find((f) => f.name === 'Internal')!;
  const inInternal = async (name: string) =>
    (await serviceApi.listFolders(internal.id)).some((f) => f.name === name);
  await page.keyboard.press('Alt+1');
  await tabTo(page, folderTree(page).locator('[tabindex="0"]'));
  await treeFocus(page, 'Internal');
  await page.keyboard.press('Enter'); // select it
  await expect(treeItem(page, 'Internal')).toHaveAttribute('aria-selected', 'true');

  const create = folderActions(page).getByRole('button', { name: 'New folder' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'New folder in Internal' })).toBeVisible();
  await page.keyboard.type('Lab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => inInternal('Lab')).toBe(true);
  await expect(create).toBeFocused();
  await expect(page.locator('#announcer')).toContainText('Folder “Lab” created.');

  await tabTo(page, folderTree(page).locator('[tabindex="0"]'), 'Shift+Tab');
  await treeFocus(page, 'Lab');
  await page.keyboard.press('Enter');
  const rename = folderActions(page).getByRole('button', { name: 'Rename folder' });
  await tabTo(page, rename);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Rename folder' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Bench');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => inInternal('Bench')).toBe(true);
  await expect(rename).toBeFocused();

  const remove = folderActions(page).getByRole('button', { name: 'Delete folder' });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Delete folder' })).toBeVisible();
  await page.keyboard.press('Enter'); // the Delete button has focus
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => inInternal('Bench')).toBe(false);
  // The folder and its selection are gone (its Delete button is disabled): focus is in the tree, not lost.
  await expect(folderTree(page).locator(':focus')).toHaveCount(1);
  await expect(page.locator('#announcer')).toContainText('Folder “Bench” deleted.');
});

test('a session is created, edited and deleted with keys only; focus lands back each time', async ({
  consolePage: page,
  serviceApi,
}) => {
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { level: 1, name: 'Support sessions' })).toBeFocused();
  const create = page.getByRole('button', { name: 'New session' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'New support session' });
  await expect(form.getByLabel('Customer', { exact: true })).toBeFocused();
  await page.keyboard.type('Grace Hopper');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect
    .poll(async () => (await serviceApi.listSessions()).find((s) => s.customer === 'Grace Hopper'))
    .toBeDefined();
  await expect(create).toBeFocused();
  await expect(page.locator('#announcer')).toContainText('Session for Grace Hopper created.');

  const detail = page.getByRole('complementary', { name: 'Session details' });
  const edit = detail.getByRole('button', { name: 'Edit session' });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const editForm = page.getByRole('dialog', { name: 'Edit support session' });
  await expect(editForm).toBeVisible();
  await tabTo(page, editForm.getByLabel('Customer', { exact: true }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Grace B. Hopper');
  await page.keyboard.press('Enter');
  await expect(editForm).toHaveCount(0);
  await expect
    .poll(async () => (await serviceApi.listSessions()).some((s) => s.customer === 'Grace B. Hopper'))
    .toBe(true);
  await expect(edit).toBeFocused();

  const remove = detail.getByRole('button', { name: 'Delete session' });
  await tabTo(page, remove);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Delete session' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect
    .poll(async () => (await serviceApi.listSessions()).some((s) => s.customer === 'Grace B. Hopper'))
    .toBe(false);
  // Its button went with it: focus is on the sessions list's one Tab stop.
  await expect(page.locator('.session-list button:focus')).toHaveCount(1);
  await expect(page.locator('#announcer')).toContainText('Session for Grace B. Hopper deleted.');
});

test.describe('signed out', () => {
  test.use({ appOptions: { signedIn: false } });

  test('sign-in with keys only; focus goes to the PIN, then to the devices heading', async ({
    consolePage: page,
  }) => {
    const signIn = page.getByRole('form', { name: 'Sign in to your remote-support account' });
    await expect(signIn.getByLabel('Service URL')).toBeFocused();
    await page.keyboard.press('Enter'); // "Open the authorization page": the address and key are filled in
    const pin = page.getByLabel('PIN');
    await expect(pin).toBeFocused();
    const href = await page.getByRole('link', { name: 'Authorization page' }).getAttribute('href');
    const code = await approveOnAuthorizePage(href!, DEMO.email, DEMO.password);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(deviceRows(page).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeFocused();
  });
});

test('focus returns after the alias editor, the detail panel, the account menu and Alt+1–5', async ({
  consolePage: page,
  serviceApi,
}) => {
  await tabTo(page, deviceGrid(page));
  await page.keyboard.press('ArrowDown');
  const id = (await deviceRows(page).first().getAttribute('id'))!.replace(/^device-row-/, '');
  await page.keyboard.press('F2');
  await expect(page.getByRole('textbox', { name: 'Alias' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Front desk');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await serviceApi.getDevice(id)).alias).toBe('Front desk');
  await expect(deviceGrid(page)).toBeFocused();
  await page.keyboard.press('F2');
  await page.keyboard.press('Escape');
  await expect(deviceGrid(page)).toBeFocused();

  const close = page.getByRole('button', { name: /^Close the details/ });
  await tabTo(page, close);
  await page.keyboard.press('Enter');
  await expect(close).toHaveCount(0);
  await expect(deviceGrid(page)).toBeFocused();

  const account = page.getByRole('button', { name: /^Account: / });
  await tabTo(page, account, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(account).toBeFocused();

  for (const [key, name] of [
    ['Alt+2', 'Support sessions'],
    ['Alt+3', 'Users'],
    ['Alt+4', 'Settings'],
    ['Alt+5', 'Overview'],
    ['Alt+1', 'Devices'],
  ] as const) {
    await page.keyboard.press(key);
    expect(await focusedName(page)).toContain(name);
    await expect(page.locator('#announcer')).toContainText('shown');
  }
});
