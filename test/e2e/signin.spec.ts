// First launch: the PIN (oob) sign-in as a technician walks it, then a relaunch that needs no sign-in
// because the credentials went to the OS keychain (the real Secret Service, not a memory vault).

import { expect, test } from './fixtures.js';
import { approveOnAuthorizePage, DEMO } from './support/console-app.js';
import { deviceGrid, deviceRows } from './support/ui.js';

test.use({ appOptions: { signedIn: false } });

test('first launch signs in with the PIN from the authorize page and lands on the devices', async ({
  app,
  consolePage: page,
  context,
}) => {
  const signIn = page.getByRole('form', { name: 'Sign in to your remote-support account' });
  await expect(signIn).toBeVisible();
  // Prefilled for the demo: the service address and consumer key; the secret is configured, so blank.
  await expect(signIn.getByLabel('Service URL')).toHaveValue(app.service.baseUrl);
  await expect(signIn.getByLabel('Consumer key')).toHaveValue(DEMO.consumerKey);
  await expect(signIn.getByLabel('Consumer secret')).toHaveValue('');
  await expect(signIn.getByText('A consumer secret is configured')).toBeVisible();
  await expect(signIn.getByText(`as ${DEMO.email} with the password ${DEMO.password}`)).toBeVisible();
  // The keychain is there, so nothing speaks of "this run only".
  await expect(signIn.getByText(/No keychain|this run only/)).toHaveCount(0);
  await expect(signIn.getByRole('button', { name: 'Try the keychain again' })).toHaveCount(0);

  await signIn.getByRole('button', { name: 'Open the authorization page' }).click();

  // The browser host cannot open a system browser: it shows the link to the service's authorize page.
  const link = page.getByRole('link', { name: 'Authorization page' });
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`^${app.service.baseUrl}/oauth/authorize\\?oauth_token=`),
  );
  const [authorize] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await authorize.waitForLoadState();
  await expect(
    authorize.getByRole('heading', { name: 'Allow Support Console to use your account?' }),
  ).toBeVisible();
  await authorize.getByLabel('E-mail address').fill(DEMO.email);
  await authorize.getByLabel('Password').fill(DEMO.password);
  await authorize.getByRole('button', { name: 'Approve' }).click();
  await expect(authorize.getByRole('heading', { name: 'Access approved' })).toBeVisible();
  const pin = (await authorize.locator('#oauth-verifier').innerText()).trim();
  expect(pin).toMatch(/^\S{4,}$/);
  await authorize.close();

  await page.getByLabel('PIN').fill(pin);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // The main window: the devices of the account, and the account menu naming the signed-in user.
  const summary = await app.control.summary();
  await expect(page.getByText(`${summary.devices.total} devices`, { exact: true })).toBeVisible();
  await expect(deviceRows(page).first()).toBeVisible();
  const admin = app.service.store.getUser('1');
  const adminName = [admin.firstname, admin.lastname].filter(Boolean).join(' ');
  const account = page.getByRole('button', { name: `Account: ${adminName}` });
  await expect(account).toBeVisible();
  await account.click();
  await expect(page.getByText('Role: Administrator')).toBeVisible();
  await expect(page.getByText(DEMO.email, { exact: true })).toBeVisible();
  // Remembered in the keychain, not for this run only.
  await expect(page.getByText('Credentials not saved (this run only)')).toHaveCount(0);

  // Relaunch: the app finds the credentials in the keychain and goes straight to the devices.
  await app.stopHost();
  await app.restartHost();
  await app.settled();
  await page.goto(app.launchUrl);
  await expect(deviceGrid(page)).toBeVisible();
  await expect(page.getByRole('button', { name: `Account: ${adminName}` })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign in to your remote-support account' })).toHaveCount(0);
});

test('a wrong PIN is refused at the PIN field, and the right one then signs in', async ({
  app,
  consolePage: page,
}) => {
  await page.getByRole('button', { name: 'Open the authorization page' }).click();
  const href = await page.getByRole('link', { name: 'Authorization page' }).getAttribute('href');
  expect(href).not.toBeNull();

  await page.getByLabel('PIN').fill('000000000');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const error = page.locator('#signin-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('The PIN was not accepted');
  await expect(page.getByLabel('PIN')).toHaveAttribute('aria-invalid', 'true');
  await expect(deviceGrid(page)).toHaveCount(0);

  // The same request token is still good: approving it now and typing its PIN completes the sign-in.
  const pin = await approveOnAuthorizePage(href!, DEMO.email, DEMO.password);
  await page.getByLabel('PIN').fill(pin);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(deviceRows(page).first()).toBeVisible();
  const { devices } = await app.control.summary();
  await expect(page.getByText(`${devices.total} devices`, { exact: true })).toBeVisible();
});
