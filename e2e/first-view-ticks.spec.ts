import { signUpVerifiedClient } from './support/clients';
import { holdApp } from './support/hold-app';
import { expect, test } from './support/own-server';

/**
 * A box ticked on a server-rendered page before the app has run: the browser ticks it, but the app hydrates from the
 * server's unticked markup, so the first script (web/boot.ts) ticks it again once the app runs. On a server of its
 * own: it signs a client up, and the shared server's sign-ups per address are counted.
 */

test.use({ serverOwnedBy: 'first-view-ticks' });

test('boxes ticked before the app has run are still ticked once it has, and the app counts them', async ({
  page,
  baseURL,
  dataDir,
}) => {
  await signUpVerifiedClient(page.request, dataDir, { baseURL: baseURL as string, prefix: 'early-ticks' });
  const app = await holdApp(page);
  await page.goto('/contact?lng=en', { waitUntil: 'domcontentloaded' });
  await expect.poll(app.asked).toBe(true);
  const read = page.getByLabel('I have read the terms');
  const approve = page.getByLabel('I approve the terms');
  const confirm = page.getByRole('button', { name: 'Confirm and continue' });
  await read.check();
  await approve.check();
  // The server's markup cannot enable the button: that takes the app.
  await expect(confirm).toBeDisabled();
  app.release();
  await expect(confirm).toBeEnabled();
  await expect(read).toBeChecked();
  await expect(approve).toBeChecked();
});
