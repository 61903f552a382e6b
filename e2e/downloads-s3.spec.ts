import fs from 'node:fs';
import type { Request } from '@playwright/test';
import { type RunningS3rver, s3rverEnv, startS3rver } from '../server/test/support/storage/s3rver';
import { clientWithPhoto } from './support/admin-helpers';
import { test as base, expect } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * The S3 download path end to end, with nothing faked: the site stores its media in a real S3-compatible bucket
 * (s3rver), a client's photo is uploaded and processed, and Download in their viewer gets the server's 302 to a
 * presigned bucket URL. The bucket allows no other origin (no CORS rule), so the page's fetch of it is refused and
 * the anchor takes over; the browser follows the same redirect and saves the original's bytes.
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
