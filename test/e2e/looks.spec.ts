// The visual pass, held where a user would see it: checkboxes on their labels' first line, fieldsets in
// the console's own border, the sessions list's column heads over its columns, a heading reached by Alt+N
// marked without a control's box, the amber ages explained, the "Sign in again" dialog with the demo hint
// and its buttons on one row, and the stand-in's authorization page styled and saying "PIN".
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { focusRingOverText } from './support/layout-checks.js';
import { deviceGrid, deviceRow, detailPane, searchBox, showScreen } from './support/ui.js';

test.use({ viewport: { width: 1280, height: 900 } });

/** Each checkbox of `scope`, against the first line of its label's text: same line, box to its left. */
async function checkboxesOnTheirLabels(scope: Locator): Promise<number> {
  const offsets = await scope.evaluate((root) =>
    [...root.querySelectorAll('label:has(input[type=checkbox])')].map((label) => {
      const box = label.querySelector('input[type=checkbox]')!.getBoundingClientRect();
      const range = document.createRange();
      const text = [...label.childNodes].find(
        (n) => n !== label.querySelector('input') && n.textContent!.trim(),
      );
      range.selectNodeContents(text!);
      const line = range.getClientRects()[0]!;
      return {
        name: label.textContent!.trim(),
        middle: Math.abs(box.top + box.height / 2 - (line.top + line.height / 2)),
        leftOf: box.right <= line.left,
      };
    }),
  );
  for (const o of offsets) expect(o, o.name).toMatchObject({ leftOf: true });
  for (const o of offsets) expect(o.middle, o.name).toBeLessThanOrEqual(3);
  return offsets.length;
}

const borderOf = (l: Locator) =>
  l.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--border)';
    document.body.append(probe);
    const border = getComputedStyle(probe).color;
    probe.remove();
    return { color: getComputedStyle(el).borderTopColor, style: getComputedStyle(el).borderTopStyle, border };
  });

const refresh = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();

test('checkboxes sit on their labels and fieldsets wear the console border', async ({
  app,
  consolePage: page,
}) => {
  await showScreen(page, 'Settings');
  const settings = page.getByRole('main');
  await expect(settings.getByRole('checkbox', { name: 'No status alerts during these hours' })).toBeVisible();
  expect(await checkboxesOnTheirLabels(settings)).toBeGreaterThanOrEqual(4);
  for (const name of ['New watch', 'Quiet hours']) {
    const b = await borderOf(settings.getByRole('group', { name }));
    expect(b.style).toBe('solid');
    expect(b.color).toBe(b.border);
  }

  await showScreen(page, 'Devices');
  const device = app.service.store.listDevices().find((d) => d.name)!;
  await searchBox(page).fill(device.name!);
  await deviceRow(page, device.name!).click();
  await expect(detailPane(page).getByRole('checkbox', { name: /^Alert me when this device/ })).toBeVisible();
  // Every checkbox of the panel (the device watch's three choices) is checked for its place.
  const panelBoxes = await detailPane(page).getByRole('checkbox').count();
  expect(panelBoxes).toBeGreaterThanOrEqual(1);
  expect(await checkboxesOnTheirLabels(detailPane(page))).toBe(panelBoxes);
  await page.getByRole('button', { name: 'Columns' }).click();
  const chooser = page.getByRole('group', { name: 'Columns shown' });
  await expect(chooser.getByRole('checkbox', { name: 'Name' })).toBeVisible();
  expect(await checkboxesOnTheirLabels(chooser)).toBeGreaterThan(10);
  // The amber ages of the Status column are explained once, beside the counts.
  await expect(page.getByText('Amber age: no report for over 15 min')).toBeVisible();
});

