// The console in the pseudo-locale (renderer/i18n/pseudo.ts: accented, ~40 % longer, bracketed): on every
// main screen, the words of the console itself (buttons, headings, labels, column headers, navigation) are
// bracketed, so none escaped a catalogue, and none is cut off or spills out of its box, so German and
// French have the room they need. The service's own data (names, folders, addresses) is not checked.

import type { Page } from '@playwright/test';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { pseudoCatalogue } from '../../renderer/i18n/pseudo.js';
import { expect, test } from './fixtures.js';
import { CHROME_TEXT, cutText } from './support/layout-checks.js';

const P = pseudoCatalogue(catalogueOf('en'));

async function findings(page: Page): Promise<{ english: string[]; cut: string[] }> {
  const english = await page.evaluate((selector) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.offsetParent === null || el.closest('[role="grid"] [role="row"]:not(:first-child)')) continue;
      const text = el.innerText.trim();
      if (/\p{L}/u.test(text) && !text.includes('['))
        out.push(`${el.tagName.toLowerCase()}.${el.className}: "${text.slice(0, 50)}"`);
    }
    return out;
  }, CHROME_TEXT);
  return { english, cut: await cutText(page) };
}

test('every main screen in the pseudo-locale: no English, nothing cut off', async ({ consolePage: page }) => {
  await page.evaluate(() => localStorage.setItem('supportConsole.pseudoLocale', '1'));
  await page.reload();
  const nav = page.getByRole('navigation', { name: P['nav.label'] });
  await expect(nav).toBeVisible({ timeout: 30_000 });
  const found: string[] = [];
  for (const key of ['nav.devices', 'nav.sessions', 'nav.users', 'nav.settings', 'overview.nav'] as const) {
    await nav.getByRole('link', { name: P[key] }).click();
    await expect(page.locator('main.content')).toHaveAttribute('aria-label', P[key]!);
    await page.waitForTimeout(300);
    const { english, cut } = await findings(page);
    found.push(...english.map((e) => `${key} english: ${e}`), ...cut.map((c) => `${key} cut: ${c}`));
  }
  // Dialogs and menus of the devices screen.
  const check = async (where: string) => {
    await page.waitForTimeout(200);
    const { english, cut } = await findings(page);
    found.push(...english.map((e) => `${where} english: ${e}`), ...cut.map((c) => `${where} cut: ${c}`));
  };
  await nav.getByRole('link', { name: P['nav.devices'] }).click();
  await page.getByRole('button', { name: P['bulk.open'] }).click();
  await expect(page.getByRole('dialog', { name: P['bulk.title'] })).toBeVisible();
  await check('bulk dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: P['views.paste'] }).click();
  await expect(page.getByRole('dialog', { name: P['views.pasteTitle'] })).toBeVisible();
  await check('paste view dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: P['columns.choose'], exact: true }).click();
  await check('column chooser');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: P['palette.label'] })).toBeVisible();
  await check('command palette');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: test.info().outputPath('pseudo-devices.png') });
  expect(found).toEqual([]);
});
