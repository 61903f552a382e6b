import type { Locator, Page } from '@playwright/test';
import type { MediaView } from '../shared/schemas/media';
import type { PicksResponse } from '../shared/schemas/proofing';
import type { SessionUser } from '../shared/schemas/session';
import { expect, test } from './fixtures';
import { HE_AND_EN_ON_PHONE_AND_DESK, localeTexts } from './support/admin-helpers';
import { FAKE_MEDIA_PREFIX, fakeGallery, fakeJpeg, routeClientGallery } from './support/fake-gallery';

/**
 * The browser's Back closes a viewer opened from a list, and leaves the list as it was: the same address and the
 * same scroll position. The client's gallery on /me (its dense grid keeps the open item in the URL) and "My picks"
 * (a list held in memory, whose viewer adds a history entry at the same address; an event's rides open theirs the
 * same way). A made-up client and gallery answered by the browser's router, in Hebrew and English, on a phone and a
 * desktop.
 */
test.use({ serviceWorkers: 'block' });

const CLIENT: SessionUser = {
  id: 'e2e-viewer-lists',
  email: 'noa.shamir@example.com',
  name: 'Noa Shamir',
  isAdmin: false,
  emailVerified: true,
  folder: 'noa_shamir@example_com',
};
const ITEMS = fakeGallery(60);
const PICKED = ITEMS.slice(0, 12);

/** The client signed in, with the 60 items in pages of `per`; in proofing with 12 picks when `picks` is set. */
async function routeClient(page: Page, options: { picks: boolean }): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/session',
    (route) => route.fulfill({ json: CLIENT }),
  );
  await routeClientGallery(page, ITEMS);
  const money = { amount: 2000, currency: 'ILS' as const };
  const picks: PicksResponse = {
    mediaIds: PICKED.map((item) => item.id),
    count: PICKED.length,
    included: 0,
    includedLimit: 0,
    includedByPhotographer: false,
    unitPrice: money,
    total: { ...money, amount: money.amount * PICKED.length },
    mode: 'proofing',
    locked: false,
    order: null,
    delivered: 0,
  };
  await page.route(
    (url) => url.pathname === '/api/me/picks',
    (route) =>
      options.picks
        ? route.fulfill({ json: picks })
        : route.fulfill({ status: 404, json: { error: { code: 'not-found', message: 'Nothing is here.' } } }),
  );
  await page.route(
    (url) => url.pathname === '/api/me/picks/items',
    (route) => route.fulfill({ json: { items: PICKED } }),
  );
  const body = await fakeJpeg();
  await page.route(`**${FAKE_MEDIA_PREFIX}**`, (route) => route.fulfill({ body, contentType: 'image/jpeg' }));
}

const tileOf = (page: Page, item: MediaView | undefined) => page.locator(`button.tile[data-media-id="${item?.id}"]`);

/** Scrolls the list down to `tile`, opens it, goes Back: the viewer is closed, the address and the scroll kept. */
async function backClosesTheViewer(page: Page, tile: Locator, viewerName: string): Promise<void> {
  await tile.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled, 'the list is scrolled down to the tile').toBeGreaterThan(0);
  const address = page.url();
  await tile.click();
  const viewer = page.getByRole('dialog', { name: viewerName });
  await expect(viewer).toBeVisible();
  await page.goBack();
  await expect(viewer).toHaveCount(0);
  expect(page.url()).toBe(address);
  await expect(tile).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
}

for (const { lng, viewport } of HE_AND_EN_ON_PHONE_AND_DESK) {
  test.describe(`${lng} at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    const viewerName = (localeTexts(lng, 'gallery').lightbox as Record<string, string>).label as string;

    test('Back closes the viewer opened from the client’s gallery, at the same address and scroll', async ({
      page,
    }) => {
      await routeClient(page, { picks: false });
      await page.goto(`/me?lng=${lng}`);
      await expect(page.getByTestId('dense-grid').getByRole('button')).toHaveCount(48);
      const tile = tileOf(page, ITEMS[40]);
      await backClosesTheViewer(page, tile, viewerName);
      await expect(page).not.toHaveURL(/[?&]item=/);
      await expect(page.getByTestId('dense-grid').getByRole('button')).toHaveCount(48);
    });

    test('Back closes the viewer opened from “My picks”, and the picks stay on the page', async ({ page }) => {
      await routeClient(page, { picks: true });
      await page.goto(`/me?lng=${lng}&view=picks`);
      const list = page.getByTestId('picks-view');
      await expect(list.locator('button.tile')).toHaveCount(PICKED.length);
      await backClosesTheViewer(page, tileOf(page, PICKED.at(-1)), viewerName);
      await expect(list.locator('button.tile')).toHaveCount(PICKED.length);
    });
  });
}
