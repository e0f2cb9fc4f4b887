// A tab outlives the host it was opened from: Ctrl-C of `npm start` leaves it open, and a restart (on the
// same fixed port) answers it with a launch it does not know. The tab must say which of the two happened,
// once, with what to do, and stop claiming to be connected.
import { expect, test } from './fixtures.js';
import { toasts } from './support/ui.js';

test('a tab whose host stopped, then restarted, says so once and stops saying "Connected"', async ({
  app,
  consolePage: page,
}) => {
  const statusBar = page.getByRole('contentinfo', { name: 'Status' });
  await expect(statusBar).toContainText('Connected');

  await app.stopHost();
  const alert = page.getByRole('alert').filter({ hasText: 'The console has stopped' });
  await expect(alert).toHaveText(/open the new address it prints in the terminal/, { timeout: 15_000 });
  await expect(statusBar).toContainText('Console stopped');
  await expect(statusBar).not.toContainText('Connected');
  // Refresh does not add a second, different reason (the service, the account) to the banner's.
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  await expect(toasts(page)).not.toContainText('could not be reached');

  await app.restartHost({ samePort: true });
  const replaced = page.getByRole('alert').filter({ hasText: 'earlier start of the console' });
  await expect(replaced).toHaveText(/Open the address the terminal printed/, { timeout: 30_000 });
  await expect(alert).toHaveCount(0);
  await expect(statusBar).toContainText('Tab of an earlier start');
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  await expect(toasts(page)).not.toContainText('not allowed');
  await expect(page.getByRole('alert').filter({ hasText: 'earlier start' })).toHaveCount(1);
});
