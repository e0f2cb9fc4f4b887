// The console in the pseudo-locale (renderer/i18n/pseudo.ts: every letter accented, ~40 % longer,
// bracketed): the sign-in screen, every main screen, the dialogs and menus, the notices (a status notice's
// toast, the offline banner, the outbox's conflict dialog) and the device export's header. Its text has
// no plain ASCII letter, so any word on screen with one escaped a catalogue, unless the service's own data
// or Intl wrote it (support/foreign-words.ts); and none of the console's words may be cut off or spill out
// of its box, so German and French have the room they need. The tray's menu, which no browser shows, is
// checked the same way in test/shared/i18n-pseudo-main.test.ts, and so is the update question (Electron's
// own message box, test/electron/core/update-question.test.ts).

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { pseudoCatalogue } from '../../renderer/i18n/pseudo.js';
import { expect, test } from './fixtures.js';
import type { ConsoleApp } from './support/console-app.js';
import { DEMO } from './support/console-app.js';
import {
  foreignTexts,
  intlWords,
  serviceWords,
  shownTexts,
  wordsOf,
  type ShownText,
} from './support/foreign-words.js';
import { CHROME_TEXT, cutText, placeholderCut } from './support/layout-checks.js';

const P = pseudoCatalogue(catalogueOf('en'));
/** A message without arguments as the pseudo-locale shows it. */
const p = (key: string) => P[key]!;

/** Beside the console's own words, what a person reads in dialogs, menus and notices. */
const READ_TEXT = `${CHROME_TEXT}, [role="dialog"] p, [role="menuitem"], .toast > span`;

/** A word with a plain letter; one letter alone is a key's name ("M" for Move), not a word. */
const hasPlainLetter = (word: string) => word.length > 1 && /[A-Za-z]/.test(word);

async function pseudoOn(page: Page, app: ConsoleApp): Promise<void> {
  await page.goto(app.launchUrl);
  await page.evaluate(() => localStorage.setItem('supportConsole.pseudoLocale', '1'));
  await page.reload();
}

/** Collects what escaped the catalogues or is cut, per place; the test asserts the list empty at its end. */
function inspector(page: Page, app: ConsoleApp) {
  const allowed = new Set([
    ...serviceWords(app.service.store),
    ...intlWords('en'),
    ...wordsOf(`${DEMO.email} ${DEMO.password}`).map((w) => w.toLowerCase()),
    // The language menu names each language in itself, whatever the console speaks.
    ...['english', 'deutsch', 'français', 'español', 'italiano'],
    // The service's address (the account menu names it) and the aliases this walk types.
    ...['http', 'kiosk', 'lager'],
  ]);
  const found: string[] = [];
  const check = async (where: string, texts?: ShownText[]) => {
    await page.waitForTimeout(150);
    for (const e of foreignTexts(texts ?? (await shownTexts(page)), hasPlainLetter, allowed))
      found.push(`${where} english: ${e}`);
    if (!texts) for (const c of await cutText(page, READ_TEXT)) found.push(`${where} cut: ${c}`);
  };
  return { check, found };
}

test.describe('signed out', () => {
  test.use({ appOptions: { signedIn: false } });

  test('the sign-in screen in the pseudo-locale: no English, nothing cut off', async ({ app, page }) => {
    await pseudoOn(page, app);
    await expect(page.getByRole('heading', { name: p('signIn.title') })).toBeVisible({ timeout: 30_000 });
    const { check, found } = inspector(page, app);
    await check('sign-in');
    await page.getByRole('button', { name: p('signIn.open') }).click();
    await expect(page.getByLabel(p('signIn.pin'))).toBeVisible();
    await check('sign-in, PIN step');
    expect(found).toEqual([]);
  });
});

