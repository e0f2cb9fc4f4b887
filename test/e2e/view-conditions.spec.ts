// A saved view's conditions beyond the quick filter (IP range, alias empty, RAM, OR groups) are made in the
// view's condition editor, by keys and by mouse, with the count of matching devices following each edit;
// what it saves is the view the paste path reads, and it survives a reload.
import type { Page } from '@playwright/test';
import type { Device } from '../../shared/model.js';
import { expect, test } from './fixtures.js';
import { axeFindings } from './support/axe-audit.js';
import { deviceRows } from './support/ui.js';

const views = (page: Page) => page.getByRole('region', { name: 'Saved views' });
const matchCount = (n: number) => (n === 1 ? '1 device matches' : `${n} devices match`);

test('the condition editor builds IP, alias and RAM conditions in AND/OR groups with a live count', async ({
  consolePage: page,
  serviceApi,
}) => {
  const devices: Device[] = await serviceApi.listDevices();
  // The busiest /16 of the account, so the range narrows to a handful, not to none.
  const byPrefix = new Map<string, number>();
  for (const d of devices) {
    const prefix = d.ip!.split('.').slice(0, 2).join('.');
    byPrefix.set(prefix, (byPrefix.get(prefix) ?? 0) + 1);
  }
  const prefix = [...byPrefix].sort((a, b) => b[1] - a[1])[0]![0];
  const inRange = devices.filter((d) => d.ip!.startsWith(`${prefix}.`));
  const aliasEmptyOrSmall = inRange.filter((d) => !d.alias?.trim() || (d.ram !== null && d.ram < 4096));

  await views(page).getByRole('button', { name: 'Save current filter as a view' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('Range check');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  const bar = page.getByRole('group', { name: 'Active view' });
  await bar.getByRole('button', { name: 'Edit conditions' }).click();

  const editor = page.getByRole('dialog', { name: 'Conditions of “Range check”' });
  await expect(editor.getByRole('status')).toHaveText(matchCount(devices.length));

  // By keys: Tab to "Add condition", Space adds a row; its field chosen, its value typed.
  const add = editor.getByRole('button', { name: 'Add condition' }).first();
  await add.focus();
  await page.keyboard.press('Space');
  const first = editor.getByRole('group', { name: 'Condition 1' });
  await first.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'IP' });
  await first.getByRole('textbox', { name: 'Value' }).focus();
  await page.keyboard.type(prefix);
  await expect(editor.getByRole('status')).toHaveText(matchCount(inRange.length));

  // By mouse: a group of "any of these", holding "alias is empty" and "RAM below 4096".
  await editor.getByRole('button', { name: 'Add group' }).first().click();
  const group = editor.getByRole('group', { name: 'Group 2' });
  await expect(group.getByRole('combobox', { name: 'Devices match' })).toHaveValue('or');
  const aliasRow = group.getByRole('group', { name: 'Condition 2.1' });
  await aliasRow.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Alias' });
  await expect(aliasRow.getByRole('combobox', { name: 'Operator' })).toHaveValue('true');
  await group.getByRole('button', { name: 'Add condition' }).click();
  const ramRow = group.getByRole('group', { name: 'Condition 2.2' });
  await ramRow.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'RAM' });

  // An unusable value is kept as typed, said beside it, and nothing is counted or saved from it.
  const ram = ramRow.getByRole('textbox', { name: 'Value' });
  await ram.fill('lots');
  await expect(ram).toHaveAttribute('aria-invalid', 'true');
  await expect(ramRow).toContainText('Enter a number above 0.');
  await expect(editor.getByRole('status')).toHaveText('Correct the marked conditions to count the devices.');
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await ram.fill('4096');
  await expect(editor.getByRole('status')).toHaveText(matchCount(aliasEmptyOrSmall.length));

  // Enter in a field saves the view.
  await ram.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(bar.getByRole('listitem')).toHaveText([`IP: ${prefix}`, 'No alias or RAM below 4,096 MB']);
  await expect(deviceRows(page)).toHaveCount(aliasEmptyOrSmall.length);
  await expect(
    views(page).getByRole('button', {
      name: new RegExp(`^Range check ${aliasEmptyOrSmall.length} devices?$`),
    }),
  ).toBeVisible();

  // Kept: after a reload the view shows the same devices, and its editor the same rows.
  await page.reload();
  await expect(deviceRows(page).first()).toBeVisible({ timeout: 30_000 });
  await views(page)
    .getByRole('button', { name: /^Range check/ })
    .click();
  await expect(deviceRows(page)).toHaveCount(aliasEmptyOrSmall.length);
  await bar.getByRole('button', { name: 'Edit conditions' }).click();
  await expect(
    editor.getByRole('group', { name: 'Condition 1' }).getByRole('textbox', { name: 'Value' }),
  ).toHaveValue(prefix);
  await expect(
    editor.getByRole('group', { name: 'Condition 2.2' }).getByRole('textbox', { name: 'Value' }),
  ).toHaveValue('4096');

  // Removing the group widens the view again; Cancel keeps the saved one.
  await editor.getByRole('button', { name: 'Remove Group 2' }).click();
  await expect(editor.getByRole('status')).toHaveText(matchCount(inRange.length));
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(deviceRows(page)).toHaveCount(aliasEmptyOrSmall.length);
});

