// Alerts lead somewhere (in Chromium, through the browser host): a status notice's toast opens the device
// it names (selected, details open) or the outage's folder (selected in the tree); a device's own watch
// offers "offline / busy for more than N" from its panel, as Settings lists it.

import { expect, test } from './fixtures.js';
import { detailPane, deviceRow, searchBox, showScreen, toasts, treeItem } from './support/ui.js';

test('a toast opens the device that went offline, and an outage’s toast opens its folder', async ({
  app,
  consolePage: page,
}) => {
  const store = app.service.store;
  const refresh = () => page.getByRole('banner').getByRole('button', { name: 'Refresh' }).click();
  // The largest folder (a site), all online to begin with; everything watched.
  const sizes = new Map<string, number>();
  for (const d of store.listDevices())
    if (d.folderId) sizes.set(d.folderId, (sizes.get(d.folderId) ?? 0) + 1);
  const [siteId] = [...sizes].sort((a, b) => b[1] - a[1])[0]!;
  const site = store.listDevices().filter((d) => d.folderId === siteId);
  const lone = store.listDevices().find((d) => d.name && d.alias === null && d.folderId !== siteId)!;
  for (const d of [...site, lone]) await app.control.setDeviceStatus(d.id, 'online');
  await app.watchAccount();
  await refresh();
  // Seen online by the history before anything goes offline: otherwise a device that started offline
  // makes no transition (and no toast) when it is set offline again.
  await expect
    .poll(async () => (await app.invoke('history:device', { deviceId: lone.id, days: 1 })).status)
    .toBe('online');

  // One device: its toast's "Open device", from another screen, shows it with its details.
  await showScreen(page, 'Settings');
  await app.control.setDeviceStatus(lone.id, 'offline');
  await refresh();
  const deviceToast = toasts(page)
    .locator('.toast')
    .filter({ hasText: `${lone.name} went offline` });
  await expect(deviceToast).toHaveCount(1, { timeout: 15_000 });
  await deviceToast.getByRole('button', { name: 'Open device' }).click();
  const pane = detailPane(page);
  await expect(pane.getByRole('heading', { name: 'Status history' })).toBeVisible();
  await expect(pane).toContainText(lone.name!);
  await expect(pane.getByTestId('history-since')).toContainText('Offline since');

  // A site going dark: the outage's toast opens the folder, selected in the tree.
  const folderName = folderNameOf(store, siteId);
  for (const d of site) await app.control.setDeviceStatus(d.id, 'offline');
  await refresh();
  const outageToast = toasts(page).locator('.toast').filter({ hasText: folderName });
  await expect(outageToast.getByRole('button', { name: 'Open folder' })).toBeVisible({ timeout: 15_000 });
  await showScreen(page, 'Sessions');
  await outageToast.getByRole('button', { name: 'Open folder' }).click();
  await expect(treeItem(page, folderName)).toHaveAttribute('aria-selected', 'true');
  await expect(deviceRow(page, site.find((d) => d.name && d.alias === null)!.name!)).toBeVisible();
});

test('a device’s panel watches it for “offline for more than N”, as Settings then lists it', async ({
  app,
  consolePage: page,
}) => {
  const device = app.service.store.listDevices().find((d) => d.name && d.alias === null)!;
  await searchBox(page).fill(device.name!);
  await deviceRow(page, device.name!).click();
  const watch = detailPane(page).getByRole('group', { name: 'Alerts for this device' });
  const offlineLonger = watch.getByRole('group', { name: 'Offline for more than' });
  await offlineLonger.getByRole('checkbox').check();
  await offlineLonger.getByRole('spinbutton', { name: 'How long' }).fill('3');
  await expect(offlineLonger.getByRole('checkbox')).toBeChecked();
  await expect(watch.getByRole('checkbox', { name: /goes offline or comes back/ })).not.toBeChecked();

  await showScreen(page, 'Settings');
  await expect(
    page.getByRole('region', { name: 'Alerts' }).getByRole('list', { name: 'Alerts' }),
  ).toContainText(`Device ${device.name}: offline for more than 3 h`);
});

function folderNameOf(
  store: { listFolders(parentId?: string): Array<{ id: string; name: string }> },
  id: string,
) {
  const walk = (parentId?: string): string | null => {
    for (const f of store.listFolders(parentId)) {
      if (f.id === id) return f.name;
      const found = walk(f.id);
      if (found) return found;
    }
    return null;
  };
  return walk() ?? id;
}
