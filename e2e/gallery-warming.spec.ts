import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  fakeGallery,
  idleTimeouts,
  type PictureLog,
  pageOfUrl,
  pictureLog,
  queueIdleCallbacks,
  recordPictures,
  routeFakeGallery,
  runIdleCallbacks,
} from './support/fake-gallery';

/**
 * What the gallery fetches ahead (spec §9): the next page in idle time (requestIdleCallback with a 1200 ms timeout,
 * and where the browser has none, an honest wait for an idle moment), then background warming of the pages after
 * it in batches of 24 pictures 40 ms apart, and nothing at all on Save-Data or 2g. Asserted on Playwright's clock,
 * with "the browser is idle" decided by the test. The gallery's answers and pictures are made up (10 pages), so
 * every request can be counted; no service worker, so each reaches the router.
 */
test.use({ serviceWorkers: 'block' });

const PAGES = 12;
const tiles = (page: Page) => page.getByRole('list', { name: 'Gallery' }).getByRole('listitem');

/** Pictures of pages past `from` that the page has set so far, in order. */
const warmingPictures = (log: PictureLog, from: number) =>
  log.set.filter((entry) => (pageOfUrl(entry.url) ?? 0) >= from);

/** Pauses the page's clock a second on (a pause must lie ahead of the running clock). */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test('the next page is fetched in idle time, asking requestIdleCallback for at most 1200 ms', async ({ page }) => {
  await queueIdleCallbacks(page);
  const { pagesAsked } = await routeFakeGallery(page, fakeGallery(PAGES * 6));
  await page.goto('/gallery?lng=en');
  await expect(tiles(page)).toHaveCount(6);
  expect(pagesAsked).toEqual(['all:1']);
  expect(new Set(await idleTimeouts(page))).toEqual(new Set([1200]));

  await runIdleCallbacks(page);
  await expect.poll(() => pagesAsked).toContain('all:2');
  // Its pictures too, exactly as its tiles will ask for them.
  await expect.poll(async () => (await pictureUrls(page)).filter((url) => pageOfUrl(url) === 2).length).toBe(6);
});

/** Every fake picture the browser asked the network for. */
async function pictureUrls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/fake-media/')),
  );
}

test('without requestIdleCallback (Safari) the next page waits for load, a frame and a quiet moment', async ({
  page,
}) => {
  await page.clock.install();
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
    const fetched: string[] = [];
    (window as unknown as { __fetched: string[] }).__fetched = fetched;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      fetched.push(String(input instanceof Request ? input.url : input));
      return original(input, init);
    };
  });
  // The first page is held until the clock is stopped, so everything after it runs on the test's time.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const items = fakeGallery(PAGES * 6);
  await routeFakeGallery(page, items, { gate: held });
  await page.goto('/gallery?lng=en', { waitUntil: 'commit' });
  await pauseClock(page);
  expect(await page.evaluate(() => typeof window.requestIdleCallback)).toBe('undefined');
  release();

  const nextPageAsked = () =>
    page.evaluate(() => (window as unknown as { __fetched: string[] }).__fetched.some((url) => url.includes('page=2')));
  // Tiles need the clock to move (the data layer hands results over on zero-delay timers).
  for (let step = 0; !(await tiles(page).count()); step++) {
    if (step > 2000) throw new Error('the first page never showed');
    await page.clock.runFor(1);
  }
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
  expect(await nextPageAsked()).toBe(false);

  // Not on the next tick, nor within the quiet period that follows the next frame…
  for (let ms = 1; ms < 50; ms++) {
    await page.clock.runFor(1);
    expect(await nextPageAsked(), `asked ${ms} ms after load`).toBe(false);
  }
  // …but once it has passed, and never later than the 1200 ms cap.
  let waited = 49;
  while (!(await nextPageAsked())) {
    await page.clock.runFor(1);
    waited++;
    expect(waited, 'the next page was not asked for within 1200 ms').toBeLessThanOrEqual(1200);
  }
  expect(waited).toBeGreaterThanOrEqual(50);
});