test('the detail panel’s close button stays clear of the fields scrolled under it', async ({
  app,
  consolePage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  const device = app.service.store.listDevices().find((d) => d.name)!;
  await searchBox(page).fill(device.name!);
  await deviceRow(page, device.name!).click();
  const pane = detailPane(page);
  const close = pane.getByRole('button', { name: /^Close the details/ });
  await expect(pane.getByRole('heading', { name: device.name! })).toBeVisible();
  // At each scroll position of the panel, no text of it lies under the close button, which stays shown.
  for (const at of ['top', 'middle', 'bottom'] as const) {
    const under = await pane.evaluate((el, at) => {
      const body = [el as HTMLElement, ...el.querySelectorAll<HTMLElement>('*')].find(
        (n) => n.scrollHeight > n.clientHeight + 20,
      );
      if (body)
        body.scrollTop = at === 'top' ? 0 : at === 'middle' ? body.scrollHeight / 2 : body.scrollHeight;
      const button = el.querySelector('button')!.getBoundingClientRect();
      const hits: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent!.trim() || el.querySelector('button')!.contains(n)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) {
          // A line half scrolled out of the body is cut at the body's edge: only its painted part counts.
          const clip = body && body.contains(n) ? body.getBoundingClientRect() : r;
          const top = Math.max(r.top, clip.top);
          const bottom = Math.min(r.bottom, clip.bottom);
          if (
            bottom > top &&
            r.left < button.right &&
            r.right > button.left &&
            top < button.bottom &&
            bottom > button.top
          )
            hits.push(n.textContent!.trim());
        }
      }
      return { hits, scrolled: !!body };
    }, at);
    expect(under.scrolled, 'the panel scrolls at this height').toBe(true);
    expect(under.hits, at).toEqual([]);
    await expect(close).toBeInViewport();
  }
});

test('the sessions list has column heads over its columns; Alt+2 marks the heading without a box', async ({
  consolePage: page,
}) => {
  await page.keyboard.press('Alt+2');
  const heading = page.getByRole('heading', { name: 'Support sessions', level: 1 });
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

  const first = page.locator('.session-item').first();
  await expect(first).toBeVisible();
  const heads = page.locator('.session-list-head span');
  await expect(heads).toHaveText(['Customer', 'State', 'When', 'Code']);
  const cells = first.locator(':scope > *');
  for (let i = 0; i < 4; i++) {
    const head = (await heads.nth(i).boundingBox())!;
    const cell = (await cells.nth(i).boundingBox())!;
    expect(Math.abs(head.x - cell.x), `column ${i}`).toBeLessThanOrEqual(2);
  }
  // The code follows the time closely, not across the width of the list.
  const when = (await cells.nth(2).boundingBox())!;
  const code = (await cells.nth(3).boundingBox())!;
  expect(code.x - when.x).toBeLessThanOrEqual(260);
});

test('"Sign in again" keeps the demo hint and its buttons on one row; the authorization page says PIN', async ({
  app,
  consolePage: page,
}) => {
  app.service.provider.revokeAllForUser('1');
  await refresh(page);
  await page.getByRole('button', { name: 'Sign in again' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toContainText('Demo service: sign in on the authorization page as');
  await dialog.getByRole('button', { name: 'Open the authorization page' }).click();
  await expect(dialog).toContainText('Demo service: sign in on the authorization page as');
  const startOver = (await dialog.getByRole('button', { name: 'Start over' }).boundingBox())!;
  const signIn = (await dialog.getByRole('button', { name: 'Sign in', exact: true }).boundingBox())!;
  expect(Math.abs(startOver.y - signIn.y)).toBeLessThanOrEqual(1);
  expect(startOver.height).toBeLessThan(40);

  const href = await dialog.getByRole('link', { name: 'Authorization page' }).getAttribute('href');
  const authorize = await page.context().newPage();
  await authorize.goto(href!);
  const approve = authorize.getByRole('button', { name: 'Approve' });
  const deny = authorize.getByRole('button', { name: 'Deny' });
  const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(approve)).not.toBe(await background(deny));
  expect(await background(deny)).not.toBe('rgb(239, 239, 239)'); // Chromium's own grey button
  await authorize.getByLabel('E-mail address').fill(app.service.admin.email);
  await authorize.getByLabel('Password').fill(app.service.admin.password);
  await approve.click();
  await expect(authorize.getByRole('heading', { name: 'Access approved' })).toBeVisible();
  await expect(authorize.locator('main')).toContainText('Your PIN for');
  await expect(authorize.locator('main')).not.toContainText('verification code');
});

test('a header sort button’s focus ring keeps clear of its label, in every column', async ({
  consolePage: page,
}) => {
  const sorts = deviceGrid(page).getByRole('columnheader').getByRole('button');
  await expect(sorts.first()).toBeVisible();
  // By keys, as a keyboard user meets it: the ring shows for keyboard focus.
  await searchBox(page).focus();
  await page.keyboard.press('Shift');
  await sorts.first().focus();
  const count = await sorts.count();
  expect(count).toBeGreaterThan(2);
  for (let i = 0; i < count; i += 1) {
    const button = sorts.nth(i);
    if (i > 0) await page.keyboard.press('ArrowRight');
    await expect(button).toBeFocused();
    expect(await focusRingOverText(button), await button.innerText()).toBeLessThanOrEqual(0);
  }
});
