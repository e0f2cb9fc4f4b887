// A German technician's day, walked in German on a German computer: the sign-in screen (before any account
// says which language), devices with a device's history, a site outage's notice, Overview with its chart,
// a session created with an invitation, the device and history exports, Settings and the outbox's conflict
// dialog. On every stop no English word may show. "English" is a word of the English catalogue that the
// German catalogue does not use too ("Status", "Online", "Browser" are German as well and pass), so it
// fails on real English that escaped a catalogue and not on the words both languages share; the
// service's own data (device, folder, customer names) and what Intl writes are allowed (support/foreign-words).

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { expect, test } from './fixtures.js';
import { DEMO } from './support/console-app.js';
import {
  foreignTexts,
  intlWords,
  messageWords,
  serviceWords,
  shownTexts,
  wordsOf,
  type ShownText,
} from './support/foreign-words.js';

const en = catalogueOf('en');
const de = catalogueOf('ge');

/** The German text of the message whose English is `english` (the walk reads like the English specs). */
function W(english: string): string {
  const key = Object.keys(en).find((k) => en[k] === english);
  if (!key) throw new Error(`no English message "${english}"`);
  return de[key]!;
}

const GERMAN = new Set(Object.values(de).flatMap((m) => messageWords(m).map((w) => w.toLowerCase())));
/** English words that are not German words too (the ones the German catalogue never uses). */
const ENGLISH_ONLY = new Set(
  Object.values(en)
    .flatMap(messageWords)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 3 && !GERMAN.has(w)),
);
const isEnglish = (word: string) => ENGLISH_ONLY.has(word.toLowerCase());

async function downloaded(page: Page, click: () => Promise<void>): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await click();
  const text = await readFile((await (await download).path())!, 'utf8');
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
}