test('every screen, dialog, menu and notice in the pseudo-locale: no English, nothing cut off', async ({
  app,
  consolePage: page,
}) => {
  test.setTimeout(240_000);
  await pseudoOn(page, app);
  const nav = page.getByRole('navigation', { name: p('nav.label') });
  await expect(nav).toBeVisible({ timeout: 30_000 });
  const { check, found } = inspector(page, app);
  const grid = page.getByRole('grid', { name: p('devices.table') });
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });

  for (const key of ['nav.devices', 'nav.sessions', 'nav.users', 'nav.settings', 'overview.nav']) {
    await nav.getByRole('link', { name: p(key) }).click();
    await expect(page.locator('main.content')).toHaveAttribute('aria-label', p(key));
    await check(key);
  }

  // The devices screen's dialogs and menus.
  await nav.getByRole('link', { name: p('nav.devices') }).click();
  const escape = async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  await page.getByRole('button', { name: p('bulk.open') }).click();
  await expect(page.getByRole('dialog', { name: p('bulk.title') })).toBeVisible();
  await check('bulk dialog');
  await escape();
  await page.getByRole('button', { name: p('views.paste') }).click();
  await expect(page.getByRole('dialog', { name: p('views.pasteTitle') })).toBeVisible();
  await check('paste view dialog');
  await escape();
  await page.getByRole('button', { name: p('views.save') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('save view dialog');
  await escape();
  await page.getByRole('button', { name: p('folders.create') }).click();
  await expect(page.getByRole('dialog', { name: p('folders.createTitle') })).toBeVisible();
  await check('new folder dialog');
  await escape();
  await page.getByRole('button', { name: p('columns.choose'), exact: true }).click();
  await check('column chooser');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: p('account.menu') }).click();
  await check('account menu');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: p('palette.label') })).toBeVisible();
  await check('command palette');
  await escape();

  // A device: its row's menu, the move dialog, its details with history and watch.
  const row = grid.getByRole('row').nth(1);
  await row.click({ button: 'right' });
  await expect(page.getByRole('menu')).toBeVisible();
  await check('device menu');
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: p('devices.move') })
    .click();
  await expect(page.getByRole('dialog', { name: p('devices.moveDialog') })).toBeVisible();
  await check('move dialog');
  await escape();
  await row.click();
  const pane = page.getByRole('complementary', { name: p('devices.detail') });
  await expect(pane.getByRole('heading', { name: p('history.title') })).toBeVisible();
  await check('device details');

  // The export: the file's header is the console's words too.
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: p('export.csv') })
    .first()
    .click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  const header = Papa.parse<string[]>(csv.slice(1), { preview: 1 }).data[0]!;
  expect(header.length).toBeGreaterThan(3);
  await check('device export header', [{ text: header.join(' | '), where: 'CSV header' }]);
  await check('export toast');

  // A status notice's toast: a watched device goes offline.
  const device = app.service.store.listDevices().find((d) => d.name && !d.alias)!;
  await app.control.setDeviceStatus(device.id, 'online');
  await app.watchAccount();
  const refresh = () =>
    page
      .getByRole('banner')
      .getByRole('button', { name: p('common.refresh') })
      .click();
  // The history must have seen the device online before it goes offline: a device that started offline
  // and was set offline again before the first refresh landed makes no transition and no notice.
  const recorded = () =>
    expect.poll(async () => (await app.invoke('history:device', { deviceId: device.id, days: 1 })).status);
  await refresh();
  await recorded().toBe('online');
  await app.control.setDeviceStatus(device.id, 'offline');
  await refresh();
  await recorded().toBe('offline');
  const notices = page.getByRole('region', { name: p('toasts.region') });
  await expect(notices.getByRole('button', { name: p('alerts.openDevice') }).first()).toBeVisible({
    timeout: 15_000,
  });
  await check('status notice');

  // Offline: the banner, an edit waiting in the outbox, its list; then a conflict and its dialog.
  await app.stopService();
  await refresh();
  await page.getByRole('searchbox', { name: p('devices.search') }).fill(device.name!);
  await grid.getByRole('row', { name: device.name! }).dblclick();
  const alias = pane.getByRole('textbox', { name: p('devices.aliasInput') });
  await alias.fill('Kiosk');
  await alias.press('Enter');
  await check('offline, an edit waiting');
  await page.getByRole('button', { name: p('outbox.listShow') }).click();
  await expect(page.getByRole('dialog', { name: p('outbox.list') })).toBeVisible();
  await check('waiting changes');
  await escape();
  await app.restartService();
  app.service.store.updateDevice(device.id, { alias: 'Lager' });
  await refresh();
  const conflicts = page.getByRole('contentinfo').getByRole('button', { name: /^\[1 / });
  await expect(conflicts).toBeVisible({ timeout: 20_000 });
  await conflicts.click();
  await expect(page.getByRole('dialog', { name: p('outbox.conflictTitle') })).toBeVisible();
  await check('conflict dialog');
  await escape();

  // Sessions: the new-session dialog, a session's details and its menu.
  await nav.getByRole('link', { name: p('nav.sessions') }).click();
  await page.getByRole('button', { name: p('sessions.new') }).click();
  await expect(page.getByRole('dialog', { name: p('sessions.createTitle') })).toBeVisible();
  await check('new session dialog');
  await escape();
  await page.locator('.session-list button').first().click();
  const detail = page.getByRole('complementary', { name: p('sessions.detail') });
  await expect(detail).toBeVisible();
  await check('session details');

  await page.screenshot({ path: test.info().outputPath('pseudo-sessions.png') });
  expect(found).toEqual([]);
});

