// Accessibility: axe-core (wcag2a/aa, 2.1 a/aa, best-practice) on every screen and dialog in light, its
// colour rules in dark (the theme changes nothing else), every rule in German (dark) and in the
// pseudo-locale, with no serious or critical violation; reduced motion honoured.

import type { Locator, Page } from '@playwright/test';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { pseudoCatalogue } from '../../renderer/i18n/pseudo.js';
import { expect, test } from './fixtures.js';
import { axeFindings, COLOUR_RULES } from './support/axe-audit.js';
import { deviceGrid, deviceRows, selectFolder, showScreen } from './support/ui.js';

const DIALOG = '[role="dialog"]';
const MENU = '[role="menu"]';

/**
 * 'colours': the colour rules only, for the dark theme of steps the light theme audited whole. The dark
 * theme changes colours alone (app.css sets color-scheme, which light-dark() reads), so every other rule
 * would see the same DOM again.
 */
type Rules = 'all' | 'colours';

/** Serious and critical violations where the audit stops; `contrastWithin`: see AxeScope. */
async function violations(
  page: Page,
  where: string,
  rules: Rules,
  contrastWithin?: string,
): Promise<string[]> {
  const found = await axeFindings(page, where, {
    ...(contrastWithin ? { contrastWithin } : {}),
    ...(rules === 'colours' ? { rules: COLOUR_RULES } : {}),
  });
  if (process.env.A11Y_REPORT)
    console.log(`${where}: ${found.length} serious/critical rule(s)\n${found.join('\n')}`);
  return found;
}

/** Runs axe wherever `visit` stops, and fails once at the end with every violation found. */
class Audit {
  readonly found: string[] = [];
  constructor(
    readonly page: Page,
    readonly rules: Rules = 'all',
  ) {}
  /** `within`: what the last step opened, where colour contrast is measured (AxeScope.contrastWithin). */
  async check(where: string, within?: string) {
    // Let transitions and live-region text settle so contrast is measured on the final colours.
    await this.page.waitForTimeout(50);
    this.found.push(...(await violations(this.page, where, this.rules, within)));
  }
}

/** The first session in the list, whichever group it falls in. */
const firstSession = (page: Page): Locator =>
  page.getByRole('main', { name: 'Sessions' }).locator('.session-list').getByRole('button').first();

// axe walks every node for contrast: a few seconds per check on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

