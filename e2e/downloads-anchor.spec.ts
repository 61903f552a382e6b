import fs from 'node:fs';
import type { Request } from '@playwright/test';
import { clientWithPhoto } from './support/admin-helpers';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * The anchor fallback of spec §7 end to end: where the page cannot fetch the file, Download hands the browser a plain
 * `<a download>` and the server's attachment is saved as it is. Real client, real photo, the real server's answer
 * (a download the browser's router answered itself would be cancelled, so nothing here is routed).
 */
test.use({ serviceWorkers: 'block' });

test('where the page cannot fetch the file, a plain anchor saves the original', async ({
  page,
  playwright,
  baseURL,
  dataDir,
}, testInfo) => {
  test.setTimeout(180_000);
  const { photo, item } = await clientWithPhoto(page, () => playwright.request.newContext({ baseURL }), {
    baseURL: baseURL as string,
    dataDir,
    prefix: 'anchor-download',
    adminEmail: E2E_ADMIN_EMAIL,
    adminPassword: E2E_ADMIN_PASSWORD,
  });
  // Every fetch of a download fails here, as in a context where the page may not fetch it.
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    window.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/download')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : original(input, init);
  });
  const fetched: Request[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' && request.url().includes('/download')) fetched.push(request);
  });
  await page.goto('/me?lng=en');
  await page.locator(`[data-media-id="${item.id}"]`).click();
  const dialog = page.getByRole('dialog', { name: 'Photo and video viewer' });
  const started = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await started;
  expect(download.url()).toBe(`${baseURL}/api/media/${item.id}/download`);
  expect(download.suggestedFilename()).toBe(photo.name);
  const saved = testInfo.outputPath(photo.name);
  await download.saveAs(saved);
  expect(fs.readFileSync(saved).equals(photo.buffer)).toBe(true);
  expect(fetched).toEqual([]);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});
