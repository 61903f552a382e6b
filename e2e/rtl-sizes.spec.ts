import type { AdminMedia } from '../shared/schemas/admin';
import { addClient, adminUpload, HE_AND_EN_ON_PHONE_AND_DESK, makeLargeImage, signIn } from './support/admin-helpers';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * A file's size in the admin's folder view, as each language writes a size with its unit (Intl's unit style, so a
 * Hebrew page reads "312.4 ק״ב", never "kB 312.4"), inside an isolated element, so the number and its unit keep
 * their order whatever the sentence around them. The expected text comes from the browser's own Intl on the stored
 * size. In Hebrew and English, on a phone and at the desk.
 */
test.use({ serviceWorkers: 'block' });

/** The two bidi isolation marks (FSI … PDI) a right-to-left page wraps the size in, besides the element's own. */
const withoutIsolationMarks = (text: string) => text.replace(/[\u2068\u2069]/g, '');

for (const { lng, viewport } of HE_AND_EN_ON_PHONE_AND_DESK) {
  test(`a file's size is isolated and in the language's unit form (${lng} at ${viewport.width}×${viewport.height})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const base = baseURL as string;
    await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const tag = `${lng}-${viewport.width}`;
    const folder = await addClient(page.request, base, `sizes-${tag}-${Date.now()}@example.com`, 'Size Rider');
    const photo = await makeLargeImage(`sizes-${tag}.jpg`, 41);
    await adminUpload(page.request, base, folder, photo.name, photo.buffer, photo.mimeType);
    const stored = async () =>
      (
        (await (await page.request.get(`/api/admin/folders/${encodeURIComponent(folder)}/media`)).json()) as {
          items: AdminMedia[];
        }
      ).items.find((item) => item.name === photo.name);
    await expect.poll(async () => (await stored())?.status, { timeout: 60_000 }).toBe('ready');
    const size = (await stored())?.size ?? 0;
    // A few hundred kilobytes: the size reads in kilobytes (decimal, as Intl names them).
    expect(size).toBeGreaterThanOrEqual(1000);
    expect(size).toBeLessThan(1_000_000);

    await page.goto(`/admin/folders/${encodeURIComponent(folder)}?lng=${lng}`);
    const sizeElement = page
      .locator(`[data-testid="admin-media"][data-name="${photo.name}"] bdi`)
      .filter({ hasNotText: photo.name });
    await expect(sizeElement).toHaveCount(1);
    const expected = await page.evaluate(
      ([language, bytes]) =>
        new Intl.NumberFormat(language, {
          style: 'unit',
          unit: 'kilobyte',
          unitDisplay: 'short',
          maximumFractionDigits: 1,
        }).format(bytes / 1000),
      [lng, size] as const,
    );
    expect(withoutIsolationMarks((await sizeElement.textContent()) ?? '')).toBe(expected);
    const isolation = await sizeElement.evaluate((node) => ({
      tag: node.tagName,
      unicodeBidi: getComputedStyle(node).unicodeBidi,
    }));
    expect(isolation.tag).toBe('BDI');
    expect(isolation.unicodeBidi).toBe('isolate');
  });
}
