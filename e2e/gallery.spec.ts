import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Cookie, Page, TestInfo } from '@playwright/test';
import type { GalleryPage } from '../shared/schemas/gallery';
import { expect, test } from './fixtures';
import { adminUpload } from './support/admin-helpers';
import { WCAG_TAGS } from './support/axe';
import { signUpVerifiedClient } from './support/clients';
import { publicGalleryPage, waitForDemoGallery } from './support/demo-gallery';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/global-setup';

/**
 * The galleries in a real browser against the real server, which installs its demo set (14 photos and a video)
 * into the main gallery at start-up. Tests wait for it by polling the API, never by sleeping.
 */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

const grid = (page: Page) => page.getByRole('list', { name: /^(Gallery|גלריה)$/ });
const tiles = (page: Page) => grid(page).getByRole('listitem');

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Waits until every picture on screen has finished loading (or failed), so screenshots and scans are settled. */
async function picturesSettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((img) => img.complete)), { timeout: 20_000 })
    .toBe(true);
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  await waitForDemoGallery(request);
});

test.describe('the public gallery', () => {
  test('filters and pages through the gallery, six tiles a page, in the pattern wide, half, half', async ({
    page,
    request,
  }) => {
    const all = await publicGalleryPage(request);
    const images = await publicGalleryPage(request, '?type=images');
    const videos = await publicGalleryPage(request, '?type=videos');
    await page.goto('/gallery?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Main gallery');
    await expect(tiles(page)).toHaveCount(6);
    await expect(tiles(page).nth(0)).toHaveClass(/collage__item--wide/);
    await expect(tiles(page).nth(1)).toHaveClass(/collage__item--half/);
    await expect(tiles(page).nth(2)).toHaveClass(/collage__item--half/);
    await expect(tiles(page).nth(3)).toHaveClass(/collage__item--wide/);
    const firstIds = await grid(page)
      .locator('[data-media-id]')
      .evaluateAll((els) => els.map((e) => e.dataset.mediaId));
    expect(firstIds).toEqual(all.items.map((item) => item.id));

    const pages = page.getByRole('navigation', { name: 'Gallery pages' });
    await expect(pages.getByRole('button')).toHaveCount(all.pageCount);
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    const page2 = await publicGalleryPage(request, '?page=2');
    await expect(grid(page).locator('[data-media-id]').first()).toHaveAttribute(
      'data-media-id',
      page2.items[0]?.id ?? '',
    );

    // A filter returns to page 1.
    await page.getByRole('button', { name: 'Images', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Images', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page).not.toHaveURL(/page=/);
    await expect(tiles(page)).toHaveCount(Math.min(6, images.total));
    await expect(pages.getByRole('button')).toHaveCount(images.pageCount);

    await page.getByRole('button', { name: 'Videos', exact: true }).click();
    await expect(tiles(page)).toHaveCount(Math.min(6, videos.total));
    if (videos.total === 0) await expect(page.getByText('There are no videos here yet.')).toBeVisible();
    else await expect(grid(page).getByRole('button', { name: /^Open video/ })).toHaveCount(videos.items.length);

    // Back walks the filters and pages in reverse.
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Images', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('opens the viewer from a tile and closes it by Escape, by a click outside, and by Back', async ({ page }) => {
    await page.goto('/gallery?lng=en');
    const firstTile = grid(page).getByRole('button').first();
    const dialog = page.getByRole('dialog', { name: 'Photo and video viewer' });

    await firstTile.click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/[?&]item=/);
    await expect(dialog.getByText(/^1 of \d+$/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/item=/);
    await expect(firstTile).toBeFocused();

    await firstTile.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 400);
    await expect(dialog).toHaveCount(0);

    await firstTile.click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/gallery\?lng=en$/);
  });

  for (const [language, next, previous, position] of [
    ['en', 'ArrowRight', 'ArrowLeft', (n: number) => new RegExp(`^${n} of \\d+$`)],
    ['he', 'ArrowLeft', 'ArrowRight', (n: number) => new RegExp(`^${n} מתוך \\d+$`)],
  ] as const) {
    test(`steps through the viewer with the arrow keys in ${language}, next in the reading direction`, async ({
      page,
    }) => {
      await page.goto(`/gallery?lng=${language}`);
      await grid(page).getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(position(1))).toBeVisible();
      await page.keyboard.press(next);
      await expect(dialog.getByText(position(2))).toBeVisible();
      await page.keyboard.press(next);
      await expect(dialog.getByText(position(3))).toBeVisible();
      await page.keyboard.press(previous);
      await expect(dialog.getByText(position(2))).toBeVisible();
      // Past the page's last tile the viewer carries on into the next page.
      for (let n = 3; n <= 7; n++) await page.keyboard.press(next);
      await expect(dialog.getByText(position(7))).toBeVisible();
      await expect(page).toHaveURL(/[?&]page=2/);
    });
  }

  test('asks for no picture of a tile below the fold until it is scrolled near', async ({ page, request }) => {
    const { items } = await publicGalleryPage(request);
    const lastId = items.at(-1)?.id ?? '';
    const requested = new Set<string>();
    page.on('request', (req) => {
      const match = /\/media\/([\w-]{22})\//.exec(req.url());
      if (match?.[1]) requested.add(match[1]);
    });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/gallery?lng=en');
    await expect(grid(page).locator('img').first()).toBeVisible();
    await picturesSettled(page);
    expect(requested.has(items[0]?.id ?? '')).toBe(true);
    expect(requested.has(lastId)).toBe(false);
    await grid(page).locator(`[data-media-id="${lastId}"]`).scrollIntoViewIfNeeded();
    await expect.poll(() => requested.has(lastId)).toBe(true);
  });

  test('fetches nothing for the first page: the server sends it in the page, and the app starts from it', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/'))
        fetched.push(new URL(req.url()).pathname + new URL(req.url()).search);
    });
    const consoleWarnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') consoleWarnings.push(message.text());
    });
    // The browser's clock ten minutes ahead: as for a page the server made and kept ten minutes ago, still current.
    await page.clock.install({ time: Date.now() + 10 * 60_000 });
    await page.goto('/gallery?lng=en');
    await expect(tiles(page)).toHaveCount(6);
    await picturesSettled(page);
    expect(fetched.filter((url) => url === '/api/gallery?type=all&page=1')).toHaveLength(0);
    expect(fetched.filter((url) => url === '/api/session')).toHaveLength(0);
    expect(consoleWarnings.filter((text) => /preload/i.test(text))).toEqual([]);
  });

  test('a video tile loops its small preview clip; the viewer plays the full video', async ({ page, request }) => {
    const res = await request.get('/api/gallery?type=videos&page=1');
    const { items } = (await res.json()) as { items: Array<{ id: string; video: { src: string; preview: string } }> };
    const item = items[0];
    expect(item?.video.preview).toMatch(/\/preview-[0-9a-f]{16}\.mp4$/);
    await page.goto('/gallery?lng=en&type=videos');
    const tile = grid(page).locator(`[data-media-id="${item?.id}"]`);
    await expect(tile.locator('video')).toHaveAttribute('src', item?.video.preview ?? '');
    await tile.click();
    await expect(page.getByRole('dialog').locator('video source')).toHaveAttribute('src', item?.video.src ?? '');
  });

  test('the first tile is eager with high priority; the others are lazy', async ({ page }) => {
    await page.goto('/gallery?lng=en&type=images');
    await expect(grid(page).getByRole('button').first()).toHaveAccessibleName('Open photo 1');
    const first = grid(page).locator('img').first();
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(grid(page).locator('img').nth(1)).toHaveAttribute('loading', 'lazy');
  });

  test('has no accessibility violations, with the viewer closed and open', async ({ page }) => {
    await page.goto('/gallery?lng=he');
    await expect(tiles(page)).toHaveCount(6);
    await picturesSettled(page);
    const closed = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(closed.violations).toEqual([]);
    await grid(page).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const open = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(open.violations).toEqual([]);
  });
});

