// Status history in Chromium: a watched device goes offline and comes back (one in-page notice each),
// its timeline in the detail panel shows the offline stretch, and the Overview chart renders with data;
// the Since column and a history filter in the device table; a folder watch and quiet hours from Settings.

import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  cellText,
  deviceGrid,
  deviceRow,
  deviceRows,
  detailPane,
  searchBox,
  showScreen,
  toasts,
} from './support/ui.js';

/**
 * How many pixel columns of the chart's canvas hold each status's colour (its line, or its points), and
 * the plot's width: a line spans most of it, a lone point a few pixels.
 */
async function seriesWidths(chart: Locator) {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const rgb = (variable: string) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${variable})`;
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
    };
    const { width, height } = canvas;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    const columns = (variable: string) => {
      const [r, g, b] = rgb(variable) as [number, number, number];
      const seen = new Set<number>();
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const near =
            Math.abs(pixels[i]! - r) + Math.abs(pixels[i + 1]! - g) + Math.abs(pixels[i + 2]! - b) < 24;
          if (near && pixels[i + 3]! > 200) seen.add(x);
        }
      return seen.size;
    };
    // uPlot's plot area is the canvas less its axes: the widest any series could be.
    return {
      online: columns('--online'),
      offline: columns('--offline'),
      busy: columns('--busy'),
      plot: width * 0.8,
    };
  });
}

test('a watched device going offline and back: one notice each, on the timeline; the Overview chart', async ({
  app,
  consolePage: page,
}) => {
  const device = app.service.store
    .listDevices()
    .find((d) => d.name && d.alias === null && d.status === 'online')!;
  const name = device.name!;
  const refresh = () => page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  await app.control.setDeviceStatus(device.id, 'online');
  await refresh();

  await searchBox(page).fill(name);
  await deviceRow(page, name).click();
  const pane = detailPane(page);
  await expect(pane.getByRole('heading', { name: 'Status history' })).toBeVisible();
  const watch = pane.getByRole('checkbox', { name: 'Alert me when this device goes offline or comes back' });
  await watch.check();
  await expect(watch).toBeChecked();

  const offlineNotice = toasts(page)
    .locator('.toast')
    .filter({ hasText: `${name} went offline` });
  const backNotice = toasts(page)
    .locator('.toast')
    .filter({ hasText: `${name} came back` });
  await app.control.setDeviceStatus(device.id, 'offline');
  await refresh();
  await expect(offlineNotice).toHaveCount(1, { timeout: 15_000 });
  await expect(pane.getByTestId('history-since')).toContainText('Offline since');

  await app.control.setDeviceStatus(device.id, 'online');
  await refresh();
  await expect(backNotice).toHaveCount(1, { timeout: 15_000 });
  // Polls that change nothing raise nothing more.
  await refresh();
  await refresh();
  // Toasts leave on their own after seconds, and an identical one would merge with a count ("2 times"):
  // at most one of each, neither repeated.
  expect(await offlineNotice.count()).toBeLessThanOrEqual(1);
  expect(await backNotice.count()).toBeLessThanOrEqual(1);
  await expect(toasts(page)).not.toContainText(/\d+ times/);

  const timeline = pane.getByTestId('history-timeline');
  await expect(timeline.locator('.tl-offline')).toHaveCount(1);
  await expect(pane.getByTestId('history-transitions')).toContainText('Online → Offline');
  await expect(pane.getByTestId('history-since')).toContainText('Online since');

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).click();
  const chart = page.getByTestId('overview-chart-day');
  await expect(chart.locator('canvas')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/\d+ online · \d+ offline · \d+ busy/)).toBeVisible();
  // The chart draws lines, not one dot per series: each status's colour runs across most of the plot.
  // A history minutes old is drawn from where it begins, which the caption names.
  await expect(chart).toContainText(/recorded since/);
  const drawn = await seriesWidths(chart);
  for (const status of ['online', 'offline', 'busy'] as const)
    expect(drawn[status], `${status} of ${JSON.stringify(drawn)}`).toBeGreaterThan(drawn.plot / 2);
  // Into the test's output unless `npm run screenshots` asks for the README's copy: npm test leaves the
  // tree as it found it.
  await page.screenshot({
    path:
      process.env.SUPPORT_CONSOLE_SCREENSHOTS === 'docs'
        ? 'docs/screenshots/overview.png'
        : test.info().outputPath('overview.png'),
  });
});

test('the Since column says since when and sorts by it; a history filter combines with the search', async ({
  app,
  consolePage: page,
}) => {
  const [changed, still] = app.service.store
    .listDevices()
    .filter((d) => d.name && d.alias === null && d.status === 'online');
  const refresh = () => page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  await refresh();
  await app.control.setDeviceStatus(changed!.id, 'offline');
  await refresh();

  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('group', { name: 'Columns shown' }).getByRole('checkbox', { name: 'Since' }).check();
  await page.getByRole('button', { name: 'Columns', exact: true }).click();

  const changedRow = deviceRow(page, changed!.name!);
  const stillRow = deviceRow(page, still!.name!);
  await searchBox(page).fill(changed!.name!);
  // A transition the console saw: exact, with the time and how long ago ("just now" under a minute).
  await expect
    .poll(() => cellText(changedRow, 'Since'))
    .toMatch(/^Offline since \d.* \((\d+ min|just now)\)$/);
  await searchBox(page).fill(still!.name!);
  // Online when first seen: since at least then.
  await expect.poll(() => cellText(stillRow, 'Since')).toMatch(/^Online since at least /);

  // The history filter ANDs with the search: the unchanged device is filtered out, the changed one not.
  const history = page.getByRole('combobox', { name: 'History', exact: true });
  await history.selectOption({ label: 'Changed in the last hour' });
  await expect(deviceRows(page)).toHaveCount(0);
  await expect(page.getByText('No devices match the filters.')).toBeVisible();
  await searchBox(page).fill(changed!.name!);
  await expect(deviceRows(page)).toHaveCount(1);
  await expect(changedRow).toBeVisible();
  await searchBox(page).fill('');
  await expect(deviceRows(page)).toHaveCount(1);
  await history.selectOption({ label: 'Offline for more than…' });
  await page.getByRole('spinbutton', { name: 'How long' }).fill('1');
  await page.getByRole('combobox', { name: 'Unit' }).selectOption('days');
  await expect(changedRow).toBeHidden();
  await history.selectOption({ label: 'Any history' });

  // Sorted by Since, latest first: the one device that changed after the first poll leads.
  const header = deviceGrid(page).getByRole('columnheader', { name: /Since/ });
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(deviceRows(page).first()).toHaveAccessibleName(changed!.name!);
});

test('watches from Settings: a folder watch alerts about its devices; quiet hours silence it', async ({
  app,
  consolePage: page,
}) => {
  const store = app.service.store;
  const folders = new Map<string, { name: string; parentId: string | null }>();
  const walk = (parentId?: string) => {
    for (const f of store.listFolders(parentId)) {
      folders.set(f.id, f);
      walk(f.id);
    }
  };
  walk();
  const device = store
    .listDevices()
    .find((d) => d.name && d.alias === null && d.status === 'online' && d.folderId !== null)!;
  // The folder as Settings names it: its path from the top.
  const names: string[] = [];
  for (let f = folders.get(device.folderId!); f; f = f.parentId ? folders.get(f.parentId) : undefined)
    names.unshift(f.name);
  const folderPath = names.join(' / ');
  const refresh = () => page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  await refresh();

  await showScreen(page, 'Settings');
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await expect(alerts).toContainText('Nothing is watched yet.');
  await alerts
    .getByRole('combobox', { name: 'Watch' })
    .selectOption({ label: `Folder ${folderPath} and its sub-folders` });
  await alerts.getByRole('button', { name: 'Add watch' }).click();
  await expect(alerts.getByRole('list', { name: 'Alerts' })).toContainText(
    `Folder ${folderPath} and its sub-folders: goes offline, comes back`,
  );

  const notice = (text: string) =>
    toasts(page)
      .locator('.toast')
      .filter({ hasText: `${device.name} ${text}` });
  await app.control.setDeviceStatus(device.id, 'offline');
  await refresh();
  await expect(notice('went offline')).toHaveCount(1, { timeout: 15_000 });

  // Quiet hours around this computer's time now (the main process runs on the same clock and zone).
  const hhmm = (d: Date) =>
    `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  await alerts.getByRole('checkbox', { name: /No status alerts during these hours/ }).check();
  await alerts.getByLabel('From', { exact: true }).fill(hhmm(new Date(Date.now() - 3_600_000)));
  await alerts.getByLabel('To', { exact: true }).fill(hhmm(new Date(Date.now() + 3_600_000)));
  await alerts.getByRole('button', { name: 'Save' }).click();
  await expect(alerts.getByRole('status')).toContainText('Alerts saved');
  await app.control.setDeviceStatus(device.id, 'online');
  await refresh();
  // The poll is recorded (the device is online again in the table) but says nothing.
  await showScreen(page, 'Devices');
  await searchBox(page).fill(device.name!);
  await expect(deviceRow(page, device.name!)).toContainText('Online');
  await refresh();
  // A notice is sent with the poll that raised it, before its rows reach the table; a notice lasts 10 s,
  // so counting now (not waiting for a count of 0, which a notice leaving on its own would satisfy) is
  // the check.
  await page.waitForTimeout(1500);
  expect(await notice('came back').count()).toBe(0);
});

test('retention from Settings: what the history takes on disk beside it, kept after a reload', async ({
  consolePage: page,
}) => {
  await page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  await showScreen(page, 'Settings');
  const retention = page.getByRole('combobox', { name: 'Keep the status history for' });
  await expect(retention).toHaveValue('90');
  const usage = page.locator(`#${(await retention.getAttribute('aria-describedby'))!}`);
  await expect(usage).toContainText(
    /^Now [\d.,]+ (kB|MB) on this computer for 1 day \(about [\d.,]+ (kB|MB) a day\); 90 days would take about [\d.,]+ (kB|MB)\./,
  );

  await retention.selectOption({ label: '30 days' });
  await expect(usage).toContainText('30 days would take about');
  await page.reload();
  await showScreen(page, 'Settings');
  await expect(page.getByRole('combobox', { name: 'Keep the status history for' })).toHaveValue('30');
});