test.describe('a German technician’s day', () => {
  test.use({ appOptions: { signedIn: false, language: 'account' }, locale: 'de-DE' });

  test('shows no English word from the sign-in screen to the conflict dialog', async ({ app, page }) => {
    test.setTimeout(180_000);
    const store = app.service.store;
    // Beside the data: the demo sign-in's own password (shown as a hint) and each language's name in itself
    // in the language menus ("English", as a German menu offers it).
    const allowed = new Set([
      ...serviceWords(store),
      ...intlWords('de'),
      ...wordsOf(DEMO.password).map((w) => w.toLowerCase()),
      'english',
    ]);
    const found: string[] = [];
    const check = async (where: string, texts?: ShownText[]) => {
      const english = foreignTexts(texts ?? (await shownTexts(page)), isEnglish, allowed);
      found.push(...english.map((e) => `${where}: ${e}`));
    };

    // Before sign-in: the computer's language (de-DE), with the language menu beside.
    await page.goto(app.launchUrl);
    await expect(
      page.getByRole('heading', { name: W('Sign in to your remote-support account') }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await check('sign-in');

    const german = store.listUsers().find((u) => u.language === 'ge' && u.email)!;
    await app.signInThroughCore(german.email!);
    await app.settled();
    await page.goto(app.launchUrl);
    const nav = page.getByRole('navigation', { name: W('Sections') });
    await expect(nav).toBeVisible({ timeout: 30_000 });
    const grid = page.getByRole('grid', { name: W('Devices') });
    await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await check('devices');

    // A device's details with its status history.
    await grid.getByRole('row').nth(1).click();
    const pane = page.getByRole('complementary', { name: W('Device details') });
    await expect(pane.getByRole('heading', { name: W('Status history') })).toBeVisible();
    await check('device details');

    // A site outage: every device of the largest folder goes offline, watched; its notice is German.
    const sizes = new Map<string, number>();
    for (const d of store.listDevices())
      if (d.folderId) sizes.set(d.folderId, (sizes.get(d.folderId) ?? 0) + 1);
    const [siteId] = [...sizes].sort((a, b) => b[1] - a[1])[0]!;
    const site = store.listDevices().filter((d) => d.folderId === siteId);
    for (const d of site) await app.control.setDeviceStatus(d.id, 'online');
    await app.watchAccount();
    const refresh = () =>
      page
        .getByRole('banner')
        .getByRole('button', { name: W('Refresh') })
        .click();
    await refresh();
    for (const d of site) await app.control.setDeviceStatus(d.id, 'offline');
    await refresh();
    const notices = page.getByRole('region', { name: W('Notifications') });
    await expect(notices.getByRole('button', { name: W('Open folder') }).first()).toBeVisible({
      timeout: 15_000,
    });
    await check('outage notice');

    // Overview and its chart (axes drawn on canvas from the catalogue and Intl; legend and labels in the page).
    await nav.getByRole('link', { name: W('Overview') }).click();
    await expect(page.getByTestId('overview-chart-day').locator('canvas').first()).toBeVisible();
    await check('overview');

    // A session with an invitation, in the customer's language (German too).
    await nav.getByRole('link', { name: W('Sessions') }).click();
    await page.getByRole('button', { name: W('New session') }).click();
    const form = page.getByRole('dialog', { name: W('New support session') });
    await check('new session');
    await form.getByLabel(W('Customer'), { exact: true }).fill('Ada Lovelace');
    await form.getByLabel(W('Customer e-mail')).fill('ada@customer.example');
    await form.getByRole('button', { name: W('Create') }).click();
    await expect(form).toHaveCount(0);
    const detail = page.getByRole('complementary', { name: W('Session details') });
    await expect(detail.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await check('session details');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await detail.getByRole('button', { name: W('Copy invitation text') }).click();
    const invitation = await page.evaluate(() => navigator.clipboard.readText());
    expect(invitation).toContain('Ada Lovelace');
    await check('invitation', [{ text: invitation, where: 'invitation text' }]);
    await check('invitation copied');

    // The exports: the device list, and a device's history.
    await nav.getByRole('link', { name: W('Devices') }).click();
    const devices = await downloaded(page, () =>
      page
        .getByRole('button', { name: W('Export CSV') })
        .first()
        .click(),
    );
    await check('device export', [{ text: devices[0]!.join(' | '), where: 'device CSV header' }]);
    await grid.getByRole('row').nth(1).click();
    const history = await downloaded(page, () => pane.getByRole('button', { name: W('Export CSV') }).click());
    await check(
      'history export',
      history.map((row) => ({ text: row.join(' | '), where: 'history CSV' })),
    );

    await nav.getByRole('link', { name: W('Settings') }).click();
    await expect(page.locator('main.content')).toHaveAttribute('aria-label', W('Settings'));
    await check('settings');

    // The outbox's conflict: an alias changed offline, and changed on the service meanwhile.
    await nav.getByRole('link', { name: W('Devices') }).click();
    const device = store.listDevices().find((d) => d.name && !d.alias)!;
    // Changed on the service before it goes away, not after it comes back: a restarted service answers the
    // outbox's retry at once, which could land before a later change and leave nothing to conflict with.
    store.updateDevice(device.id, { alias: 'Lager' });
    await app.stopService();
    await refresh();
    await page.getByRole('searchbox', { name: W('Search devices') }).fill(device.name!);
    const row = grid.getByRole('row', { name: device.name! });
    await row.dblclick();
    const aliasInput = pane.getByRole('textbox', { name: W('Alias') });
    await aliasInput.fill('Empfang');
    await aliasInput.press('Enter');
    // Waiting in the outbox before the service is back: an edit that reached the outbox only after the
    // restart (a slow machine) is simply sent, as any edit online is, and there is no conflict to show.
    await expect(
      page.getByRole('contentinfo').getByRole('status', { name: /^1 Änderung wartet/ }),
    ).toBeVisible();
    await check('offline');
    await app.restartService();
    await refresh();
    const conflicts = page.getByRole('contentinfo').getByRole('button', { name: /^1 Konflikt/ });
    await expect(conflicts).toBeVisible({ timeout: 20_000 });
    await conflicts.click();
    await expect(page.getByRole('dialog', { name: W('Changed on the service meanwhile') })).toBeVisible();
    await check('conflict dialog');

    expect(found).toEqual([]);
    // The check itself reads words: an English sentence on the page would have been caught.
    expect(
      foreignTexts([{ text: 'Sign in to make changes.', where: 'probe' }], isEnglish, allowed),
    ).not.toEqual([]);
    expect(wordsOf(invitation).length).toBeGreaterThan(5);
  });
});
