// Bulk changes on "all that match", executed by the main process's durable outbox: a move of every device
// in a folder (preview, live progress, pause, a reload and then a restart of the app that find the paused
// change on the status bar, resume, the result on the service), and an alias pattern whose one refused device is retried.

import type { Page } from '@playwright/test';
import type { FolderRecord } from '../../service/domain/account-state.js';
import type { ConsoleApp } from './support/console-app.js';
import { expect, test } from './fixtures.js';
import { deviceRows, selectFolder } from './support/ui.js';

/** The shallowest folder without sub-folders holding at least `min` devices, and an empty top folder. */
function pickFolders(app: ConsoleApp, min: number) {
  const store = app.service.store;
  const all: Array<FolderRecord & { depth: number }> = [];
  const walk = (parentId: string | undefined, depth: number) => {
    for (const f of store.listFolders(parentId)) {
      all.push({ ...f, depth });
      walk(f.id, depth + 1);
    }
  };
  walk(undefined, 0);
  const unique = (f: FolderRecord) => all.filter((o) => o.name === f.name).length === 1;
  const leaf = (f: FolderRecord) => !all.some((o) => o.parentId === f.id);
  const source = all
    .filter((f) => leaf(f) && unique(f) && store.listDevices(f.id).length >= min)
    .sort((x, y) => x.depth - y.depth)[0];
  if (!source) throw new Error(`no folder with ${min} devices in the seed`);
  const target = all.find((f) => f.depth === 0 && unique(f) && store.listDevices(f.id).length === 0)!;
  const path: string[] = [];
  for (let f: FolderRecord | undefined = source; f; f = all.find((o) => o.id === f!.parentId))
    path.unshift(f.name);
  return { source, target, path, ids: store.listDevices(source.id).map((d) => d.id) };
}

/** Selects the folder, opening its parents on the way (a collapsed tree hides them). */
async function showFolder(page: Page, path: string[]) {
  for (const [i, name] of path.entries()) {
    await selectFolder(page, name);
    if (i < path.length - 1) await page.keyboard.press('ArrowRight');
  }
}

async function openBulk(page: Page) {
  await page.getByRole('button', { name: 'Change all that match…' }).click();
  return page.getByRole('dialog', { name: 'Change all matching devices' });
}

const statusOf = (page: Page) => page.getByRole('dialog').getByTestId('bulk-status');

test('a bulk move of all matches: preview, progress, pause, reload, restart, resume, and the service holds it', async ({
  app,
  consolePage: page,
}) => {
  const { source, target, path, ids } = pickFolders(app, 12);
  await showFolder(page, path);
  await expect(deviceRows(page)).toHaveCount(ids.length);

  // Each move is held 400 ms by the service, so the run lasts long enough to be paused halfway.
  app.service.controls.faults.add({
    kind: 'delay',
    count: ids.length,
    method: 'PUT',
    pathPrefix: '/devices/',
    delayMs: 400,
  });
  const dialog = await openBulk(page);
  await dialog.getByRole('combobox', { name: 'Move to a folder' }).selectOption({ label: target.name });
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(`${ids.length} devices will change`);
  await expect(preview).toContainText(`From: ${source.name} (${ids.length})`);

  await dialog.getByRole('button', { name: `Apply to ${ids.length}` }).click();
  const status = statusOf(page);
  await expect(status).toContainText('Running');
  // Live progress: some done, not all.
  await expect(status).toHaveText(new RegExp(`Running [1-9]\\d* of ${ids.length} done, 0 failed`));
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect(status).toContainText('Paused');
  const inTarget = () => app.service.store.listDevices(target.id).filter((d) => ids.includes(d.id)).length;
  // What was being sent when paused finishes; then nothing more moves.
  await page.waitForTimeout(1_000);
  const atPause = inTarget();
  expect(atPause).toBeGreaterThan(0);
  expect(atPause).toBeLessThan(ids.length);
  await page.waitForTimeout(1_000);
  expect(inTarget()).toBe(atPause);
  await expect(status).toHaveText(`Paused ${atPause} of ${ids.length} done, 0 failed`);

  // The change lives in the main process's outbox: a reload finds it on the status bar, still paused.
  await page.reload();
  const statusBar = page.getByRole('contentinfo', { name: 'Status' });
  const job = statusBar.getByRole('button', { name: `Move ${ids.length} devices to` });
  await expect(job).toContainText(`${atPause} of ${ids.length} (Paused)`);
  // And the app quits and starts again (the batch comes back from the outbox's journal on disk).
  await app.stopHost();
  await app.restartHost();
  await page.goto(app.launchUrl);
  await expect(job).toContainText(`${atPause} of ${ids.length} (Paused)`, { timeout: 30_000 });
  expect(inTarget()).toBe(atPause);
  await job.click();
  const jobDialog = page.getByRole('dialog', { name: `Move ${ids.length} devices to` });
  await jobDialog.getByRole('button', { name: 'Resume' }).click();
  await expect(statusOf(page)).toHaveText(`Finished ${ids.length} of ${ids.length} done, 0 failed`, {
    timeout: 20_000,
  });
  expect(inTarget()).toBe(ids.length);
  expect(app.service.store.listDevices(source.id)).toHaveLength(0);
  await jobDialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(job).toHaveCount(0); // finished without failures: no longer on the status bar
});

test('a bulk alias change: a device the service refuses is reported with why, and retried', async ({
  app,
  consolePage: page,
}) => {
  const { path, ids } = pickFolders(app, 5);
  const refused = ids[0]!;
  const refusedName = app.service.store.getDevice(refused).name!;
  // Refused three times: a bulk run tries a 5xx three times before reporting it.
  app.service.controls.faults.add({
    kind: 'error',
    count: 3,
    method: 'PUT',
    pathPrefix: `/devices/${refused}.`,
  });

  await showFolder(page, path);
  await expect(deviceRows(page)).toHaveCount(ids.length);
  const dialog = await openBulk(page);
  await dialog.getByRole('radio', { name: 'Set aliases from a pattern' }).check();
  await dialog.getByRole('textbox', { name: /Alias pattern/ }).fill('Bulk-{n:2}');
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(
    'First aliases: Bulk-01, Bulk-02',
  );
  await dialog.getByRole('button', { name: `Apply to ${ids.length}` }).click();

  const status = statusOf(page);
  await expect(status).toHaveText(`Finished ${ids.length - 1} of ${ids.length} done, 1 failed`, {
    timeout: 20_000,
  });
  const failures = dialog.getByRole('region', { name: 'Not changed' });
  await expect(failures).toContainText(refusedName);
  expect(app.service.store.getDevice(refused).alias ?? '').not.toMatch(/^Bulk-/);

  await dialog.getByRole('button', { name: 'Retry the failed ones' }).click();
  await expect(status).toHaveText(`Finished ${ids.length} of ${ids.length} done, 0 failed`, {
    timeout: 20_000,
  });
  await expect(failures).toHaveCount(0);
  const aliases = ids.map((id) => app.service.store.getDevice(id).alias);
  expect(new Set(aliases).size).toBe(ids.length);
  for (const alias of aliases) expect(alias).toMatch(/^Bulk-\d\d$/);
});
