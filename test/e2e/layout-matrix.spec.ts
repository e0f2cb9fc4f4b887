// The screenshot matrix: the console in German (the longest of its languages) at the window widths
// technicians use, 1280, 1440 and 1920 px, in the light and the dark theme. On each main screen (devices
// with a device open and its history, a saved view active; sessions with one open; users; Overview;
// Settings) and each main dialog, no word of the console is cut off, no control overlaps or covers another,
// none sticks out of the window, and no choice runs into the next (test/e2e/support/layout-checks.ts). Every state is photographed into
// the test's output folder, so a failure comes with the picture of what a user would have seen.

import type { Page } from '@playwright/test';
import { catalogueOf } from '../../renderer/i18n/catalogues.js';
import { expect, test } from './fixtures.js';
import { crowdedChoices, cutText, overlapsInView, within } from './support/layout-checks.js';

const de = catalogueOf('ge');
const w = (key: string): string => {
  const text = de[key];
  if (typeof text !== 'string') throw new Error(`no German text for ${key}`);
  return text;
};

const WINDOWS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;
const THEMES = ['light', 'dark'] as const;
const DIALOG = '[role="dialog"]';

/** Judges the page as it is now in both themes; the faults found, each named with where and how wide. */
class Matrix {
  readonly faults: string[] = [];
  constructor(
    readonly page: Page,
    readonly width: number,
  ) {}

  /** `overlay`: the open dialog or popover, whose backdrop or body covers the rest on purpose. */
  async judge(where: string, overlay?: string): Promise<void> {
    for (const theme of THEMES) {
      await this.page.emulateMedia({ colorScheme: theme });
      const label = `${this.width} px, ${theme}, ${where}`;
      const found = [
        ...(await cutText(this.page)).map((f) => `cut: ${f}`),
        ...(await overlapsInView(this.page, overlay ? within(overlay) : undefined)),
        ...(await crowdedChoices(this.page)).map((f) => `crowded: ${f}`),
      ];
      this.faults.push(...found.map((f) => `${label}: ${f}`));
      await this.page.screenshot({
        path: test.info().outputPath(`${this.width}-${theme}-${where.replace(/\W+/g, '-')}.png`),
        animations: 'disabled',
        caret: 'hide',
      });
    }
  }
}

// Twenty-six states, each judged and photographed twice: longer than a usual test on a busy machine.
test.describe.configure({ timeout: 180_000 });

for (const size of WINDOWS) {
  test.describe(`${size.width} px`, () => {
    test.use({ viewport: size });

    test(`German at ${size.width} px, light and dark: no text cut off, no control overlapping or outside the window`, async ({
      app,
      consolePage: page,
    }) => {
      // Signed in in English (the fixture waits for the English grid), then switched as a user would.
      await app.invoke('settings:update', { language: 'ge' });
      const matrix = new Matrix(page, size.width);
      const nav = page.getByRole('navigation', { name: w('nav.label') });
      await expect(nav).toBeVisible();

      // Devices: a saved view active (the view bar shows its conditions), a device open with its history.
      const search = page.getByRole('searchbox', { name: w('devices.search') });
      await search.fill('desk');
      await page.getByRole('button', { name: w('views.save') }).click();
      const save = page.getByRole('dialog');
      await expect(save.getByRole('textbox')).toBeVisible();
      await matrix.judge('save view dialog', DIALOG);
      await page.keyboard.press('Enter');
      await expect(save).toHaveCount(0);
      const grid = page.getByRole('grid', { name: w('devices.table') });
      await grid.locator('.grid-body').getByRole('row').first().click();
      const detail = page.getByRole('complementary', { name: w('devices.detail') });
      await expect(detail.getByRole('heading').first()).toBeVisible();
      await matrix.judge('devices, a view active, a device open');

      await page.getByRole('button', { name: w('columns.choose'), exact: true }).click();
      await expect(page.getByRole('group', { name: w('columns.chooserTitle') })).toBeVisible();
      await matrix.judge('column chooser', '.column-chooser-panel');
      await page.keyboard.press('Escape');

      await grid.focus();
      await page.keyboard.press('m');
      await expect(page.getByRole('dialog', { name: w('devices.moveDialog') })).toBeVisible();
      await matrix.judge('move devices dialog', DIALOG);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: w('bulk.open') }).click();
      await expect(page.getByRole('dialog', { name: w('bulk.title') })).toBeVisible();
      await matrix.judge('bulk dialog', DIALOG);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: w('views.paste') }).click();
      await expect(page.getByRole('dialog', { name: w('views.pasteTitle') })).toBeVisible();
      await matrix.judge('paste view dialog', DIALOG);
      await page.keyboard.press('Escape');

      await page
        .getByRole('toolbar', { name: w('folders.actions') })
        .getByRole('button', { name: w('folders.create') })
        .click();
      await expect(page.getByRole('dialog', { name: new RegExp(`^${w('folders.create')}`) })).toBeVisible();
      await matrix.judge('new folder dialog', DIALOG);
      await page.keyboard.press('Escape');

      await page.keyboard.press('Control+k');
      await expect(page.getByRole('combobox', { name: w('palette.label') })).toBeVisible();
      await page.keyboard.type('desk');
      await matrix.judge('command palette', DIALOG);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Sessions, one open, and the new-session form.
      await nav.getByRole('link', { name: w('nav.sessions') }).click();
      await page.locator('.session-list').getByRole('button').first().click();
      await expect(page.getByRole('complementary', { name: w('sessions.detail') })).toBeVisible();
      await matrix.judge('sessions, one open');
      await page.getByRole('button', { name: w('sessions.new') }).click();
      await expect(page.getByRole('dialog', { name: w('sessions.createTitle') })).toBeVisible();
      await matrix.judge('new session dialog', DIALOG);
      await page.keyboard.press('Escape');

      for (const key of ['nav.users', 'overview.nav', 'nav.settings']) {
        await nav.getByRole('link', { name: w(key) }).click();
        await expect(page.locator('main.content')).toHaveAttribute('aria-label', w(key));
        await matrix.judge(key.replace(/\.nav$|^nav\./, ''));
      }

      expect(matrix.faults).toEqual([]);
    });
  });
}
