import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { LANGUAGES } from '../shared/i18n/languages';
import type { GalleryPage } from '../shared/schemas/gallery';
import { expect, test } from './fixtures';
import { ensurePublicEvent } from './support/admin-helpers';

/**
 * The public pages arrive rendered by the server: without JavaScript the gallery and the home page show their
 * photos; with it, the browser hydrates each page in every language without a single mismatch; the picture a shared
 * link shows is a 1200×630 JPEG of at most 300 KB. Runs on the shared server, whose demo content fills the gallery.
 */
const EVENT = { name: 'Server Cup 2026', slug: 'server-cup-2026', date: '2026-06-02', venue: 'Kfar Hess' };
const PAGES = ['/', '/gallery', '/contact', '/events', `/events/${EVENT.slug}`];

/** The demo content is made after the server starts: wait until the gallery's first page is full. */
async function galleryReady(request: APIRequestContext): Promise<GalleryPage> {
  let answer: GalleryPage | null = null;
  await expect
    .poll(
      async () => {
        answer = (await (await request.get('/api/gallery?type=all&page=1')).json()) as GalleryPage;
        return answer.items.length;
      },
      { timeout: 60_000 },
    )
    .toBe(6);
  return answer as unknown as GalleryPage;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await galleryReady(request);
  await ensurePublicEvent(request, baseURL ?? '', EVENT);
  await request.dispose();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/gallery shows the photos of its first page, each with its srcset', async ({ page }) => {
    await page.goto('/gallery?lng=en');
    const tiles = page.locator('[data-media-id]');
    await expect(tiles).toHaveCount(6);
    for (const tile of await tiles.all()) {
      // A photo (or a video's poster) as a picture with its sizes; the first tile's video shows its poster.
      const pictures = tile.locator('img[srcset][sizes], video[poster]');
      await expect(pictures).toHaveCount(1);
    }
    const photos = page.locator('.collage img[srcset]');
    expect(await photos.count()).toBeGreaterThanOrEqual(4);
    const first = photos.first();
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(first).toBeVisible();
    await expect(first).toHaveCSS('opacity', '1');
  });

  test('the home page shows its hero and featured photos', async ({ page }) => {
    await page.goto('/?lng=he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('.hero img[srcset]')).toHaveCount(1);
    await expect(page.locator('.portfolio img[srcset]')).toHaveCount(3);
    const hero = page.locator('.hero img');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(hero).toHaveCSS('opacity', '1');
    // The picture is sized for the box it covers, whose height is the one the sizes are computed from.
    await expect(hero).toHaveAttribute('sizes', /^max\(100vw, calc\(min\(88svh, 52rem\) \* [\d.]+\)\)$/);
    await expect(page.locator('.hero')).toHaveAttribute('style', /--hero-block-size:\s*min\(88svh, 52rem\)/);
  });

  test('/contact shows its booking terms: the largest text of its first view is in the HTML', async ({ page }) => {
    await page.goto('/contact?lng=he');
    await expect(page.locator('.contact__terms-text li').first()).toBeVisible();
  });
});

/** Every console error or warning and every uncaught error of the page, from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

/** Whether React has taken over the server's element (hydration attaches its fiber to the very same node). */
const hydrated = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

for (const language of LANGUAGES) {
  test(`every server-rendered page hydrates in ${language} without a mismatch`, async ({ page, request }) => {
    const problems = problemsOf(page);
    for (const path of PAGES) {
      const url = `${path}?lng=${language}`;
      const html = await (await request.get(url)).text();
      expect(html, `${url} is rendered by the server`).toContain('id="server-state"');
      expect(html).toMatch(/<main id="main" tabindex="-1"><!--\$--><div/);

      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The server's own heading node is the one React now holds: hydrated, not rendered again.
      await expect.poll(() => hydrated(page, 'main h1'), { message: url }).toBe(true);
      await page.waitForLoadState('networkidle');
      const serverTitle = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      expect(await page.title()).toBe(serverTitle.replaceAll('&amp;', '&'));
    }
    expect(problems).toEqual([]);
  });
}

test('a shared link shows a 1200×630 JPEG of at most 300 KB, at an absolute address', async ({ request }) => {
  const html = await (await request.get('/?lng=en')).text();
  const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
  expect(image).toMatch(/^https?:\/\/[^/]+\/social-card\.jpg\?v=/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  const card = await request.get(new URL(image ?? '').pathname + new URL(image ?? '').search);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/jpeg');
  const bytes = await card.body();
  expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
});
