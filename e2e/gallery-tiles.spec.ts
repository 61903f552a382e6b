import type { Browser, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { fakeGallery, fakeId, fakeJpeg, routeFakeGallery } from './support/fake-gallery';

/**
 * The gallery's tiles (spec §2 and §9): lazy within 200 px of the viewport, a blurred placeholder until the picture
 * has loaded, video tiles muted and inline and, on Apple touch devices, primed on the first touch, and a visible
 * fallback where a picture fails. The gallery and its pictures are made up and answered by the browser's router.
 */
test.use({ serviceWorkers: 'block' });

const tile = (page: Page, id: string) => page.locator(`[data-media-id="${id}"]`);

/** Two animation frames: an IntersectionObserver has delivered what the last scroll changed. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test('a tile asks for its picture once it comes within 200 px of the viewport, not before', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 320 });
  const asked = new Set<string>();
  await routeFakeGallery(page, fakeGallery(6), {
    picture: async (route) => {
      asked.add(new URL(route.request().url()).pathname);
      await route.fulfill({ body: await fakeJpeg(), contentType: 'image/jpeg' });
    },
  });
  await page.goto('/gallery?lng=en');
  const last = tile(page, fakeId(1, 5));
  await expect(last).toBeAttached();
  await frames(page);
  const top = await last.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const innerHeight = await page.evaluate(() => window.innerHeight);
  expect(top - innerHeight, 'the last tile starts well below the fold').toBeGreaterThan(210);

  // 210 px below the viewport's edge: still only its placeholder.
  await page.evaluate((y) => window.scrollTo(0, y), top - innerHeight - 210);
  await frames(page);
  await expect(last.locator('img')).toHaveCount(0);
  expect([...asked].some((path) => path.includes(`/${fakeId(1, 5)}/`))).toBe(false);

  // 190 px below it: within the margin, so the picture comes.
  await page.evaluate((y) => window.scrollTo(0, y), top - innerHeight - 190);
  await expect(last.locator('img')).toHaveCount(1);
  await expect.poll(() => [...asked].some((path) => path.includes(`/${fakeId(1, 5)}/`))).toBe(true);
});

test('the blurred placeholder shows until the picture has loaded, then the picture covers it', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await routeFakeGallery(page, fakeGallery(6), {
    picture: async (route: Route) => {
      if (
        route
          .request()
          .url()
          .includes(`/${fakeId(1, 0)}/`)
      )
        await held;
      await route.fulfill({ body: await fakeJpeg(), contentType: 'image/jpeg' });
    },
  });
  await page.goto('/gallery?lng=en');
  // The tile's frame draws the preview; the picture inside it stays transparent until it has loaded.
  await expect(tile(page, fakeId(1, 0)).locator('.tile__frame')).toHaveCSS(
    'background-image',
    /^url\("data:image\/png;base64,/,
  );
  const frame = tile(page, fakeId(1, 0)).locator('.media-image');
  await expect(frame).toHaveAttribute('data-loaded', 'false');
  await expect(frame.locator('img')).toHaveCSS('opacity', '0');

  release();
  await expect(frame).toHaveAttribute('data-loaded', 'true');
  await expect(frame.locator('img')).toHaveCSS('opacity', '1');
  expect(await frame.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  );
});

test('a picture that fails to load shows a visible fallback instead of a blank placeholder', async ({ page }) => {
  const broken = fakeId(1, 2);
  await routeFakeGallery(page, fakeGallery(6), {
    picture: async (route) => {
      if (route.request().url().includes(`/${broken}/`)) return route.fulfill({ status: 404, body: '' });
      await route.fulfill({ body: await fakeJpeg(), contentType: 'image/jpeg' });
    },
  });
  await page.goto('/gallery?lng=en');
  const fallback = tile(page, broken).getByText("Couldn't load this photo");
  await expect(fallback).toBeVisible();
  await expect(tile(page, broken).locator('.media-image')).toHaveAttribute('data-loaded', 'failed');
  // It is drawn over the placeholder: the text's own box is what shows at its centre.
  await fallback.scrollIntoViewIfNeeded();
  await tile(page, broken).screenshot({ path: test.info().outputPath('failed-tile.png') });
  expect(
    await fallback.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === element;
    }),
  ).toBe(true);
  // The tile still opens its item, and says which one.
  await expect(tile(page, broken)).toHaveAccessibleName('Open photo 3');
  // The pictures that did load show no fallback.
  await expect(tile(page, fakeId(1, 0)).getByText("Couldn't load this photo")).toHaveCount(0);
});

test('a video tile is muted and plays inline, looping its preview clip', async ({ page }) => {
  const items = fakeGallery(6, [0]);
  await routeFakeGallery(page, items);
  await page.goto('/gallery?lng=en');
  const video = tile(page, fakeId(1, 0)).locator('video');
  await expect(video).toHaveAttribute('src', items[0]?.video?.preview ?? '');
  await expect(video).toHaveAttribute('playsinline', '');
  expect(
    await video.evaluate((element: HTMLVideoElement) => ({
      muted: element.muted,
      playsInline: element.playsInline,
      loop: element.loop,
      controls: element.controls,
    })),
  ).toEqual({ muted: true, playsInline: true, loop: true, controls: false });
});

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * A phone-sized touch browser with the given user agent, on the made-up gallery whose first tile is a video. Motion
 * is reduced, so no tile starts playing by itself: every play() call is the touch's doing.
 */
async function touchBrowser(browser: Browser, baseURL: string, userAgent: string) {
  const context = await browser.newContext({
    baseURL,
    userAgent,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __plays: string[] }).__plays = calls;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      calls.push(this.currentSrc || this.src);
      return play.call(this);
    };
  });
  await routeFakeGallery(page, fakeGallery(6, [0]));
  await page.goto('/gallery?lng=en');
  await expect(tile(page, fakeId(1, 0)).locator('video')).toBeAttached();
  const plays = () => page.evaluate(() => (window as unknown as { __plays: string[] }).__plays.length);
  const tapHeading = async () => {
    const box = await page.getByRole('heading', { level: 1 }).boundingBox();
    if (!box) throw new Error('no heading to tap');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  };
  return { context, page, plays, tapHeading };
}

test('on an iPhone a video tile is primed by the first touch anywhere, once', async ({ browser, baseURL }) => {
  const { context, page, plays, tapHeading } = await touchBrowser(browser, baseURL as string, IPHONE_UA);
  expect(await plays()).toBe(0);
  await tapHeading();
  await expect.poll(plays).toBe(1);
  await tapHeading();
  await frames(page);
  expect(await plays()).toBe(1);
  await context.close();
});

test('elsewhere a touch primes nothing', async ({ browser, baseURL }) => {
  const android =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
  const { context, page, plays, tapHeading } = await touchBrowser(browser, baseURL as string, android);
  await tapHeading();
  await frames(page);
  expect(await plays()).toBe(0);
  await context.close();
});
