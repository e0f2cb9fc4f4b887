// Scale: an account of 10,000 devices. The grid keeps only a window of rows in the DOM while scrolling to
// the very end, search narrows the whole list (not a page of it), and sorting by a column reorders it.

import { expect, test } from './fixtures.js';
import { cellText, deviceGrid, deviceRows, searchBox } from './support/ui.js';

const DEVICES = 10_000;

test.use({ appOptions: { service: { devices: DEVICES } } });

/** Dotted IPv4 compared numerically, part by part. */
function ipOrder(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 4; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}

test('10,000 devices: a windowed grid that scrolls to the end, search and sort over all of them', async ({
  app,
  consolePage: page,
}) => {
  const devices = app.service.store.listDevices();
  expect(devices).toHaveLength(DEVICES);
  const grid = deviceGrid(page);
  await expect(page.getByText(/^10[,.\u00a0\u202f]?000 devices$/)).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', String(DEVICES + 1));
  const windowed = await deviceRows(page).count();
  expect(windowed).toBeGreaterThan(5);
  expect(windowed).toBeLessThan(100);

  // Sort by IP: the numerically lowest address comes first (header says so too).
  const byIp = devices.map((d) => d.ip!).sort(ipOrder);
  const firstBefore = await deviceRows(page).first().getAttribute('aria-label');
  await grid.getByRole('columnheader', { name: 'IP' }).getByRole('button').click();
  await expect(grid.getByRole('columnheader', { name: 'IP' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => cellText(deviceRows(page).first(), 'IP')).toBe(byIp[0]);
  expect(await deviceRows(page).first().getAttribute('aria-label')).not.toBe(firstBefore);

  // Scroll to the bottom: the last rows are drawn, the first ones are gone, the DOM still holds a window.
  await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const last = grid.locator(`[role="row"][aria-rowindex="${DEVICES + 1}"]`);
  await expect(last).toBeVisible();
  expect(await cellText(last, 'IP')).toBe(byIp[DEVICES - 1]);
  await expect(grid.locator('[role="row"][aria-rowindex="2"]')).toHaveCount(0);
  expect(await deviceRows(page).count()).toBeLessThan(100);

  // The other direction: the highest address first.
  await grid.evaluate((el) => el.scrollTo(0, 0));
  await grid.getByRole('columnheader', { name: 'IP' }).getByRole('button').click();
  await expect(grid.getByRole('columnheader', { name: 'IP' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => cellText(deviceRows(page).first(), 'IP')).toBe(byIp[DEVICES - 1]);

  // Search narrows the whole list: every HOO-… device, wherever it sits in the 10,000.
  const term = 'hoo-';
  const matching = devices.filter((d) => `${d.name}\n${d.alias ?? ''}`.toLowerCase().includes(term));
  expect(matching.length).toBeGreaterThan(100);
  await searchBox(page).fill(term.toUpperCase());
  await expect(
    page.getByText(new RegExp(`^${matching.length.toLocaleString('en-US')} shown$`)),
  ).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', String(matching.length + 1));
  for (const name of await deviceRows(page).evaluateAll((rows) =>
    rows.map((r) => r.getAttribute('aria-label')),
  )) {
    expect(name!.toLowerCase()).toContain(term);
  }
  await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(grid.locator(`[role="row"][aria-rowindex="${matching.length + 1}"]`)).toBeVisible();
});

test('a fling draws rows as sketches (a bar for the name, the status dot), a jump from rest and the rows after it whole', async ({
  consolePage: page,
}) => {
  const grid = deviceGrid(page);
  await expect(grid).toHaveAttribute('aria-rowcount', String(DEVICES + 1));
  // What the drawn rows hold: rows whose cells other than the name carry text, and rows with a name.
  // `flingFrames`: first drag that many frames, three screens a frame, and count in the same page task
  // a frame later: a count read in a later round trip could come after the rows were drawn whole again
  // (150 ms after the last scroll event), which a loaded machine's round trip can take.
  const drawn = (flingFrames = 0) =>
    grid.evaluate(async (el, frames) => {
      for (let frame = 0; frame < frames; frame++) {
        el.scrollTop += el.clientHeight * 3;
        await new Promise((r) => requestAnimationFrame(r));
      }
      if (frames > 0) await new Promise((r) => requestAnimationFrame(r));
      const rows = [...el.querySelectorAll('.grid-body [role="row"]')];
      const texts = (r: Element) =>
        [...r.querySelectorAll('[role="gridcell"]:not(.col-name)')].map((c) => c.textContent ?? '');
      return {
        rows: rows.length,
        whole: rows.filter((r) => texts(r).some((t) => t.trim() !== '')).length,
        named: rows.filter((r) => (r.querySelector('.col-name')?.textContent ?? '').trim() !== '').length,
        bars: rows.filter((r) => r.querySelector('.col-name.sketch')).length,
        dots: rows.filter((r) => r.querySelector('.col-status .dot')).length,
        labelled: rows.filter((r) => r.getAttribute('aria-label')).length,
      };
    }, flingFrames);

  // A single jump from rest (what End or a row revealed from the palette does) is drawn whole at once.
  const jumped = await grid.evaluate(async (el) => {
    el.scrollTop = el.scrollHeight / 2;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const rows = [...el.querySelectorAll('.grid-body [role="row"]')];
    return rows.filter((r) => r.querySelector('.col-ip')?.textContent?.trim()).length / rows.length;
  });
  expect(jumped).toBe(1);
  await page.waitForTimeout(400);

  // A drag moving three screens a frame: after a few frames the rows hold no text, a bar for the name
  // and the status dot, and keep their accessible names.
  const mid = await drawn(6);
  expect(mid.rows).toBeGreaterThan(5);
  expect(mid).toMatchObject({ whole: 0, named: 0, bars: mid.rows, dots: mid.rows, labelled: mid.rows });

  // Once it stops, every row is whole again (more of them: at rest rows are drawn beyond both edges).
  await expect
    .poll(async () => {
      const rest = await drawn();
      return rest.whole === rest.rows && rest.named === rest.rows && rest.bars === 0 && rest.rows > mid.rows;
    })
    .toBe(true);
});
