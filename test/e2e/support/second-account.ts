// The second account of the several-accounts specs (issue 28): its own stand-in service on its own port
// (another consumer, other data), and the way a technician adds it from the account menu.

import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { RunningService } from '../../../service/server.js';
import { startService } from '../../../service/server.js';
import { approveOnAuthorizePage, DEMO } from './console-app.js';

export const CONSUMER_B = { key: 'customer-b-console', secret: 'customer-b-secret' };
/** Devices of service B: a count no first service has, so "60 devices" says B is on screen. */
export const DEVICES_B = 60;

export function startServiceB(): Promise<RunningService> {
  return startService({
    port: 0,
    seed: 5,
    devices: DEVICES_B,
    consumerKey: CONSUMER_B.key,
    consumerSecret: CONSUMER_B.secret,
    adminEmail: DEMO.email,
    adminPassword: DEMO.password,
    control: true,
  });
}

export const countOf = (page: Page, n: number) => page.getByText(`${n} devices`, { exact: true });
export const accountButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Account:/ });

/** From the account menu: "Add account", named, then the PIN sign-in with B's own address and consumer. */
export async function addAccountB(page: Page, serviceB: RunningService): Promise<void> {
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an account' });
  await dialog.getByLabel('Account name').fill('Customer B');
  await dialog.getByRole('button', { name: 'Add account' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in to your remote-support account' });
  await signIn.getByLabel('Service URL').fill(serviceB.baseUrl);
  await signIn.getByLabel('Consumer key').fill(CONSUMER_B.key);
  await signIn.getByLabel('Consumer secret').fill(CONSUMER_B.secret);
  await signIn.getByRole('button', { name: 'Open the authorization page' }).click();
  const href = await page.getByRole('link', { name: 'Authorization page' }).getAttribute('href');
  expect(href).toContain(serviceB.baseUrl);
  await page.getByLabel('PIN').fill(await approveOnAuthorizePage(href!, DEMO.email, DEMO.password));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(countOf(page, DEVICES_B)).toBeVisible({ timeout: 20_000 });
}
