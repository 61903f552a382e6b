import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { SessionUser } from '../shared/schemas/session';
import { expect, test } from './fixtures';
import { localeTexts } from './support/admin-helpers';
import { expectNoAxeViolations } from './support/axe';
import { publicGalleryPage, waitForDemoGallery } from './support/demo-gallery';
import {
  FAKE_MEDIA_PREFIX,
  fakeGallery,
  fakeJpeg,
  routeClientGallery,
  routeDeliveredClient,
} from './support/fake-gallery';

/**
 * The three offline states against the real server and its real service worker: the viewer offline (a photo the
 * browser keeps is shown, one it does not is said to be unavailable, with the viewer's controls working), a
 * navigation offline to a page never kept (the offline page: the logo kept at install, the pages that do open, a
 * Retry that works once back online, no axe violations), and Download All offline (it says a connection is needed).
 * One journey per combination the site is checked at: a phone in Hebrew, a laptop in English.
 */
const COMBINATIONS = [
  { lng: 'he', viewport: { width: 390, height: 844 } },
  { lng: 'en', viewport: { width: 1366, height: 768 } },
] as const;

const grid = (page: Page) => page.getByRole('list', { name: /^(Gallery|גלריה)$/ });

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  await waitForDemoGallery(request);
});

/** Waits until the service worker controls the page and keeps the page itself, so the worker answers from now on. */
async function controlledAndKept(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          return Boolean(await caches.match(location.pathname + location.search, { ignoreVary: true }));
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Whether any cache of the browser keeps a file whose address names `id`; `drop` deletes them all. */
function keptFilesOf(page: Page, id: string, drop = false): Promise<number> {
  return page.evaluate(
    async ({ wanted, remove }) => {
      let found = 0;
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (!request.url.includes(wanted) || new URL(request.url).pathname.startsWith('/api/')) continue;
          found += 1;
          if (remove) await cache.delete(request);
        }
      }
      return found;
    },
    { wanted: id, remove: drop },
  );
}

const naturalWidth = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img) => (img as HTMLImageElement).naturalWidth);

for (const { lng, viewport } of COMBINATIONS) {
  test(`offline in ${lng} at ${viewport.width}×${viewport.height}: the viewer, a navigation and Download All`, async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const gallery = localeTexts(lng, 'gallery');
    const common = localeTexts(lng, 'common');
    await page.setViewportSize(viewport);
    await context.addCookies([{ name: 'lng', value: lng, url: baseURL as string }]);

    // Two photos side by side on the first page: the first stays kept, the second will not be.
    const { items } = await publicGalleryPage(request);
    const at = items.findIndex((item, index) => item.kind === 'image' && items[index + 1]?.kind === 'image');
    const [kept, notKept] = [items[at], items[at + 1]];
    if (at < 0 || at > 4 || !kept || !notKept) throw new Error('no two photos side by side on the first page');

    await page.goto('/gallery');
    await expect(grid(page).getByRole('listitem')).toHaveCount(6);
    await controlledAndKept(page);
    // Opened once online: the viewer's code arrives, and the photo's picture is kept by the worker.
    await grid(page).getByRole('button').nth(at).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.lightbox__media img')).toHaveJSProperty('complete', true);
    await expect.poll(() => keptFilesOf(page, kept.id), { timeout: 30_000 }).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: gallery.lightbox.close }).click();
    await expect(dialog).toBeHidden();

    await context.setOffline(true);
    await keptFilesOf(page, notKept.id, true);

    // 1. The viewer: the kept photo is shown; the next one says it is not available offline, controls in place.
    await grid(page).getByRole('button').nth(at).click();
    await expect.poll(() => naturalWidth(page, '.lightbox__media img')).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: gallery.lightbox.next }).click();
    await expect(dialog.getByTestId('viewer-offline')).toContainText(gallery.offline.photo);
    await expect(dialog.locator('.lightbox__media img')).toHaveCount(0);
    for (const name of [gallery.lightbox.close, gallery.lightbox.previous, gallery.lightbox.next]) {
      await expect(dialog.getByRole('button', { name })).toBeVisible();
    }
    await dialog.getByRole('button', { name: gallery.lightbox.previous }).click();
    await expect.poll(() => naturalWidth(page, '.lightbox__media img')).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: gallery.lightbox.close }).click();
    await expect(dialog).toBeHidden();

    // 2. A navigation to a page never kept: the offline page, in the visitor's language, with the logo.
    await page.goto('/contact');
    const offlinePage = page.getByTestId('offline-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.offline.title);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'he' ? 'rtl' : 'ltr');
    await expect.poll(() => naturalWidth(page, '.offline__logo')).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(common.offline.available);
    await expect(offlinePage.locator('.offline__pages a[href$="/gallery"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    // Where the worker cannot read the cookie, the language of the last page the server sent stands for it (the
    // browser's own language is English: in Hebrew, only that remembered language makes this page Hebrew).
    await context.clearCookies();
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(common.offline.title);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await context.setOffline(false);
    await page.getByRole('link', { name: common.offline.retry }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(offlinePage).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A language chosen in the menu reaches the worker too, though the app switches without fetching a page.
    const chosen = lng === 'he' ? 'ar' : 'fr';
    await page.locator('.language-menu__button').click();
    await page.locator(`.language-menu__option[lang="${chosen}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', chosen);
    await context.setOffline(true);
    await context.clearCookies();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(localeTexts(chosen, 'common').offline.title);
    await expect(page.locator('html')).toHaveAttribute('lang', chosen);
    await context.setOffline(false);

    // 3. Download All offline: a client's gallery (answered by the browser's router, without the worker).
    await downloadAllOffline(browser, baseURL as string, lng, viewport, gallery.offline.download);
  });
}

const CLIENT: SessionUser = {
  id: 'e2e-offline-client',
  email: 'offline.rider@example.com',
  name: 'Offline Rider',
  isAdmin: false,
  emailVerified: true,
  folder: 'offline.rider@example_com',
};

async function downloadAllOffline(
  browser: Browser,
  baseURL: string,
  lng: string,
  viewport: { width: number; height: number },
  needsConnection: string,
): Promise<void> {
  const context: BrowserContext = await browser.newContext({ baseURL, viewport, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await routeDeliveredClient(page, CLIENT);
    await routeClientGallery(page, fakeGallery(3));
    await page.route(`**${FAKE_MEDIA_PREFIX}**`, async (route) =>
      route.fulfill({ body: await fakeJpeg(), contentType: 'image/jpeg' }),
    );
    await page.goto(`/me?lng=${lng}`);
    const choice = page.getByTestId('download-all');
    await expect(choice.getByRole('link').first()).toBeVisible();
    await context.setOffline(true);
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await choice.getByRole('link').last().click();
    await expect(choice.getByRole('status')).toHaveText(needsConnection);
    expect(downloads).toBe(0);
  } finally {
    await context.close();
  }
}
