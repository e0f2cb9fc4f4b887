// A finished bulk move or alias change can be undone while nothing has changed its devices since: the undo
// is previewed like any bulk change, runs as a new bulk job through the outbox, and puts every device back
// (each into its own folder); once one of them changed meanwhile, the undo is no longer offered.
import type { Page } from '@playwright/test';
import type { FolderRecord } from '../../service/domain/account-state.js';
import type { ConsoleApp } from './support/console-app.js';
import { expect, test } from './fixtures.js';
import { deviceRows, searchBox } from './support/ui.js';

const statusOf = (page: Page) => page.getByRole('dialog').getByTestId('bulk-status').first();

/** An empty top-level folder with a name of its own. */
function emptyFolder(app: ConsoleApp) {
  const store = app.service.store;
  const top = store.listFolders(undefined);
  const names = (f: FolderRecord) => top.filter((o) => o.name === f.name).length === 1;
  const empty = top.find((f) => names(f) && store.listDevices(f.id).length === 0)!;
  return empty;
}

async function openBulk(page: Page) {
  await page.getByRole('button', { name: 'Change all that match…' }).click();
  return page.getByRole('dialog', { name: 'Change all matching devices' });
}

test('a bulk move of devices from many folders is undone: preview, a new bulk job, each back in its own folder', async ({
  app,
  consolePage: page,
}) => {
  const store = app.service.store;
  const target = emptyFolder(app);
  // Devices whose name holds a common fragment: spread over several folders and Unassigned.
  const all = store.listDevices();
  const fragment = all[0]!.name!.slice(0, 3);
  await searchBox(page).fill(`name:${fragment}`);
  const rows = await deviceRows(page).count();
  expect(rows).toBeGreaterThan(1);
  await expect(async () => {
    expect(await deviceRows(page).count()).toBe(rows);
  }).toPass();
  const shown = all.filter((d) => d.name!.toLowerCase().startsWith(fragment.toLowerCase()));
  const before = new Map(shown.map((d) => [d.id, d.folderId]));
  expect(new Set(before.values()).size).toBeGreaterThan(1);

  const dialog = await openBulk(page);
  await dialog.getByRole('combobox', { name: 'Move to a folder' }).selectOption({ label: target.name });
  await dialog.getByRole('button', { name: /^Apply to/ }).click();
  await expect(statusOf(page)).toContainText('Finished', { timeout: 30_000 });
  for (const id of before.keys()) expect(store.getDevice(id).folderId).toBe(target.id);

  await dialog.getByRole('button', { name: 'Undo this change…' }).click();
  const undo = dialog.getByRole('region', { name: 'Undo' });
  const preview = undo.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(`${before.size} devices will change`);
  await expect(preview).toContainText(`From: ${target.name} (${before.size})`);
  await expect(preview).toContainText('Back to: ');
  await undo.getByRole('button', { name: `Undo for ${before.size} devices` }).click();
  await expect(undo.getByTestId('bulk-status')).toContainText('Finished', { timeout: 30_000 });
  for (const [id, folderId] of before) expect(store.getDevice(id).folderId).toBe(folderId);
  // The undo is a bulk change like any other: it can be undone in turn (one offer, the undo's own).
  await expect(dialog.getByRole('button', { name: 'Undo this change…' })).toHaveCount(1);
});

