import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeImages, makeLargeImage, makeVideo, signIn, uploadTask } from './support/admin-helpers';
import { signUpClient, signUpVerifiedClient } from './support/clients';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/global-setup';

const PASSWORD = 'cantering through the rain';

async function galleryTotal(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/me/gallery');
  return res.ok() ? ((await res.json()) as { total: number }).total : -1;
}

test.describe('the admin panel', () => {
  test('uploads to a client folder by tus, with pause, resume, cancel and a refused file; delete and restore', async ({
    page,
    browser,
    baseURL,
    dataDir,
  }) => {
    // The media pipeline shares the machine with the demo content the server installs at start.
    test.setTimeout(420_000);
    const base = baseURL as string;
    const client = await browser.newContext({ baseURL: base });
    // A client with a proven address: only then does the account own its folder and see the uploads.
    const { email: clientEmail, folder } = await signUpVerifiedClient(client.request, dataDir, {
      baseURL: base,
      prefix: 'admin-e2e',
      password: PASSWORD,
      fullName: 'Maya Rider',
    });

    // A client is refused by every admin API and by the tus endpoint.
    expect((await client.request.get('/api/admin/folders')).status()).toBe(403);
    const tusAsClient = await client.request.post('/api/uploads', {
      headers: { origin: base, 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(tusAsClient.status()).toBe(403);

    await page.addInitScript(() => window.localStorage.setItem('lng', 'en'));
    await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.goto('/admin/folders');
    await page.getByRole('searchbox').fill(clientEmail);
    const row = page.locator(`[data-testid="admin-folder"][data-folder="${folder}"]`);
    await expect(row).toContainText('Maya Rider');
    await row.getByRole('link', { name: /^Open/ }).click();
    await expect(page.getByText('This folder is empty.')).toBeVisible();

    // A slow link, so the large files are still on their way when paused or canceled.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 120 * 1024,
    });

    const images = [
      ...(await makeImages()),
      await makeLargeImage('pause-me.jpg', 1),
      await makeLargeImage('big-2.jpg', 2),
    ];
    const refused = {
      name: 'not-a-photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<html><body>hi</body></html>'),
    };
    const canceled = await makeLargeImage('cancel-me.jpg', 3);
    // The files that have to be in flight go first: uploads run three at a time.
    await page
      .getByTestId('upload-input')
      .setInputFiles(
        [images[8], canceled, images[9], ...images.slice(0, 8), await makeVideo(), refused].filter((f) => !!f),
      );

    const pausing = uploadTask(page, 'pause-me.jpg');
    await expect(pausing.getByTestId('upload-percent')).not.toHaveText('0%');
    await pausing.getByRole('button', { name: 'Pause' }).click();
    await expect(pausing.getByTestId('upload-state')).toHaveText('Paused');
    const pausedAt = await pausing.getByTestId('upload-percent').textContent();
    expect(pausedAt).not.toBe('100%');
    await expect(pausing.getByRole('button', { name: 'Pause' })).toHaveCount(0);

    const canceling = uploadTask(page, 'cancel-me.jpg');
    await canceling.getByRole('button', { name: 'Cancel' }).click();
    await expect(canceling.getByTestId('upload-state')).toHaveText('Canceled');

    await pausing.getByRole('button', { name: 'Resume' }).click();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const failed = uploadTask(page, 'not-a-photo.jpg');
    await expect(failed.getByTestId('upload-state')).toHaveText('Failed');
    await expect(failed.getByRole('alert')).toHaveText('This is not a photo or video the site accepts.');
    await expect(page.getByText('Some files failed to upload. See list below.')).toBeVisible();

    const accepted = [...images.map((f) => f?.name), 'warm-up.mp4'];
    for (const name of accepted) {
      await expect(uploadTask(page, String(name)).getByTestId('upload-state')).toHaveText('Uploaded', {
        timeout: 60_000,
      });
      await expect(uploadTask(page, String(name)).getByTestId('upload-percent')).toHaveText('100%');
    }

    // The client sees the eleven files once the pipeline has made them ready.
    await expect.poll(() => galleryTotal(client.request), { timeout: 240_000 }).toBe(11);
    const clientPage = await client.newPage();
    await clientPage.goto('/me?lng=en');
    await expect(clientPage.locator('.tile')).toHaveCount(6);

    // Delete one: it leaves the client's gallery, and comes back from the trash.
    await expect(page.locator('[data-testid="admin-media"][data-status="ready"]')).toHaveCount(11, {
      timeout: 120_000,
    });
    const doomed = page.locator('[data-testid="admin-media"][data-name="ride-1.jpg"]');
    await doomed.getByRole('button', { name: /^Actions / }).click();
    await doomed.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('dialog', { name: 'Delete this item?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(doomed).toHaveCount(0);
    await expect.poll(() => galleryTotal(client.request)).toBe(10);

    await page.getByRole('tab', { name: 'Trash' }).click();
    const trashed = page.locator('[data-testid="trash-item"][data-name="ride-1.jpg"]');
    await trashed.getByRole('button', { name: 'Restore' }).click();
    await expect(trashed).toHaveCount(0);
    await expect.poll(() => galleryTotal(client.request)).toBe(11);
    await client.close();
  });

  test('tells a signed-out visitor to log in and a client that they are not authorized', async ({ page, baseURL }) => {
    await page.goto('/admin?lng=en');
    await expect(page.getByText('Please log in to open the admin panel.')).toBeVisible();
    // Signed in as a client (the address need not be proven to be refused).
    await signUpClient(page.request, { baseURL: baseURL as string, prefix: 'not-admin', password: PASSWORD });
    await page.goto('/admin?lng=en');
    await expect(page.getByRole('alert')).toHaveText('Not authorized');
  });
});
