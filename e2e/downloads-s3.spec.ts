import fs from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { type RunningS3rver, s3rverEnv, startS3rver } from '../server/test/support/storage/s3rver';
import { clientWithPhoto } from './support/admin-helpers';
import { test as base, expect } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * The S3 download path end to end, with nothing faked: the site stores its media in a real S3-compatible bucket
 * (s3rver), a client's photo is uploaded and processed, and Download in their viewer gets the server's 302 to a
 * presigned bucket URL. The bucket allows no other origin (no CORS rule), so the page's fetch of it is refused and
 * the anchor takes over; the browser follows the same redirect and saves the original's bytes. The gallery's own
 * pictures are private files too: they come by the same kind of redirect, the bucket sending the bytes.
 */
const test = base.extend<object, { s3: RunningS3rver }>({
  s3: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const s3 = await startS3rver('gallery-media');
      await use(s3);
      await s3.stop();
    },
    { scope: 'worker' },
  ],
  serverEnv: [async ({ s3 }, use) => use(s3rverEnv(s3)), { scope: 'worker' }],
});
test.use({ serviceWorkers: 'block' });

test('a photo in the bucket: the 302 to its presigned URL is followed and the original saved', async ({
  page,
  playwright,
  baseURL,
  dataDir,
  s3,
}, testInfo) => {
  test.setTimeout(180_000);
  const { photo, item } = await clientWithPhoto(page, () => playwright.request.newContext({ baseURL }), {
    baseURL: baseURL as string,
    dataDir,
    prefix: 's3-download',
    adminEmail: E2E_ADMIN_EMAIL,
    adminPassword: E2E_ADMIN_PASSWORD,
  });

  // The server's answer itself: a redirect into the bucket.
  const answer = await page.request.get(`/api/media/${item.id}/download`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toMatch(new RegExp(`^${s3.endpoint}/gallery-media/.+X-Amz-Signature=`));

  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  await page.goto('/me?lng=en');
  await expectPictureShown(page, item.id);
  // The thumbnail was asked of the app and came from the bucket, by the app's redirect.
  const fromBucket = seen.filter(
    (request) => request.resourceType() === 'image' && request.url().startsWith(`${s3.endpoint}/gallery-media/`),
  );
  expect(fromBucket.some((request) => request.redirectedFrom()?.url().includes(`/media/${item.id}/`))).toBe(true);
  await page.locator(`[data-media-id="${item.id}"]`).click();
  const dialog = page.getByRole('dialog', { name: 'Photo and video viewer' });
  const started = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await started;
  expect(download.suggestedFilename()).toBe(photo.name);
  const saved = testInfo.outputPath(photo.name);
  await download.saveAs(saved);
  expect(fs.readFileSync(saved).equals(photo.buffer)).toBe(true);
  // The page's fetch followed the redirect to the bucket, which refused it to the page (no CORS rule)…
  const fetches = seen.filter((request) => request.resourceType() === 'fetch').map((request) => request.url());
  expect(fetches.some((url) => url.endsWith(`/api/media/${item.id}/download`))).toBe(true);
  expect(fetches.some((url) => url.startsWith(`${s3.endpoint}/gallery-media/`))).toBe(true);
  // …and the anchor's download took the same way without complaint.
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

/** The tile's picture has been loaded and decoded: an `<img>` whose bytes never arrived has no natural width. */
async function expectPictureShown(page: Page, mediaId: string): Promise<void> {
  const picture = page.locator(`[data-media-id="${mediaId}"] img`);
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

test.describe('with the service worker', () => {
  // The worker answers /media/… pictures itself (web/sw.ts): its fetch must follow the redirect into the bucket too.
  test.use({ serviceWorkers: 'allow' });

  test("a client's private gallery shows its pictures through the worker and the bucket's redirect", async ({
    page,
    playwright,
    baseURL,
    dataDir,
  }) => {
    test.setTimeout(180_000);
    const { item } = await clientWithPhoto(page, () => playwright.request.newContext({ baseURL }), {
      baseURL: baseURL as string,
      dataDir,
      prefix: 's3-worker',
      adminEmail: E2E_ADMIN_EMAIL,
      adminPassword: E2E_ADMIN_PASSWORD,
    });
    await page.goto('/me?lng=en');
    await expectPictureShown(page, item.id);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Now under the worker's control: the page asks it, and it asks the app, which redirects to the bucket.
    const answeredByWorker: string[] = [];
    page.on('response', (response) => {
      if (response.fromServiceWorker() && response.url().includes(`/media/${item.id}/`)) {
        answeredByWorker.push(response.url());
      }
    });
    await page.reload();
    await expectPictureShown(page, item.id);
    expect(answeredByWorker.length).toBeGreaterThan(0);
  });
});
