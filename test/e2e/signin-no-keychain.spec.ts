// First launch where no keychain exists (a server, a container: `npm start` without a Secret Service),
// walked as the README tells a newcomer: one primary action, "Open the authorization page", with "this run
// only" said beside it; the PIN; the devices. Then a restart: the account's copy opens signed out, and
// signing in again keeps it. Runs with no session bus at all (scripts/without-keyring.sh), so the real
// keychain code finds nothing, as it would there.

import { expect, test } from './fixtures.js';
import { approveOnAuthorizePage, DEMO } from './support/console-app.js';
import { deviceRow, deviceRows, searchBox } from './support/ui.js';

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
