import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { localeTexts, PHONE_HE_AND_DESK_EN } from './support/admin-helpers';
import { fakeGallery, fakeId, pageOfUrl, queueIdleCallbacks, routeFakeGallery } from './support/fake-gallery';

/**
 * The viewer fetches the photos either side of the open one ahead, and at either end of a gallery page the one
 * beside it lives on the page next door: at the last photo of page 1 the first of page 2 is fetched, at the first of
 * page 2 the last of page 1, both before any step. A gallery of 14 made-up photos (pages of six), whose idle-time
 * prefetch never runs (the test holds every idle callback), so each picture request of another page is the viewer's.
 */
test.use({ serviceWorkers: 'block' });

const TOTAL = 14;

/** Every picture path the browser asks for, by the gallery page its item is on. */
function pictureRequests(page: Page): Map<number, string[]> {
  const asked = new Map<number, string[]>();
  page.on('request', (request) => {
    const number = pageOfUrl(request.url());
    if (number !== null) asked.set(number, [...(asked.get(number) ?? []), new URL(request.url()).pathname]);
  });
  return asked;
}

/** The file the browser picked for a hidden preload (its currentSrc is empty until it has picked). */
async function preloadedPath(page: Page, id: string): Promise<string> {
  const img = page.locator(`[data-preload="${id}"] img`);
  await expect.poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.currentSrc)).toBeTruthy();
  return new URL(await img.evaluate((node: HTMLImageElement) => node.currentSrc)).pathname;
}

for (const { lng, viewport } of PHONE_HE_AND_DESK_EN) {
  test.describe(`${lng} at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    const t = localeTexts(lng, 'gallery').lightbox as Record<string, string>;
    const position = (current: number) =>
      (t.position as string).replace('{{current}}', String(current)).replace('{{total}}', String(TOTAL));
    const nextKey = lng === 'he' ? 'ArrowLeft' : 'ArrowRight';

    test('at the last photo of page 1, the first of page 2 is fetched before the step, and shown from it', async ({
      page,
    }) => {
      await queueIdleCallbacks(page);
      const { pagesAsked } = await routeFakeGallery(page, fakeGallery(TOTAL));
      const asked = pictureRequests(page);
      const last = fakeId(1, 5);
      const first = fakeId(2, 0);
      await page.goto(`/gallery?lng=${lng}&item=${last}`);
      const dialog = page.getByRole('dialog', { name: t.label });
      await expect(dialog.getByText(position(6))).toBeVisible();

      const preloaded = await preloadedPath(page, first);
      expect(preloaded).toContain(`/${first}/`);
      expect(asked.get(2)).toContain(preloaded);
      expect(pagesAsked).toContain('all:2');

      // The step shows the very file fetched ahead.
      await page.keyboard.press(nextKey);
      await expect(dialog.getByText(position(7))).toBeVisible();
      const shown = dialog.locator('.lightbox__media img');
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe('');
      expect(new URL(await shown.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toBe(preloaded);
    });

    test('at the first photo of page 2, the last of page 1 is fetched', async ({ page }) => {
      await queueIdleCallbacks(page);
      await routeFakeGallery(page, fakeGallery(TOTAL));
      const asked = pictureRequests(page);
      const before = fakeId(1, 5);
      await page.goto(`/gallery?lng=${lng}&page=2&item=${fakeId(2, 0)}`);
      await expect(page.getByRole('dialog', { name: t.label }).getByText(position(7))).toBeVisible();
      const preloaded = await preloadedPath(page, before);
      expect(preloaded).toContain(`/${before}/`);
      expect(asked.get(1)).toContain(preloaded);
    });
  });
}
