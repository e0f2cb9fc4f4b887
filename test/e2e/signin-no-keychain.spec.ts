// First launch where no keychain exists (a server, a container: `npm start` without a Secret Service),
// walked as the README tells a newcomer: one primary action, "Open the authorization page", with "this run
// only" said beside it; the PIN; the devices. Then a restart: the account's copy opens signed out, and
// signing in again keeps it. Runs with no session bus at all (scripts/without-keyring.sh), so the real
// keychain code finds nothing, as it would there.

import { expect, test } from './fixtures.js';
import { approveOnAuthorizePage, DEMO } from './support/console-app.js';
import { cellText, detailPane, deviceRow, deviceRows, searchBox } from './support/ui.js';

test.use({ appOptions: { signedIn: false, keychain: 'absent' } });

test.describe('without a keychain', { tag: '@no-keychain' }, () => {
  test('one primary action signs in for this run only, following the README', async ({
    app,
    consolePage: page,
    context,
  }) => {
    const signIn = page.getByRole('form', { name: 'Sign in to your remote-support account' });
    await expect(signIn).toBeVisible();
    // One sentence beside the action says what "no keychain" means; nothing is an error yet.
    const notice = signIn.getByText(
      'No keychain on this computer: this sign-in lasts for this run only, and you sign in again next time.',
    );
    await expect(notice).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const primary = signIn.locator('button.primary');
    await expect(primary).toHaveCount(1);
    await expect(primary).toHaveText('Open the authorization page');
    await expect(primary).toHaveAccessibleDescription(await notice.innerText());

    await primary.click();

    // The browser host is the browser: the action becomes the link to the service's authorize page.
    const link = page.getByRole('link', { name: 'Authorization page' });
    await expect(link).toHaveAttribute(
      'href',
      new RegExp(`^${app.service.baseUrl}/oauth/authorize\\?oauth_token=`),
    );
    const [authorize] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await authorize.waitForLoadState();
    await authorize.getByLabel('E-mail address').fill(DEMO.email);
    await authorize.getByLabel('Password').fill(DEMO.password);
    await authorize.getByRole('button', { name: 'Approve' }).click();
    await expect(authorize.getByRole('heading', { name: 'Access approved' })).toBeVisible();
    const pin = (await authorize.locator('#oauth-verifier').innerText()).trim();
    await authorize.close();

    await page.getByLabel('PIN').fill(pin);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    const summary = await app.control.summary();
    await expect(page.getByText(`${summary.devices.total} devices`, { exact: true })).toBeVisible();
    await expect(deviceRows(page).first()).toBeVisible();
    const admin = app.service.store.getUser('1');
    const adminName = [admin.firstname, admin.lastname].filter(Boolean).join(' ');
    await page.getByRole('button', { name: `Account: ${adminName}` }).click();
    await expect(page.getByText('Credentials not saved (this run only)')).toBeVisible();
    await page.keyboard.press('Escape');

    // Restart: no credentials were kept, yet the account's copy opens, browsable and searchable, marked
    // signed out; signing in again (the same single action) keeps it and refreshes it.
    await app.settled();
    await app.stopHost();
    await app.restartHost();
    await expect
      .poll(async () => {
        const snapshot = await app.invoke('app:snapshot', {});
        return [snapshot.auth.status, snapshot.data.devices.length];
      })
      .toEqual(['reauth-required', summary.devices.total]);
    await page.goto(app.launchUrl);
    await expect(page.getByRole('alert')).toContainText('Signed out — sign in to refresh.');
    await expect(page.getByText(`${summary.devices.total} devices`, { exact: true })).toBeVisible();
    const device = app.service.store.listDevices().find((d) => d.name)!;
    await searchBox(page).fill(device.name!);
    await expect(deviceRow(page, device.name!)).toBeVisible();
    await searchBox(page).fill('');

    await page.getByRole('button', { name: 'Sign in again' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByRole('button', { name: 'Open the authorization page' }).click();
    const href = await dialog.getByRole('link', { name: 'Authorization page' }).getAttribute('href');
    const again = await approveOnAuthorizePage(href!, DEMO.email, DEMO.password);
    await dialog.getByLabel('PIN').fill(again);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Signed out — sign in to refresh.')).toHaveCount(0);
    await expect(page.getByText(`${summary.devices.total} devices`, { exact: true })).toBeVisible();
    expect((await app.invoke('app:snapshot', {})).auth).toMatchObject({
      status: 'signed-in',
      credentialStore: 'memory',
    });
  });
});

test.describe('the copy opened signed out', { tag: '@no-keychain' }, () => {
  test('restarted without a keychain: the copy says how old it is and shows its history, views and Overview', async ({
    app,
    consolePage: page,
  }) => {
    // A run signed in for this run only, as the first test walks it, with a saved view and some history.
    await app.signInThroughCore(DEMO.email, { memoryOnly: true });
    await app.settled();
    const device = app.service.store.listDevices().find((d) => d.name && d.alias === null)!;
    const name = device.name!;
    await app.control.setDeviceStatus(device.id, 'offline');
    await app.invoke('sync:refresh', { datasets: ['devices'] });
    await expect
      .poll(async () => (await app.invoke('history:device', { deviceId: device.id, days: 1 })).status)
      .toBe('offline');
    await app.invoke('views:save', {
      views: [
        {
          id: 'v1',
          name: 'Desks by since',
          search: '',
          where: { kind: 'group', op: 'and', conditions: [] },
          sort: { key: 'name', direction: 'asc' },
          columns: [
            { key: 'name', width: 220 },
            { key: 'since', width: 260 },
          ],
        },
      ],
    });
    await app.settled();
    await app.stopHost();
    await app.restartHost();
    await page.goto(app.launchUrl);

    // The banner names the copy's age; the status bar does not call it up to date.
    await expect(page.getByRole('alert')).toContainText(
      /Signed out — sign in to refresh\. Showing the copy saved on this computer \d+ (s|min) ago, at \d{1,2}:\d{2}/,
    );
    const bar = page.getByRole('contentinfo', { name: 'Status' });
    await expect(bar).toContainText('Oldest data');
    await expect(bar).toContainText('Not syncing (signed out)');
    await expect(bar).not.toContainText('Data up to date');

    // Its saved views, opened: the Since column from the copy's history, not "Unknown".
    const views = page.getByRole('region', { name: 'Saved views' });
    await views.getByRole('button', { name: /Desks by since/ }).click();
    await searchBox(page).fill(name);
    await expect.poll(() => cellText(deviceRow(page, name), 'Since')).toMatch(/^Offline since /);

    // The device's history, read from disk.
    await deviceRow(page, name).click();
    const pane = detailPane(page);
    await expect(pane.getByRole('heading', { name: 'Status history' })).toBeVisible();
    await expect(pane.getByTestId('history-since')).toContainText('Offline since');
    await expect(pane.getByText('Loading history…')).toHaveCount(0);

    // The Overview, with the counts of the copy.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText(/\d+ online · [1-9]\d* offline · \d+ busy/)).toBeVisible();
    await expect(page.getByText('Loading the overview…')).toHaveCount(0);
  });
});
