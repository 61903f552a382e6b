import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ensurePublicEvent } from './support/admin-helpers';
import { waitForDemoGallery } from './support/demo-gallery';
import { APP_CHUNK, holdApp } from './support/hold-app';

/**
 * A server-rendered page fetches the app's scripts only once its first view's main picture is on screen, so the
 * scripts never share the connection with it; a visitor who clicks before they have run is not ignored: the click is
 * carried out once they have. Runs on the shared server, whose demo content fills the gallery.
 */

const EVENT = { name: 'Early Typing Cup', slug: 'early-typing-cup', date: '2026-07-01', venue: 'Kfar Hess' };

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await waitForDemoGallery(request);
  await ensurePublicEvent(request, baseURL ?? '', EVENT);
  await request.dispose();
});

/** When the app's chunk was asked for, and when the picture at `pictureUrl` had arrived, in the page's own clock. */
async function timings(page: Page, pictureUrl: string): Promise<{ appRequested: number; pictureArrived: number }> {
  return page.evaluate(
    ({ picture, app }) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const appEntry = entries.find((entry) => new RegExp(app).test(new URL(entry.name).pathname));
      const pictureEntry = entries.find((entry) => entry.name === new URL(picture, location.href).href);
      if (!appEntry || !pictureEntry) throw new Error(`missing: ${appEntry ? picture : 'the app chunk'}`);
      return { appRequested: appEntry.startTime, pictureArrived: pictureEntry.responseEnd };
    },
    { picture: pictureUrl, app: APP_CHUNK.source },
  );
}

/**
 * Makes every picture of the first view arrive a second late, as on a slow connection: a page that does not wait for
 * its picture asks for the app meanwhile.
 */
async function slowPictures(page: Page): Promise<void> {
  await page.route('**/media/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
}

const hydrated = (page: Page) =>
  page
    .locator('main h1')
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

test('the home page asks for the app only after its hero picture has arrived, then hydrates', async ({ page }) => {
  await slowPictures(page);
  await page.goto('/?lng=he');
  await expect.poll(() => hydrated(page)).toBe(true);
  const hero = page.locator('.hero img[fetchpriority="high"]');
  const heroUrl = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
  const { appRequested, pictureArrived } = await timings(page, heroUrl);
  expect(appRequested).toBeGreaterThan(pictureArrived);
});

test('the gallery asks for the app only after the poster of its first video tile has arrived', async ({ page }) => {
  await slowPictures(page);
  await page.goto('/gallery?lng=en');
  await expect.poll(() => hydrated(page)).toBe(true);
  const poster = await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').getAttribute('href');
  expect(poster).toBeTruthy();
  const { appRequested, pictureArrived } = await timings(page, poster ?? '');
  expect(appRequested).toBeGreaterThan(pictureArrived);
});

test('a page rendered in the browser asks for the app at once', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (APP_CHUNK.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await page.goto('/login?lng=en');
  await expect(page.locator('input[type="email"]')).toBeVisible();
  expect(asked).toHaveLength(1);
});

test('a tile clicked before the app has run opens the viewer once it has', async ({ page }) => {
  const app = await holdApp(page);
  await page.goto('/gallery?lng=en', { waitUntil: 'domcontentloaded' });
  await expect.poll(app.asked).toBe(true);
  await page.locator('button.tile').nth(1).click();
  // Nothing has run yet: no viewer, and the page was not left.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/gallery');
  app.release();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a search typed and sent before the app has run is searched once it has', async ({ page }) => {
  const app = await holdApp(page);
  await page.goto(`/events/${EVENT.slug}?lng=en`, { waitUntil: 'domcontentloaded' });
  await expect.poll(app.asked).toBe(true);
  await page.getByRole('searchbox').fill('Zorro');
  await page.getByRole('searchbox').press('Enter');
  // The browser did not send the form itself: still the event's own address, with no search in it.
  expect(new URL(page.url()).search).toBe('?lng=en');
  app.release();
  // The app's search keeps the page's language in the address; a form the browser sent would have dropped it.
  await expect(page).toHaveURL(/\?lng=en&q=Zorro$/);
  await expect(page.getByTestId('search-status')).toContainText('Zorro');
});
