// Working at scale, renderer side: saved views (create from the filter, live count, kept per account
// across a reload, renamed from the keyboard, shared as text), the device row's context menu by mouse and
// by keyboard, and the CSV export of the current view (the file's rows are the view's rows, in order).

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import type { ServiceApi } from '../../shared/client/api.js';
import { expect, test } from './fixtures.js';
import { cellText, deviceGrid, deviceRows, searchBox, showScreen } from './support/ui.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const views = (page: Page) => page.getByRole('region', { name: 'Saved views' });

/** An alias the seeded account really has, and how many devices carry exactly it. */
async function someAlias(serviceApi: ServiceApi) {
  const devices = await serviceApi.listDevices();
  const counts = new Map<string, number>();
  for (const d of devices) if (d.alias) counts.set(d.alias, (counts.get(d.alias) ?? 0) + 1);
  const [alias, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return { alias, count };
}

async function rowNames(page: Page): Promise<string[]> {
  const rows = deviceRows(page);
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push(await cellText(rows.nth(i), 'Name'));
  return out;
}

test('a saved view keeps its filter, counts live, survives a reload, is renamed by keyboard and shared as text', async ({
  consolePage: page,
  serviceApi,
}) => {
  const all = await deviceGrid(page).getAttribute('aria-rowcount');
  // A quoted phrase matches whole words: "desk 1" finds alias "Desk 1", not "Desk 10" nor "Desk 194".
  const { alias, count: shown } = await someAlias(serviceApi);
  await searchBox(page).fill(`"${alias.toLowerCase()}"`);
  await expect(deviceRows(page)).toHaveCount(shown);
  for (let i = 0; i < shown; i++) expect(await cellText(deviceRows(page).nth(i), 'Alias')).toBe(alias);

  await views(page).getByRole('button', { name: 'Save current filter as a view' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Desk one');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const item = views(page).getByRole('button', { name: new RegExp(`^Desk one ${shown} devices?$`) });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('aria-current', 'true');

  // The count is live: a device given that alias on the service side joins the view at the next poll.
  const other = (await serviceApi.listDevices()).find((d) => d.alias === null && d.name)!;
  await serviceApi.updateDevice(other.id, { alias });
  await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  const grown = views(page).getByRole('button', { name: new RegExp(`^Desk one ${shown + 1} devices$`) });
  await expect(grown).toBeVisible();
  await expect(deviceRows(page)).toHaveCount(shown + 1);
  await serviceApi.updateDevice(other.id, { alias: '' });
  await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  await expect(item).toBeVisible();

  await views(page).getByRole('button', { name: 'All devices' }).click();
  await expect(deviceGrid(page)).toHaveAttribute('aria-rowcount', all!);

  await page.reload();
  await expect(deviceRows(page).first()).toBeVisible({ timeout: 30_000 });
  await views(page)
    .getByRole('button', { name: /^Desk one/ })
    .click();
  await expect(deviceRows(page)).toHaveCount(shown);

  // Rename from the keyboard: Shift+F10 on the view opens its menu, Rename is the first entry.
  await views(page)
    .getByRole('button', { name: /^Desk one/ })
    .focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Actions for Desk one' });
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('textbox').fill('Exactly desk 1');
  await page.keyboard.press('Enter');
  await expect(views(page).getByRole('button', { name: /^Exactly desk 1/ })).toBeVisible();

  // Copy as text, then paste it back as a second view.
  await views(page)
    .getByRole('button', { name: /^Exactly desk 1/ })
    .click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Copy as text' }).click();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(text)).toMatchObject({
    type: 'support-console/view',
    version: 1,
    view: { name: 'Exactly desk 1' },
  });
  await views(page).getByRole('button', { name: 'Paste a view' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('not a view');
  await page.getByRole('dialog').getByRole('button', { name: 'Add view' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('not a shared view');
  await page
    .getByRole('dialog')
    .getByRole('textbox')
    .fill(text.replace('Exactly desk 1', 'From a colleague'));
  await page.getByRole('dialog').getByRole('button', { name: 'Add view' }).click();
  await expect(
    views(page).getByRole('button', { name: new RegExp(`^From a colleague ${shown} devices?$`) }),
  ).toBeVisible();
});

test('the row context menu opens by mouse, by Shift+F10 and by the menu key, and copies what it says', async ({
  consolePage: page,
}) => {
  const first = deviceRows(page).first();
  const name = await cellText(first, 'Name');
  const ip = await cellText(first, 'IP');
  await first.click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Copy name' }).click();
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(name);

  // Keyboard: the grid has focus on the first row; Shift+F10 opens the menu on it, arrows choose.
  await expect(deviceGrid(page)).toBeFocused();
  await page.keyboard.press('Shift+F10');
  await expect(menu.getByRole('menuitem', { name: 'Copy name' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Copy IP' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ip);
  await expect(deviceGrid(page)).toBeFocused();

  await page.keyboard.press('ContextMenu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(deviceGrid(page)).toBeFocused();

  // Move… opens the move dialog for that device.
  await first.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Move to folder…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the CSV export holds the view: its rows in order, its columns, a BOM and UTC times beside shown ones', async ({
  consolePage: page,
  serviceApi,
}) => {
  const { alias, count } = await someAlias(serviceApi);
  await searchBox(page).fill(`alias:"${alias}"`);
  await expect(deviceRows(page)).toHaveCount(count);
  const names = await rowNames(page);
  expect(names.length).toBeGreaterThan(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Alias', 'Status']);
  expect(rows[0]).toContain('Last refresh (UTC, ISO 8601)');
  expect(rows.slice(1).map((r) => r[0])).toEqual(names);
  const utc = rows[0]!.indexOf('Last refresh (UTC, ISO 8601)');
  for (const r of rows.slice(1))
    expect(r[utc]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$|^$/);
  expect(rows.slice(1).every((r) => r[1] === alias)).toBe(true);
});

test('the command palette jumps to a device by its IP, and to a screen despite a typo', async ({
  consolePage: page,
  serviceApi,
}) => {
  const target = (await serviceApi.listDevices()).find((d) => d.ip && d.name)!;
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Command palette' });
  await expect(box).toBeFocused();
  await box.fill(target.ip!);
  const first = page.getByRole('listbox', { name: 'Command palette' }).getByRole('option').first();
  await expect(first).toContainText(target.name!);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(deviceGrid(page).getByRole('row', { name: new RegExp(`^${target.name}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.keyboard.press('Control+k');
  await box.fill('sesions');
  await expect(
    page.getByRole('listbox', { name: 'Command palette' }).getByRole('option').first(),
  ).toContainText('Sessions');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main', { name: 'Sessions' })).toBeVisible();
});

test('folders and sessions have context menus too: show a folder by mouse, copy a session code by keyboard', async ({
  consolePage: page,
}) => {
  const folder = page
    .getByRole('tree', { name: 'Folders' })
    .getByRole('treeitem', { name: 'Internal', exact: true });
  await folder.getByText('Internal', { exact: true }).first().click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Actions for Internal' });
  await menu.getByRole('menuitem', { name: 'Show its devices' }).click();
  await expect(folder).toHaveAttribute('aria-selected', 'true');

  await showScreen(page, 'Sessions');
  const item = page.locator('.session-item').filter({ hasText: /\d{4}/ }).first();
  const code = (await item.locator('.mono').innerText()).trim();
  await item.focus();
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menuitem', { name: 'Copy session code' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(item).toBeFocused();
});

test('the palette reaches every section and the menus’ actions: a view’s save dialog, a user, a new session; Settings lists the keys', async ({
  consolePage: page,
  serviceApi,
}) => {
  const palette = page.getByRole('combobox', { name: 'Command palette' });
  const options = page.getByRole('listbox', { name: 'Command palette' }).getByRole('option');
  const run = async (query: string, first: RegExp) => {
    await page.keyboard.press('Control+k');
    await palette.fill(query);
    await expect(options.first()).toContainText(first);
    await page.keyboard.press('Enter');
  };

  await run('overview', /^Screen\s*Overview/);
  await expect(page.getByRole('main', { name: 'Overview' })).toBeVisible();

  // "Save current filter as a view" opens its dialog, on the devices screen, not only the screen.
  await run('save current filter', /^Action\s*Save current filter as a view/);
  const save = page.getByRole('dialog', { name: 'Save current filter as a view' });
  await expect(save.getByRole('textbox')).toBeFocused();
  await save.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('main', { name: 'Devices' })).toBeVisible();

  // The menus' actions are there too: the bulk dialog, the account menu's sign-out (asked first).
  await run('change all that match', /^Action\s*Change all that match/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await run('sign out', /^Action\s*Sign out/);
  const confirm = page.getByRole('dialog', { name: 'Sign out' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // A user opens that user: its row shown and focused on the Users screen.
  const user = (await serviceApi.listUsers()).find((u) => u.email && u.firstname)!;
  await run(user.email!, /^User/);
  await expect(page.getByRole('main', { name: 'Users' })).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(user.email!.replace(/[.+]/g, '\\$&')) }),
  ).toBeFocused();

  await run('new session', /^Action\s*New session/);
  await expect(page.getByRole('dialog', { name: 'New support session' })).toBeVisible();
  await page.keyboard.press('Escape');

  await showScreen(page, 'Settings');
  await expect(page.getByText('Alt+1 to Alt+5: devices, sessions, users, settings, overview')).toBeVisible();
  await expect(page.getByText('Ctrl+K: command palette')).toBeVisible();
});

test('a session’s context menu edits and deletes it, as its detail’s buttons do', async ({
  consolePage: page,
  serviceApi,
}) => {
  await showScreen(page, 'Sessions');
  const planned = (await serviceApi.listSessions()).find((s) => s.state === 'planned' && s.customer)!;
  const before = (await serviceApi.listSessions()).filter((x) => x.customer === planned.customer).length;
  const item = page.locator('.session-item').filter({ hasText: planned.customer! }).first();
  await item.click({ button: 'right' });
  const menu = page.getByRole('menu', { name: `Actions for ${planned.customer}` });
  await menu.getByRole('menuitem', { name: 'Edit session' }).click();
  const form = page.getByRole('dialog');
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await item.focus();
  await page.keyboard.press('Shift+F10');
  await menu.getByRole('menuitem', { name: 'Delete session' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete session' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Session for ${planned.customer} deleted.`)).toBeAttached();
  // The customer may have other sessions: one fewer of theirs on the service.
  const theirs = async () =>
    (await serviceApi.listSessions()).filter((x) => x.customer === planned.customer).length;
  await expect.poll(theirs).toBe(before - 1);
});