test('the folder, session and "Sign in again" dialogs in the pseudo-locale: no English, nothing cut off', async ({
  app,
  consolePage: page,
}) => {
  test.setTimeout(180_000);
  await pseudoOn(page, app);
  const nav = page.getByRole('navigation', { name: p('nav.label') });
  await expect(nav).toBeVisible({ timeout: 30_000 });
  const { check, found } = inspector(page, app);
  const escape = async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  /** Opens a dialog by its button and checks it; then closes it unchanged. */
  const dialogOf = async (button: string, where: string) => {
    await page
      .getByRole('button', { name: p(button), exact: true })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(where);
    await escape();
  };

  // The search box has room for its placeholder, 40 % longer as German and French need.
  const search = page.getByRole('searchbox', { name: p('devices.search') });
  expect(await placeholderCut(search), 'the search placeholder is cut').toBe(false);

  // A folder (the service's name) selected: its rename, move and delete dialogs.
  const folder = app.service.store.listFolders(undefined)[0]!;
  const tree = page.getByRole('tree', { name: p('folders.tree') });
  await tree
    .getByRole('treeitem', { name: folder.name, exact: true })
    .getByText(folder.name, { exact: true })
    .first()
    .click();
  await dialogOf('folders.rename', 'folder rename dialog');
  await dialogOf('folders.moveFolder', 'folder move dialog');
  await dialogOf('folders.delete', 'folder delete dialog');

  // A session: its edit and delete dialogs.
  await nav.getByRole('link', { name: p('nav.sessions') }).click();
  await page.locator('.session-list button').first().click();
  await expect(page.getByRole('complementary', { name: p('sessions.detail') })).toBeVisible();
  await dialogOf('sessions.edit', 'session edit dialog');
  await dialogOf('sessions.delete', 'session delete dialog');

  // The sign-in is revoked: the banner, and its "Sign in again" dialog at both steps.
  app.service.provider.revokeAllForUser('1');
  await page
    .getByRole('banner')
    .getByRole('button', { name: p('common.refresh') })
    .click();
  await page
    .getByRole('button', { name: p('reauth.action') })
    .first()
    .click();
  const reauth = page.getByRole('dialog', { name: p('reauth.dialog') });
  await expect(reauth).toBeVisible({ timeout: 15_000 });
  await check('sign in again');
  await reauth.getByRole('button', { name: p('signIn.open') }).click();
  await expect(reauth.getByLabel(p('signIn.pin'))).toBeVisible();
  await check('sign in again, PIN step');

  expect(found).toEqual([]);
});