test('the condition editor opens from a view’s menu and edits status and folder conditions', async ({
  consolePage: page,
  serviceApi,
}) => {
  const devices = await serviceApi.listDevices();
  const offlineOrBusy = devices.filter((d) => d.status === 'offline' || d.status === 'busy');
  await views(page).getByRole('button', { name: 'Save current filter as a view' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('Down');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();

  const item = views(page).getByRole('button', { name: /^Down/ });
  await item.focus();
  await page.keyboard.press('Shift+F10');
  await page.getByRole('menuitem', { name: 'Edit conditions' }).click();
  const editor = page.getByRole('dialog', { name: 'Conditions of “Down”' });
  await editor.getByRole('button', { name: 'Add condition' }).click();
  const row = editor.getByRole('group', { name: 'Condition 1' });
  await row.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Status' });
  const choices = row.getByRole('group', { name: 'Value' });
  // Space toggles a checkbox from the keyboard.
  await choices.getByRole('checkbox', { name: 'Online' }).focus();
  await page.keyboard.press('Space');
  await choices.getByRole('checkbox', { name: 'Offline' }).check();
  await choices.getByRole('checkbox', { name: 'Busy' }).check();
  await expect(editor.getByRole('status')).toHaveText(matchCount(offlineOrBusy.length));

  // A folder not chosen yet is asked for, not guessed.
  await editor.getByRole('button', { name: 'Add condition' }).click();
  const folderRow = editor.getByRole('group', { name: 'Condition 2' });
  await folderRow.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Folder' });
  await expect(folderRow).toContainText('Choose a folder.');
  await folderRow.getByRole('combobox', { name: 'Value' }).selectOption({ label: 'Unassigned' });
  await folderRow.getByRole('combobox', { name: 'Operator' }).selectOption({ label: 'is' });
  const unassigned = offlineOrBusy.filter((d) => d.folderId === null).length;
  await expect(editor.getByRole('status')).toHaveText(matchCount(unassigned));

  // The status history's conditions are offered too, read from their schema (whole minutes).
  await editor.getByRole('button', { name: 'Add condition' }).click();
  const history = editor.getByRole('group', { name: 'Condition 3' });
  await history.getByRole('combobox', { name: 'Field' }).selectOption({ label: 'Status for' });
  await expect(history.getByRole('combobox', { name: 'Operator' })).toHaveValue('offline');
  await history.getByRole('textbox', { name: 'Value' }).fill('1.5');
  await expect(history).toContainText('Enter a whole number from 1 to');
  await history.getByRole('button', { name: 'Remove Condition 3' }).click();
  await expect(editor.getByRole('status')).toHaveText(matchCount(unassigned));

  // Every control of the editor is named and reachable for a screen reader (no serious axe finding).
  expect(await axeFindings(page, 'view editor', { only: '[role="dialog"]' })).toEqual([]);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('group', { name: 'Active view' }).getByRole('listitem')).toHaveText([
    'Status: Offline, Busy',
    'Folder: Unassigned',
  ]);
  await expect(item).toHaveAccessibleName(new RegExp(`^Down ${unassigned} devices?$`));
});