for (const theme of ['light', 'dark'] as const) {
  const rules: Rules = theme === 'dark' ? 'colours' : 'all';
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test.describe('signed out', () => {
      test.use({ appOptions: { signedIn: false } });
      test(`sign-in: no serious or critical violation (${theme})`, async ({ app, consolePage: page }) => {
        await app.invoke('settings:update', { theme });
        const audit = new Audit(page, rules);
        await expect(page.getByRole('form', { name: /Sign in/ })).toBeVisible();
        await audit.check('sign-in');
        expect(audit.found).toEqual([]);
      });
    });

    test(`every screen: no serious or critical violation (${theme})`, async ({ app, consolePage: page }) => {
      await app.invoke('settings:update', { theme });
      const audit = new Audit(page, rules);
      await audit.check('devices');
      await deviceRows(page).first().click();
      await audit.check('devices, a row selected with its details');
      await page
        .getByRole('complementary', { name: 'Device details' })
        .getByRole('button', { name: 'Unassign' })
        .click();
      await expect(
        page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' }),
      ).toBeVisible();
      await audit.check('devices, a toast shown', 'section.toasts');
      await page.getByRole('searchbox', { name: 'Search devices' }).fill('zzzz-no-such-device');
      await expect(deviceRows(page)).toHaveCount(0);
      await audit.check('devices, no match');
      await page.getByRole('searchbox', { name: 'Search devices' }).fill('');
      await selectFolder(page, 'Internal');
      await audit.check('devices, a folder selected');
      for (const name of ['Sessions', 'Users', 'Settings'] as const) {
        await showScreen(page, name);
        await expect(page.getByRole('main', { name })).toBeVisible();
        await audit.check(name.toLowerCase());
      }
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Overview' })
        .click();
      await expect(page.getByRole('main', { name: 'Overview' })).toBeVisible();
      await audit.check('overview');
      await showScreen(page, 'Sessions');
      await firstSession(page).click();
      await expect(page.getByRole('complementary', { name: 'Session details' })).toBeVisible();
      await audit.check('sessions, one selected');
      expect(audit.found).toEqual([]);
    });

    test(`device dialogs and menus: no serious or critical violation (${theme})`, async ({
      app,
      consolePage: page,
    }) => {
      await app.invoke('settings:update', { theme });
      const audit = new Audit(page, rules);
      await deviceRows(page).first().click();
      await page.keyboard.press('m');
      await expect(dialog(page, 'Move devices')).toBeVisible();
      await audit.check('move devices dialog', DIALOG);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Change all that match…' }).click();
      await expect(dialog(page, 'Change all matching devices')).toBeVisible();
      await audit.check('bulk dialog', DIALOG);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Columns', exact: true }).click();
      await audit.check('column chooser', '#column-chooser-panel');
      await page.keyboard.press('Escape');

      await deviceGrid(page).focus();
      await page.keyboard.press('Shift+F10');
      await expect(page.getByRole('menu')).toBeVisible();
      await audit.check('row context menu', MENU);
      await page.keyboard.press('Escape');

      await page.keyboard.press('Control+k');
      await expect(page.getByRole('combobox', { name: 'Command palette' })).toBeVisible();
      await page.keyboard.type('desk');
      await audit.check('command palette', DIALOG);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Save current filter as a view' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit.check('save view dialog', DIALOG);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page
        .getByRole('region', { name: 'Saved views' })
        .getByRole('button', { name: /^View 1/ })
        .focus();
      await page.keyboard.press('Shift+F10');
      await audit.check('saved view menu', MENU);
      await page.getByRole('menuitem', { name: 'Delete view' }).click();
      await audit.check('delete view dialog', DIALOG);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Paste a view' }).click();
      await audit.check('paste view dialog', DIALOG);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /^Account: / }).click();
      await audit.check('account menu', '#account-panel');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(dialog(page, 'Sign out')).toBeVisible();
      await audit.check('sign-out dialog', DIALOG);
      // Opened from the top bar, it adds no second banner or contentinfo (axe rates that only moderate).
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(1);
      await page.keyboard.press('Escape');
      expect(audit.found).toEqual([]);
    });

    test(`folder and session dialogs: no serious or critical violation (${theme})`, async ({
      app,
      consolePage: page,
    }) => {
      await app.invoke('settings:update', { theme });
      const audit = new Audit(page, rules);
      const folderActions = page.getByRole('toolbar', { name: 'Folder actions' });
      await selectFolder(page, 'Internal');
      await folderActions.getByRole('button', { name: 'New folder' }).click();
      await expect(dialog(page, /^New folder/)).toBeVisible();
      await audit.check('new folder dialog', DIALOG);
      await page.keyboard.press('Escape');
      await folderActions.getByRole('button', { name: 'Rename folder' }).click();
      await audit.check('rename folder dialog', DIALOG);
      await page.keyboard.press('Escape');
      await folderActions.getByRole('button', { name: 'Delete folder' }).click();
      await audit.check('delete folder dialog', DIALOG);
      await page.keyboard.press('Escape');

      await showScreen(page, 'Sessions');
      await page.getByRole('button', { name: 'New session' }).click();
      await expect(dialog(page, 'New support session')).toBeVisible();
      await audit.check('new session dialog', DIALOG);
      await page.keyboard.press('Escape');
      await firstSession(page).click();
      const detail = page.getByRole('complementary', { name: 'Session details' });
      await detail.getByRole('button', { name: 'Edit session' }).click();
      await expect(dialog(page, 'Edit support session')).toBeVisible();
      await audit.check('edit session dialog', DIALOG);
      await page.keyboard.press('Escape');
      await detail.getByRole('button', { name: 'Delete session' }).click();
      await expect(dialog(page, 'Delete session')).toBeVisible();
      await audit.check('delete session dialog', DIALOG);
      await page.keyboard.press('Escape');
      expect(audit.found).toEqual([]);
    });
  });
}