test.describe('the private gallery', () => {
  test('tells a visitor who is not signed in to log in, without violations', async ({ page }) => {
    await page.goto('/me?lng=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My gallery');
    await expect(page.getByText('You are not connected.', { exact: false })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations).toEqual([]);
  });
});

/**
 * Waits until the service worker controls the page and has kept the page itself, its pictures and, when given, the
 * API answer `answerPath` (the private gallery's), so a reload works offline.
 */
async function keptForOffline(page: Page, answerPath?: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (answerUrl) => {
          if (!navigator.serviceWorker.controller) return false;
          const pageCopy = await caches.match(location.pathname + location.search, { ignoreVary: true });
          const answer = answerUrl ? await caches.match(answerUrl, { ignoreVary: true }) : true;
          const images = [...document.querySelectorAll<HTMLImageElement>('.collage img')].map((img) => img.currentSrc);
          const kept = await Promise.all(images.map((src) => caches.match(src, { ignoreVary: true })));
          return Boolean(pageCopy && answer) && images.length > 0 && kept.every(Boolean);
        }, answerPath ?? null),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test.describe('offline', () => {
  test('reloading a gallery page already seen shows the kept tiles and a quiet offline notice', async ({
    page,
    context,
  }) => {
    await page.goto('/gallery?lng=en');
    await expect(tiles(page)).toHaveCount(6);
    await picturesSettled(page);
    await keptForOffline(page);
    await context.setOffline(true);
    await page.reload();
    await expect(tiles(page)).toHaveCount(6);
    await picturesSettled(page);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('.collage img')].every((img) => (img as HTMLImageElement).naturalWidth > 0),
      ),
    ).toBe(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
  });
});

