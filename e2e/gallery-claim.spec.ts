import { addClient, adminUpload, makeImages, signIn } from './support/admin-helpers';
import { newestLinkInOutbox } from './support/clients';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * A gallery the photographer prepared, and a stranger who signs up with its address first. The sign-up looks like any
 * other, but the gallery goes only to whoever reads the mailbox and chooses a password from it: the claim link. On a
 * server of its own: it signs up and uses e-mailed links, which the server limits per address.
 */
/** How long to wait for an answer that hashes a password at the production cost (slow on a busy machine). */
const HASHING = 30_000;

test('a stranger signs up with a prepared client’s address; the mailbox claims the gallery and the stranger gets nothing', async ({
  browser,
  baseURL,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  const client = { email: `prepared-${Date.now()}@example.com`, name: 'Dave Mizrahi', password: 'dave rides at dawn' };
  const strangerPassword = 'the stranger chose this';

  // The photographer adds the client and uploads a photo; no invitation yet.
  const adminContext = await browser.newContext({ baseURL: base });
  await signIn(adminContext.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  const folder = await addClient(adminContext.request, base, client.email, client.name);
  const [picture] = await makeImages(1, 'claimed');
  if (!picture) throw new Error('no image made');
  await adminUpload(adminContext.request, base, folder, picture.name, picture.buffer, picture.mimeType);
  let photoId = '';
  await expect
    .poll(
      async () => {
        const res = await adminContext.request.get(`/api/admin/folders/${encodeURIComponent(folder)}/media`);
        const { items } = (await res.json()) as { items: Array<{ id: string; status: string }> };
        photoId = items.find((item) => item.status === 'ready')?.id ?? '';
        return photoId;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  await adminContext.close();

  // The stranger signs up with that address and a password of their own: the page is the one every sign-up gets.
  const strangerContext = await browser.newContext({ baseURL: base });
  const stranger = await strangerContext.newPage();
  await stranger.goto('/signup?lng=en');
  await stranger.locator('input[name="email"]').fill(client.email);
  await stranger.locator('input[name="password"]').fill(strangerPassword);
  await stranger.locator('input[name="confirmPassword"]').fill(strangerPassword);
  await stranger.getByRole('button', { name: 'Create account' }).click();
  await expect(stranger).toHaveURL(/\/me$/, { timeout: HASHING });
  await expect(stranger.getByTestId('verify-notice')).toContainText(client.email);
  await expect(stranger.locator('.tile')).toHaveCount(0);
  expect([403, 404]).toContain((await stranger.request.get(`/media/${photoId}/original`)).status());

  // The mailbox gets a link to claim the gallery; its owner opens it in a browser of their own.
  const claimLink = await newestLinkInOutbox(dataDir, client.email, 'accept-invite');
  const ownerContext = await browser.newContext({ baseURL: base });
  const owner = await ownerContext.newPage();
  await owner.goto(`${claimLink}&lng=en`);
  await expect(owner.getByText(`Welcome, ${client.name}!`)).toBeVisible();
  await expect(owner.getByTestId('invitation-email')).toHaveText(client.email);
  await owner.locator('input[name="newPassword"]').fill(client.password);
  await owner.locator('input[name="confirmNewPassword"]').fill(client.password);
  await owner.getByRole('button', { name: 'Open my gallery' }).click();
  await expect(owner).toHaveURL(/\/me$/, { timeout: HASHING });
  await expect(owner.locator('.tile')).toHaveCount(1);
  expect((await owner.request.get(`/media/${photoId}/original`)).status()).toBe(200);

  // The stranger's page and cookie now get nothing, and their password opens nothing.
  await stranger.reload();
  await expect(stranger.locator('.tile')).toHaveCount(0);
  await expect(stranger.getByTestId('verify-notice')).toHaveCount(0);
  expect(await (await stranger.request.get('/api/session')).json()).toBeNull();
  expect((await stranger.request.get(`/media/${photoId}/original`)).status()).toBe(404);
  const again = await stranger.request.post('/api/auth/sign-in', {
    data: { email: client.email, password: strangerPassword },
    headers: { origin: base },
  });
  expect(again.status()).toBe(401);
  expect((await stranger.request.get(`/media/${photoId}/original`)).status()).toBe(404);

  await strangerContext.close();
  await ownerContext.close();
});
