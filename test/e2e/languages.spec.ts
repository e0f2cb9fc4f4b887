// The console in each of its five languages: every main screen shows no message key (a string that fell
// through translation) and no text overflowing its box; the device screen is photographed per language.
// A German user of the service signs in and gets German without touching Settings.
// Screenshots go to test-results/screenshots/, or to docs/screenshots/ under `npm run screenshots`
// (SUPPORT_CONSOLE_SCREENSHOTS=docs), as the other screenshots do.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { localeOf, UI_LANGUAGES, type UiLanguage } from '../../shared/i18n/translator.js';
import { expect, test } from './fixtures.js';
import { isCut, placeholderCut } from './support/layout-checks.js';

const OUT =
  process.env.SUPPORT_CONSOLE_SCREENSHOTS === 'docs'
    ? path.resolve(import.meta.dirname, '../../docs/screenshots')
    : path.resolve(import.meta.dirname, '../../test-results/screenshots');

const KEYS = Object.keys(catalogueOf('en'));

/** Message keys written on the page instead of their text. */
async function keysShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[aria-label],[title],[placeholder]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? ''),
    );
    return `${document.body.innerText}\n${attrs.join('\n')}`;
  });
  return KEYS.filter((key) => new RegExp(`(^|[^\\w.])${key.replace(/\./g, '\\.')}($|[^\\w.])`).test(text));
}

/**
 * Text that does not fit its box and is not meant to be cut (an ellipsis is a choice; a label spilling
 * out of a button is not): buttons, labels, headings, links, table headers, chips, status bar items.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'button, label, h1, h2, h3, a, th, [role="columnheader"], .chip, .statusbar > span, summary, legend, option';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        if (el.offsetParent === null) return false;
        const style = getComputedStyle(el);
        if (style.textOverflow === 'ellipsis') return false;
        return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 4;
      })
      .filter((el) => getComputedStyle(el).overflow !== 'visible' || el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: "${el.innerText.slice(0, 60)}"`);
  });
}

const NAV = ['nav.devices', 'nav.sessions', 'nav.users', 'nav.settings'] as const;

for (const language of UI_LANGUAGES) {
  test(`every main screen in ${language}: no untranslated key, nothing overflowing`, async ({
    app,
    consolePage: page,
  }) => {
    await app.invoke('settings:update', { language });
    const words = catalogueOf(language);
    const nav = page.getByRole('navigation', { name: words['nav.label'] as string });
    await expect(nav).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'ge' ? 'de' : language);
    for (const key of NAV) {
      await nav.getByRole('link', { name: words[key] as string }).click();
      await expect(page.locator('main.content')).toHaveAttribute('aria-label', words[key] as string);
      await page.waitForTimeout(200);
      expect(await keysShown(page), `${language} ${key}`).toEqual([]);
      expect(await overflowing(page), `${language} ${key}`).toEqual([]);
    }
    await nav.getByRole('link', { name: words['nav.devices'] as string }).click();
    await expect(
      page
        .getByRole('grid', { name: words['devices.table'] as string })
        .getByRole('row')
        .nth(1),
    ).toBeVisible();
    // Named by the language's code (de, not the service's ge); `npm run screenshots` retakes them.
    await mkdir(OUT, { recursive: true });
    const code = localeOf(language);
    // The chosen history filter is shown whole, not cut ("Beliebiger Verlau"): as wide as a copy sized to
    // its chosen value.
    const cut = await page.locator('#history-filter').evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLSelectElement;
      copy.value = (el as HTMLSelectElement).value;
      copy.style.setProperty('field-sizing', 'content');
      copy.style.maxWidth = 'none';
      el.parentElement!.append(copy);
      const needed = copy.getBoundingClientRect().width;
      copy.remove();
      return el.getBoundingClientRect().width + 1 < needed;
    });
    expect(cut, `${language}: the history filter's chosen value is cut`).toBe(false);
    // The search box's placeholder is shown whole too ("Name, Alias, IP oder MAC  ( / )").
    expect(await placeholderCut(page.locator('input[type="search"]').first()), language).toBe(false);
    // The tree's own words are shown whole, though folders' names are ellipsised there ("Todos los dispositiv…").
    const tree = page.getByRole('tree', { name: words['folders.tree'] as string });
    for (const key of ['folders.all', 'folders.unassigned'] as const) {
      const label = tree
        .getByRole('treeitem', { name: words[key] as string, exact: true })
        .locator('.treeitem-label')
        .first();
      expect(await isCut(label), `${language}: ${key} is cut`).toBe(false);
    }
    // Today's devices screen: a device open with its status history beside the list.
    await page
      .getByRole('grid', { name: words['devices.table'] as string })
      .getByRole('row')
      .nth(1)
      .click();
    await expect(
      page
        .getByRole('complementary', { name: words['devices.detail'] as string })
        .getByRole('heading', { name: words['history.title'] as string }),
    ).toBeVisible();
    expect(await keysShown(page), `${language} device details`).toEqual([]);
    await page.screenshot({ path: path.join(OUT, `devices-${code}.png`), animations: 'disabled' });
    await nav.getByRole('link', { name: words['overview.nav'] as string }).click();
    await expect(page.getByTestId('overview-chart-day').locator('canvas').first()).toBeVisible();
    await page.screenshot({ path: path.join(OUT, `overview-${code}.png`), animations: 'disabled' });
  });
}

test.describe('a German technician', () => {
  test.use({ appOptions: { signedIn: false, language: 'account' } });

  test('signs in and sees the console in German, without touching Settings', async ({ app, page }) => {
    const german = app.service.store.listUsers().find((u) => u.language === 'ge')!;
    await app.signInThroughCore(german.email!);
    await app.settled();
    await page.goto(app.launchUrl);
    await expect(page.getByRole('navigation', { name: 'Bereiche' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('grid', { name: 'Geräte' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
    expect(await keysShown(page)).toEqual([]);
    const ui: UiLanguage = 'ge';
    expect(await page.locator('html').getAttribute('lang')).toBe(ui === 'ge' ? 'de' : ui);
  });
});