test('the grid reads as cells: aria-colcount is the columns shown, every row has that many gridcells', async ({
  consolePage: page,
}) => {
  const grid = deviceGrid(page);
  const check = async () => {
    const headers = await grid.getByRole('columnheader').count();
    await expect(grid).toHaveAttribute('aria-colcount', String(headers));
    const row = deviceRows(page).first();
    await expect(row.getByRole('gridcell')).toHaveCount(headers);
    return headers;
  };
  const before = await check();
  // Hide one column from the keyboard: the chooser takes focus on its first box.
  await page.getByRole('button', { name: 'Columns', exact: true }).focus();
  await page.keyboard.press('Enter');
  const first = page.getByRole('group', { name: 'Columns shown' }).getByRole('checkbox').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Columns', exact: true })).toBeFocused();
  expect(await check()).toBe(before - 1);
  // The grid holds rows only: no status or other stray child (axe's aria-required-children).
  expect(await grid.locator(':scope > :not([role="rowgroup"]):not([role="row"])').count()).toBe(0);
});

test('the sessions list is one Tab stop; arrows move in it', async ({ consolePage: page }) => {
  await showScreen(page, 'Sessions');
  const items = page.getByRole('main', { name: 'Sessions' }).locator('.session-list').getByRole('button');
  expect(await items.count()).toBeGreaterThan(3);
  await expect(page.locator('.session-list button[tabindex="0"]')).toHaveCount(1);
  await page.locator('.session-list button[tabindex="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.session-list button[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  // One Tab leaves the list (to the detail panel), however many sessions there are.
  expect(await page.evaluate(() => !!document.activeElement?.closest('.session-list'))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(items.nth(1)).toBeFocused();
});

test('reduced motion: nothing moves when the system asks for less motion', async ({ consolePage: page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await deviceRows(page).first().click();
  await page.keyboard.press('m'); // a dialog and its backdrop
  await expect(page.getByRole('dialog', { name: 'Move devices' })).toBeVisible();
  const moving = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const long = (list: string) => list.split(',').some((d) => parseFloat(d) > 0);
        return (
          (style.animationName !== 'none' && long(style.animationDuration)) || long(style.transitionDuration)
        );
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(moving).toEqual([]);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
});

// The matrix beyond English: German (longer words, other labels) in the dark theme, every screen and a
// dialog. Elements are found by the German catalogue's words. (The conflict dialog's table is checked in
// test/renderer/outbox.test.tsx: an e2e conflict needs a write held while the service changes.)
test.describe('German, dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('every screen and a dialog: no serious or critical violation', async ({ app, consolePage: page }) => {
    const de = catalogueOf('ge');
    await app.invoke('settings:update', { theme: 'dark', language: 'ge' });
    const nav = page.getByRole('navigation', { name: de['nav.label'] });
    await expect(nav).toBeVisible();
    const audit = new Audit(page);
    await audit.check('de: devices');
    for (const key of ['nav.sessions', 'nav.users', 'nav.settings', 'overview.nav'] as const) {
      await nav.getByRole('link', { name: de[key] }).click();
      await expect(page.locator('main.content')).toHaveAttribute('aria-label', de[key]!);
      await audit.check(`de: ${key}`);
    }
    // The Overview scrolls: its region is reachable by keyboard and named.
    await expect(page.getByRole('region', { name: de['overview.title'] })).toHaveAttribute('tabindex', '0');

    // A dialog whose footer was a <footer>: no second page footer (contentinfo) while it is open.
    await nav.getByRole('link', { name: de['nav.devices'] }).click();
    await page.getByRole('button', { name: de['bulk.open'] }).click();
    await expect(dialog(page, de['bulk.title']!)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await audit.check('de: bulk dialog', DIALOG);
    expect(audit.found).toEqual([]);
  });
});

// The pseudo-locale (~40 % longer, accented): longer labels must not break names, contrast or layout roles.
test('pseudo-locale: every screen, no serious or critical violation', async ({ consolePage: page }) => {
  const P = pseudoCatalogue(catalogueOf('en'));
  await page.evaluate(() => localStorage.setItem('supportConsole.pseudoLocale', '1'));
  await page.reload();
  const nav = page.getByRole('navigation', { name: P['nav.label'] });
  await expect(nav).toBeVisible({ timeout: 30_000 });
  const audit = new Audit(page);
  for (const key of ['nav.devices', 'nav.sessions', 'nav.users', 'nav.settings', 'overview.nav'] as const) {
    await nav.getByRole('link', { name: P[key] }).click();
    await expect(page.locator('main.content')).toHaveAttribute('aria-label', P[key]!);
    await audit.check(`pseudo: ${key}`);
  }
  expect(audit.found).toEqual([]);
});
