// Support sessions: create with an invitation (seen in the service's outbox), edit, copy the code to the
// clipboard, delete; a finished session cannot be deleted; a session the simulator starts shows as ongoing
// and raises a notice in the page (and asks the browser for a system notification).

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { showScreen, toasts } from './support/ui.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write', 'notifications'] });

const sessionDetail = (page: Page): Locator => page.getByRole('complementary', { name: 'Session details' });

/** A datetime-local value (this computer's time), `minutes` after another. */
function later(value: string, minutes: number): string {
  const at = new Date(new Date(value).getTime() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

test('a session is created with an invitation, edited, its code copied, then deleted', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  await showScreen(page, 'Sessions');
  await page.getByRole('button', { name: 'New session' }).click();
  const form = page.getByRole('dialog', { name: 'New support session' });
  await form.getByLabel('Customer', { exact: true }).fill('Ada Lovelace');
  await form.getByLabel('Customer e-mail').fill('ada@customer.example');
  await form.getByLabel('Language').selectOption({ label: 'Italian' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toHaveCount(0);

  // The new session is selected; its code is what the service generated and mailed to the customer.
  const detail = sessionDetail(page);
  await expect(detail.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(detail).toContainText('Code valid for'); // no planned end: the 15-minute code
  const code = (await detail.getByRole('group', { name: /^Session code \d+$/ }).innerText()).trim();
  expect(code).toMatch(/^\d{9}$/);
  const created = (await serviceApi.listSessions()).find((s) => s.code === code);
  expect(created).toMatchObject({
    customer: 'Ada Lovelace',
    customerMail: 'ada@customer.example',
    language: 'it',
  });
  const mail = (await app.control.outbox()).filter((m) => m.to === 'ada@customer.example');
  expect(mail).toHaveLength(1);
  expect(mail[0]).toMatchObject({ sessionId: created!.id, code, language: 'it' });

  // Edit: a new customer name and a planned end an hour after the start.
  await detail.getByRole('button', { name: 'Edit session' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit support session' });
  await expect(edit.getByLabel('Customer', { exact: true })).toHaveValue('Ada Lovelace');
  await edit.getByLabel('Customer', { exact: true }).fill('Ada King');
  const start = await edit.getByLabel('Planned start').inputValue();
  await edit.getByLabel('Planned end').fill(later(start, 60));
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(detail.getByRole('heading', { name: 'Ada King' })).toBeVisible();
  const edited = await serviceApi.getSession(created!.id);
  expect(edited.customer).toBe('Ada King');
  expect(Date.parse(edited.plannedEndTime!) - Date.parse(edited.plannedInitTime!)).toBe(60 * 60_000);
  await expect(detail).not.toContainText('Code valid for');

  // Edit again: emptying the planned end clears it on the service, and the 15-minute code is back.
  await detail.getByRole('button', { name: 'Edit session' }).click();
  const clear = page.getByRole('dialog', { name: 'Edit support session' });
  await clear.getByLabel('Planned end').fill('');
  await expect(clear).toContainText('Without a planned end, the session code lasts 15 minutes.');
  await clear.getByRole('button', { name: 'Save' }).click();
  await expect(clear).toHaveCount(0);
  await expect(detail).toContainText('Code valid for');
  expect((await serviceApi.getSession(created!.id)).plannedEndTime).toBeNull();

  // Copy: the clipboard holds exactly the code shown.
  await detail.getByRole('button', { name: `Copy code ${code}` }).click();
  await expect(detail.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // Delete, confirmed.
  await detail.getByRole('button', { name: 'Delete session' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete session' });
  await expect(confirm).toContainText('Delete the session for Ada King?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(code) })).toHaveCount(0);
  expect((await serviceApi.listSessions()).map((s) => s.id)).not.toContain(created!.id);
});

test('a finished session cannot be deleted, and the page says why', async ({
  app,
  consolePage: page,
  serviceApi,
}) => {
  const finished = app.service.store.listSessions().find((s) => s.state === 'finished' && s.code)!;
  await showScreen(page, 'Sessions');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'By state' }).click();
  const finishedList = page.getByRole('list', { name: 'Finished' });
  await finishedList.getByRole('button', { name: new RegExp(finished.code!) }).click();

  const detail = sessionDetail(page);
  await expect(detail.getByText('Finished', { exact: true })).toBeVisible();
  const remove = detail.getByRole('button', { name: 'Delete session' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription('Finished sessions cannot be deleted');
  await expect(detail.getByText('Finished sessions cannot be deleted')).toBeVisible();
  expect((await serviceApi.getSession(finished.id)).state).toBe('finished');
});

test('a session the simulator starts shows as ongoing and raises a notice', async ({
  app,
  consolePage: page,
  context,
}) => {
  // Record what the page asks of the browser's Notification API (the system notification itself is
  // outside the page).
  await context.addInitScript(() => {
    const asked: Array<{ title: string; body?: string }> = [];
    (window as unknown as { notificationsAsked: typeof asked }).notificationsAsked = asked;
    const Native = window.Notification;
    class Recording extends Native {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        asked.push({ title, ...(options?.body ? { body: options.body } : {}) });
      }
    }
    // The headless shell answers "denied" even where the context grants notifications (full Chromium
    // answers "granted"); what is under test is the page's call, so the recording reports the grant.
    Object.defineProperty(Recording, 'permission', { get: () => 'granted' });
    window.Notification = Recording as typeof Notification;
  });
  await page.reload();

  // The planned session due next: the service clock jumps to its start and the simulator lets the
  // customer join.
  const now = Date.parse((await app.control.summary()).now);
  const next = app.service.store
    .listSessions()
    .filter((s) => s.state === 'planned' && Date.parse(s.plannedInitTime!) > now)
    .sort((a, b) => Date.parse(a.plannedInitTime!) - Date.parse(b.plannedInitTime!))[0]!;
  await showScreen(page, 'Sessions');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'By state' }).click();
  await expect(
    page.getByRole('list', { name: 'Planned' }).getByRole('button', { name: new RegExp(next.code!) }),
  ).toBeVisible();
  await app.control.advanceClock(Date.parse(next.plannedInitTime!) - now + 1_000);
  expect(app.service.store.getSession(next.id).state).toBe('ongoing');

  // No refresh pressed: the app's own sessions poll (15 s in front) notices it.
  const notice = toasts(page).locator('.toast').filter({ hasText: 'Support session started' });
  await expect(notice).toContainText(`${next.customer} (code ${next.code})`, { timeout: 30_000 });
  await expect(
    page.getByRole('list', { name: 'Ongoing' }).getByRole('button', { name: new RegExp(next.code!) }),
  ).toBeVisible();
  const asked = await page.evaluate(
    () => (window as unknown as { notificationsAsked: Array<{ title: string }> }).notificationsAsked,
  );
  expect(asked.filter((n) => n.title.includes('started'))).toEqual([
    {
      title: 'Support session started',
      body: `${next.customer} (code ${next.code})`,
    },
  ]);

  // The notice's action shows the session.
  await notice.getByRole('button', { name: 'Show' }).click();
  const detail = sessionDetail(page);
  await expect(detail.getByRole('heading', { name: next.customer! })).toBeVisible();
  await expect(detail.getByText('Ongoing', { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