test('the pages after the next are warmed at once, 24 pictures 40 ms apart, then an idle moment, to the last page', async ({
  page,
}) => {
  await page.clock.install();
  await queueIdleCallbacks(page);
  await recordPictures(page);
  const { pagesAsked } = await routeFakeGallery(page, fakeGallery(PAGES * 6));
  await page.goto('/gallery?lng=en');
  await expect(tiles(page)).toHaveCount(6);
  await pauseClock(page);

  // No interaction: the idle moment alone starts it.
  await runIdleCallbacks(page);
  await expect.poll(async () => (await pictureLog(page)).loaded.filter((url) => pageOfUrl(url) === 2).length).toBe(6);

  const warmed = async () => warmingPictures(await pictureLog(page), 3);
  const loaded = async (url: string) => (await pictureLog(page)).loaded.includes(url);
  for (let n = 1; n <= 24; n++) {
    await expect.poll(async () => (await warmed()).length, `warming picture ${n}`).toBe(n);
    const current = (await warmed()).at(-1)?.url ?? '';
    await expect.poll(() => loaded(current)).toBe(true);
    if (n === 24) break;
    await page.clock.runFor(39);
    expect((await warmed()).length, `picture ${n + 1} came before 40 ms`).toBe(n);
    await page.clock.runFor(1);
  }
  const batch = await warmed();
  expect(batch.map((entry) => pageOfUrl(entry.url))).toEqual([3, 4, 5, 6].flatMap((n) => Array(6).fill(n)));
  expect(batch.slice(1).map((entry, i) => entry.at - (batch[i]?.at ?? 0))).toEqual(Array(23).fill(40));

  // After a batch of 24, no timer brings the next picture: it waits for an idle moment (at most 1200 ms).
  await page.clock.runFor(5000);
  expect((await warmed()).length).toBe(24);
  expect((await idleTimeouts(page)).at(-1)).toBe(1200);
  await runIdleCallbacks(page);
  await expect.poll(async () => (await warmed()).length).toBe(25);
  expect((await warmed()).at(-1)?.url).toMatch(/\/p07i0\//);

  // The next batch keeps the 40 ms pace.
  await expect.poll(async () => loaded((await warmed()).at(-1)?.url ?? '')).toBe(true);
  await page.clock.runFor(39);
  expect((await warmed()).length).toBe(25);
  await page.clock.runFor(1);
  await expect.poll(async () => (await warmed()).length).toBe(26);

  // It goes on to the last page (no limit of pages ahead): let every timer and idle moment through.
  for (let round = 0; round < 80 && (await warmed()).length < (PAGES - 2) * 6; round++) {
    await expect.poll(async () => loaded((await warmed()).at(-1)?.url ?? '')).toBe(true);
    await page.clock.runFor(40);
    await runIdleCallbacks(page);
  }
  await expect.poll(async () => (await warmed()).length).toBe((PAGES - 2) * 6);
  expect(pagesAsked.filter((asked) => asked.startsWith('all:'))).toEqual(
    Array.from({ length: PAGES }, (_, i) => `all:${i + 1}`),
  );
});

for (const [name, connection] of [
  ['Save-Data', { saveData: true, effectiveType: '4g' }],
  ['a 2g connection', { saveData: false, effectiveType: '2g' }],
] as const) {
  test(`with ${name} nothing is fetched ahead: neither the next page nor any warming`, async ({ page }) => {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => value });
    }, connection);
    await page.clock.install();
    await queueIdleCallbacks(page);
    const { pagesAsked } = await routeFakeGallery(page, fakeGallery(PAGES * 6));
    await page.goto('/gallery?lng=en');
    await expect(tiles(page)).toHaveCount(6);
    await pauseClock(page);
    // The idle moments come (the gallery asked for them) and pass, and the clock runs on: still nothing.
    expect(await runIdleCallbacks(page)).toBeGreaterThan(0);
    for (let round = 0; round < 3; round++) {
      await page.clock.runFor(5000);
      await runIdleCallbacks(page);
    }
    expect(pagesAsked).toEqual(['all:1']);
    expect((await pictureUrls(page)).filter((url) => (pageOfUrl(url) ?? 1) > 1)).toEqual([]);
  });
}