test('an alias change is undone from the palette after its dialog was closed; a device changed since stops the undo', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  const store = app.service.store;
  const all = store.listDevices();
  // The unassigned devices of the seed are named WKS-nnn.
  const fragment = 'wks';
  const ids = all.filter((d) => d.name!.toLowerCase().startsWith(fragment)).map((d) => d.id);
  expect(ids.length).toBeGreaterThan(1);
  await searchBox(page).fill(`name:${fragment}`);
  await expect(deviceRows(page)).toHaveCount(ids.length);
  const aliases = new Map(ids.map((id) => [id, store.getDevice(id).alias ?? '']));

  let dialog = await openBulk(page);
  await dialog.getByRole('radio', { name: 'Set aliases from a pattern' }).check();
  await dialog.getByRole('textbox', { name: /^Alias pattern/ }).fill('U-{n:3}');
  await dialog.getByRole('button', { name: /^Apply to/ }).click();
  await expect(statusOf(page)).toContainText('Finished', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The palette offers the undo of the last finished change; it opens that change's view.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('undo');
  const label = `Undo: Set the aliases of ${ids.length} devices`;
  await expect(palette.getByRole('option').first()).toContainText(label);
  await page.keyboard.press('Enter');
  dialog = page.getByRole('dialog', { name: `Set the aliases of ${ids.length} devices` });
  await dialog.getByRole('button', { name: 'Undo this change…' }).click();
  const preview = dialog.getByRole('region', { name: 'Undo' }).getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(`${ids.length} devices will change`);
  await expect(preview).toContainText('First aliases: ');
  await dialog.getByRole('button', { name: `Undo for ${ids.length} devices` }).click();
  await expect(dialog.getByRole('region', { name: 'Undo' }).getByTestId('bulk-status')).toContainText(
    'Finished',
    { timeout: 30_000 },
  );
  for (const [id, alias] of aliases) expect(store.getDevice(id).alias ?? '').toBe(alias);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Another change, and someone else renames one of its devices meanwhile: no undo, and why.
  dialog = await openBulk(page);
  await dialog.getByRole('radio', { name: 'Set aliases from a pattern' }).check();
  await dialog.getByRole('textbox', { name: /^Alias pattern/ }).fill('V-{n:3}');
  await dialog.getByRole('button', { name: /^Apply to/ }).click();
  await expect(statusOf(page)).toContainText('Finished', { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Undo this change…' })).toBeVisible();
  await serviceApi.updateDevice(ids[0]!, { alias: 'Changed meanwhile' });
  // F5 refreshes with the dialog open (the page behind it is inert).
  await page.keyboard.press('F5');
  await expect(dialog).toContainText('1 device was changed since: this change can no longer be undone.');
  await expect(dialog.getByRole('button', { name: 'Undo this change…' })).toHaveCount(0);
  for (const id of ids.slice(1)) expect(store.getDevice(id).alias).toMatch(/^V-\d{3}$/);
});

test('a finished bulk move can still be undone after a reload and a restart: the outbox keeps its undo', async ({
  app,
  consolePage: page,
}) => {
  const store = app.service.store;
  const target = emptyFolder(app);
  // The unassigned devices of the seed are named WKS-nnn.
  const ids = store
    .listDevices()
    .filter((d) => d.name!.toLowerCase().startsWith('wks'))
    .map((d) => d.id);
  const before = new Map(ids.map((id) => [id, store.getDevice(id).folderId]));
  await searchBox(page).fill('name:wks');
  await expect(deviceRows(page)).toHaveCount(ids.length);
  const dialog = await openBulk(page);
  await dialog.getByRole('combobox', { name: 'Move to a folder' }).selectOption({ label: target.name });
  await dialog.getByRole('button', { name: /^Apply to/ }).click();
  await expect(statusOf(page)).toContainText('Finished', { timeout: 30_000 });
  for (const id of ids) expect(store.getDevice(id).folderId).toBe(target.id);

  const undoFromPalette = async () => {
    // The console is up (a reload or a restart takes a while under load) before its keys are pressed.
    await expect(deviceRows(page).first()).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('undo');
    await expect(palette.getByRole('option').first()).toContainText(`Undo: Move ${ids.length} devices to`);
    await page.keyboard.press('Enter');
    return page.getByRole('dialog', { name: `Move ${ids.length} devices to ${target.name}` });
  };
  // The page is loaded again: the undo is asked of the main side's outbox.
  await page.reload();
  let job = await undoFromPalette();
  await expect(job.getByRole('button', { name: 'Undo this change…' })).toBeVisible();
  await job.getByRole('button', { name: 'Close' }).click();

  // The app quits and starts again: the undo comes back from the outbox's journal, and works.
  await app.stopHost();
  await app.restartHost();
  await page.goto(app.launchUrl);
  job = await undoFromPalette();
  await job.getByRole('button', { name: 'Undo this change…' }).click();
  const undo = job.getByRole('region', { name: 'Undo' });
  await expect(undo.getByRole('region', { name: 'Preview' })).toContainText(
    `${ids.length} devices will change`,
  );
  await undo.getByRole('button', { name: `Undo for ${ids.length} devices` }).click();
  await expect(undo.getByTestId('bulk-status')).toContainText('Finished', { timeout: 30_000 });
  for (const [id, folderId] of before) expect(store.getDevice(id).folderId).toBe(folderId);
});