/** What the page gets when it asks for its private gallery now (through the service worker), or 'no answer'. */
function privateGalleryAnswer(page: Page): Promise<string> {
  return page.evaluate(async () => {
    try {
      const res = await fetch('/api/me/gallery?type=all&page=1');
      return `${res.status} ${await res.text()}`;
    } catch {
      return 'no answer';
    }
  });
}

/** The browser's kept entries (any cache) whose URL or JSON body names one of `ids`. */
function keptEntriesNaming(page: Page, ids: string[]): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const body = response?.headers.get('content-type')?.includes('json') ? await response.text() : '';
        if (wanted.some((id) => request.url.includes(id) || body.includes(id))) found.push(`${name} ${request.url}`);
      }
    }
    return found;
  }, ids);
}

/** The two clients the first test below makes, for the offline test after it (sign-ups are rate-limited per IP). */
const twoClients: { a?: { cookies: Cookie[]; ids: string[] }; b?: { cookies: Cookie[] } } = {};

test.describe('the private gallery of two clients', () => {
  test.describe.configure({ mode: 'serial' });

  test('A sees only their own items and downloads them all; B sees none of them and cannot open them', async ({
    page,
    browser,
    request,
    baseURL,
    dataDir,
  }, testInfo) => {
    const base = baseURL ?? '';
    const signedIn = await request.post('/api/auth/sign-in', {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
      headers: { origin: base },
    });
    expect(signedIn.status()).toBe(200);
    const clientA = await signUpVerifiedClient(page.request, dataDir, { baseURL: base, prefix: 'client-a' });
    const folderA = clientA.folder;
    const demo = await publicGalleryPage(request, '?type=images');
    const names = ['ride-one.jpg', 'ride-two.jpg'];
    for (const [index, name] of names.entries()) {
      const original = await request.get(`/media/${demo.items[index]?.id}/original`);
      await adminUpload(request, base, folderA, name, await original.body());
    }
    await expect
      .poll(async () => ((await (await page.request.get('/api/me/gallery')).json()) as GalleryPage).total, {
        timeout: 120_000,
      })
      .toBe(2);
    const mine = (await (await page.request.get('/api/me/gallery')).json()) as GalleryPage;

    await page.goto('/me?lng=en');
    await expect(tiles(page)).toHaveCount(2);
    const shown = await grid(page)
      .locator('[data-media-id]')
      .evaluateAll((els) => els.map((e) => e.dataset.mediaId));
    expect(shown).toEqual(mine.items.map((item) => item.id));
    await picturesSettled(page);
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations).toEqual([]);
    await keepScreenshot(page, testInfo, 'me-signed-in-en-desktop');

    // One item from the viewer: saved under its own name, with the bytes of the original.
    await grid(page).getByRole('button').first().click();
    const single = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'Download', exact: true }).click();
    const file = await single;
    expect(file.suggestedFilename()).toBe(mine.items[0]?.name);
    const saved = testInfo.outputPath(file.suggestedFilename());
    await file.saveAs(saved);
    const original = await page.request.get(`/api/media/${mine.items[0]?.id}/download`);
    expect(fs.statSync(saved).size).toBe((await original.body()).length);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Download all at full size: the ZIP holds exactly the folder's items.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Full size' }).click();
    const download = await downloading;
    const zip = testInfo.outputPath('my-gallery.zip');
    await download.saveAs(zip);
    execFileSync('unzip', ['-tq', zip]);
    const entries = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(entries).toEqual(mine.items.map((item) => item.name).sort());
    await expect(page.getByRole('link', { name: 'Full size' })).toBeVisible();

    // Client B, in a browser of their own.
    const other = await browser.newContext({ baseURL: base });
    const pageB = await other.newPage();
    await signUpVerifiedClient(pageB.request, dataDir, { baseURL: base, prefix: 'client-b' });
    const theirs = (await (await pageB.request.get('/api/me/gallery')).json()) as GalleryPage;
    expect(theirs.total).toBe(0);
    await pageB.goto('/me?lng=en');
    await expect(pageB.getByText('Nothing here yet.', { exact: false })).toBeVisible();
    for (const item of mine.items) {
      const plain = item.image.src.split('?')[0] ?? '';
      expect([403, 404]).toContain((await pageB.request.get(plain)).status());
    }
    twoClients.a = { cookies: (await page.context().storageState()).cookies, ids: mine.items.map((item) => item.id) };
    twoClients.b = { cookies: (await other.storageState()).cookies };
    await other.close();
  });

  test('offline, the kept private gallery is shown only to its owner: not once the session ends, not to B', async ({
    page,
    context,
  }) => {
    const { a, b } = twoClients;
    if (!a || !b) throw new Error('the test above makes the two clients');
    const notConnected = page.getByText('You are not connected.', { exact: false });
    const shownIds = () =>
      grid(page)
        .locator('[data-media-id]')
        .evaluateAll((els) => els.map((e) => e.dataset.mediaId));

    // A sees their gallery, which the worker keeps: offline, A still sees it.
    await context.addCookies(a.cookies);
    await page.goto('/me?lng=en');
    await expect(tiles(page)).toHaveCount(a.ids.length);
    await picturesSettled(page);
    await keptForOffline(page, '/api/me/gallery?type=all&page=1');
    await context.setOffline(true);
    await page.reload();
    await expect(tiles(page)).toHaveCount(a.ids.length);
    await context.setOffline(false);

    // A's cookies expire: the session answers null, and from then on nothing of A's is kept or answered.
    await context.clearCookies();
    await page.reload();
    await expect(notConnected).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(notConnected).toBeVisible();
    await expect(tiles(page)).toHaveCount(0);
    const afterExpiry = await privateGalleryAnswer(page);
    for (const id of a.ids) expect(afterExpiry).not.toContain(id);
    expect(await keptEntriesNaming(page, a.ids)).toEqual([]);
    await context.setOffline(false);

    // A once more, kept again; then B signs in on the same browser and, offline, never gets A's copy.
    await context.addCookies(a.cookies);
    await page.goto('/me?lng=en');
    await expect(tiles(page)).toHaveCount(a.ids.length);
    await picturesSettled(page);
    await keptForOffline(page, '/api/me/gallery?type=all&page=1');
    await context.clearCookies();
    await context.addCookies(b.cookies);
    await page.goto('/gallery?lng=en');
    await expect(tiles(page)).toHaveCount(6);
    await context.setOffline(true);
    await page.goto('/me?lng=en');
    // B's page named B as its viewer: the worker dropped A's copies and A's kept session, and offline it vouches for
    // nobody, so B is asked to log in and sees nothing of A's.
    await expect(notConnected).toBeVisible();
    expect(await shownIds()).toEqual([]);
    const forB = await privateGalleryAnswer(page);
    for (const id of a.ids) expect(forB).not.toContain(id);
    expect(await keptEntriesNaming(page, a.ids)).toEqual([]);
    await context.setOffline(false);
  });
});

test.describe('screenshots', () => {
  for (const viewport of VIEWPORTS) {
    for (const language of ['he', 'en'] as const) {
      test(`/gallery and /me in ${language} on ${viewport.name}`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.goto(`/gallery?lng=${language}`);
        await expect(tiles(page)).toHaveCount(6);
        await picturesSettled(page);
        await keepScreenshot(page, testInfo, `gallery-${language}-${viewport.name}`);
        await page.goto(`/me?lng=${language}`);
        await expect(page.getByRole('main').getByRole('link')).toBeVisible();
        await keepScreenshot(page, testInfo, `me-signed-out-${language}-${viewport.name}`);
      });
    }
  }
});
