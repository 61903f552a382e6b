import AxeBuilder from '@axe-core/playwright';
import type { CDPSession, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { WCAG_TAGS } from './support/axe';
import { publicGalleryPage, waitForDemoGallery } from './support/demo-gallery';

/**
 * The full-screen viewer and the language button, in Chromium on a phone and on a desktop, in Hebrew and in English,
 * over the demo gallery (photos of many shapes) the shared server installs.
 */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

const TEXTS = {
  en: {
    viewer: 'Photo and video viewer',
    close: 'Close',
    previous: 'Previous',
    next: 'Next',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    position: (n: number) => new RegExp(`^${n} of \\d+$`),
    nextKey: 'ArrowRight',
    previousKey: 'ArrowLeft',
    openMenu: 'Open menu',
    dir: 'ltr',
  },
  he: {
    viewer: 'צפייה בתמונות ובסרטונים',
    close: 'סגירה',
    previous: 'הקודם',
    next: 'הבא',
    zoomIn: 'הגדלה',
    zoomOut: 'הקטנה',
    position: (n: number) => new RegExp(`^${n} מתוך \\d+$`),
    nextKey: 'ArrowLeft',
    previousKey: 'ArrowRight',
    openMenu: 'פתיחת תפריט',
    dir: 'rtl',
  },
} as const;

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box as Box;
}

const grid = (page: Page) => page.getByRole('list', { name: /^(Gallery|גלריה)$/ });

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Waits until the viewer's picture has arrived, so a screenshot or a scan sees it. */
async function viewerPictureLoaded(page: Page): Promise<void> {
  await expect(page.locator('.lightbox__media .media-image')).toHaveAttribute('data-loaded', 'true', {
    timeout: 20_000,
  });
}

/** A finger on the touch screen, through Chromium's own input pipeline (pointer events of type touch). */
function finger(cdp: CDPSession) {
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
  return {
    async swipe(from: { x: number; y: number }, to: { x: number; y: number }) {
      await send('touchStart', [from]);
      for (let i = 1; i <= 8; i++) {
        await send('touchMove', [{ x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 }]);
      }
      await send('touchEnd', []);
    },
    async doubleTap(at: { x: number; y: number }) {
      for (let i = 0; i < 2; i++) {
        await send('touchStart', [at]);
        await send('touchEnd', []);
      }
    },
    async pinchOut(centre: { x: number; y: number }, fromGap: number, toGap: number) {
      const pair = (gap: number) => [
        { x: centre.x - gap / 2, y: centre.y },
        { x: centre.x + gap / 2, y: centre.y },
      ];
      await send('touchStart', pair(fromGap));
      for (let i = 1; i <= 8; i++) await send('touchMove', pair(fromGap + ((toGap - fromGap) * i) / 8));
      await send('touchEnd', []);
    },
  };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(600_000);
  await waitForDemoGallery(request);
});

for (const viewport of VIEWPORTS) {
  const phone = viewport.name === 'phone';
  for (const language of ['he', 'en'] as const) {
    const text = TEXTS[language];
    test.describe(`on a ${viewport.name} in ${language}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, hasTouch: phone });

      const openFirstPhoto = async (page: Page) => {
        await page.goto(`/gallery?lng=${language}&type=images`);
        await grid(page).getByRole('button').first().click();
        const dialog = page.getByRole('dialog', { name: text.viewer });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(text.position(1))).toBeVisible();
        return dialog;
      };

      test('the viewer is opaque, the photo as large as the screen allows, the controls fixed and apart', async ({
        page,
      }, testInfo) => {
        const dialog = await openFirstPhoto(page);
        expect(await page.locator('.lightbox').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
          'rgb(0, 0, 0)',
        );
        // Nothing of the page answers anywhere on the screen: every point belongs to the viewer.
        const pageHits = await page.evaluate(({ width, height }) => {
          const hits: string[] = [];
          for (let i = 0; i <= 10; i++) {
            for (let j = 0; j <= 10; j++) {
              const x = Math.min(width - 1, (i * width) / 10);
              const y = Math.min(height - 1, (j * height) / 10);
              const element = document.elementFromPoint(x, y);
              if (!element?.closest('.lightbox')) hits.push(`${x},${y} ${element?.tagName} ${element?.className}`);
            }
          }
          return hits;
        }, viewport);
        expect(pageHits).toEqual([]);
        await expect(page.locator('.language-menu__button')).toBeHidden();

        const controls = {
          close: dialog.getByRole('button', { name: text.close }),
          previous: dialog.getByRole('button', { name: text.previous }),
          next: dialog.getByRole('button', { name: text.next }),
          zoomIn: dialog.getByRole('button', { name: text.zoomIn }),
          zoomOut: dialog.getByRole('button', { name: text.zoomOut }),
        };
        const counter = dialog.locator('.lightbox__position');
        const stage = await boxOf(dialog.locator('.lightbox__stage'));
        if (phone) expect(stage.width).toBe(viewport.width);
        const seen: Array<{ ratio: number; boxes: Record<string, Box>; counterStart: number }> = [];
        for (let n = 1; n <= 5; n++) {
          await expect(counter).toHaveText(text.position(n));
          const figure = await boxOf(dialog.locator('.lightbox__media'));
          expect(await boxOf(dialog.locator('.lightbox__media img'))).toEqual(figure);
          // Fitted: the photo reaches the stage's edges along one axis and stays inside along the other.
          const fillsWidth = Math.abs(figure.width - stage.width) < 1;
          const fillsHeight = Math.abs(figure.height - stage.height) < 1;
          expect(fillsWidth || fillsHeight, `photo ${n} fills the stage one way`).toBe(true);
          expect(inside(figure, stage)).toBe(true);
          const boxes: Record<string, Box> = {};
          for (const [name, locator] of Object.entries(controls)) boxes[name] = await boxOf(locator);
          const counterBox = await boxOf(counter);
          boxes.counter = counterBox;
          // Every control is a target of at least 44 × 44 CSS pixels.
          for (const name of Object.keys(controls)) {
            expect(boxes[name]?.width, `${name} width`).toBeGreaterThanOrEqual(44);
            expect(boxes[name]?.height, `${name} height`).toBeGreaterThanOrEqual(44);
          }
          // No control covers another, and none covers the photo.
          const named = Object.entries(boxes);
          for (const [i, [a, boxA]] of named.entries()) {
            expect(overlap(boxA, figure), `${a} over photo ${n}`).toBe(false);
            for (const [b, boxB] of named.slice(i + 1)) expect(overlap(boxA, boxB), `${a} and ${b}`).toBe(false);
          }
          const counterStart = text.dir === 'rtl' ? counterBox.x + counterBox.width : counterBox.x;
          seen.push({ ratio: figure.width / figure.height, boxes, counterStart });
          if (n === 1) {
            await viewerPictureLoaded(page);
            await keepScreenshot(page, testInfo, `viewer-${language}-${viewport.name}`);
          }
          if (n < 5) await page.keyboard.press(text.nextKey);
        }
        // The photos had different shapes, and the controls did not move with them.
        const ratios = seen.map((photo) => photo.ratio);
        expect(Math.max(...ratios) / Math.min(...ratios)).toBeGreaterThan(1.3);
        const [first, ...rest] = seen;
        for (const photo of rest) {
          expect(photo.counterStart).toBeCloseTo(first?.counterStart ?? Number.NaN, 0);
          for (const name of Object.keys(controls)) expect(photo.boxes[name]).toEqual(first?.boxes[name]);
        }
      });

      test('has no accessibility violations with the viewer open', async ({ page }) => {
        await openFirstPhoto(page);
        await viewerPictureLoaded(page);
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(results.violations).toEqual([]);
      });

      test(`steps in the reading direction with the arrow keys${phone ? ' and swipes' : ''} and the buttons`, async ({
        page,
      }) => {
        const dialog = await openFirstPhoto(page);
        const counter = dialog.locator('.lightbox__position');
        await page.keyboard.press(text.nextKey);
        await expect(counter).toHaveText(text.position(2));
        await page.keyboard.press(text.previousKey);
        await expect(counter).toHaveText(text.position(1));
        await dialog.getByRole('button', { name: text.next }).click();
        await expect(counter).toHaveText(text.position(2));
        await dialog.getByRole('button', { name: text.previous }).click();
        await expect(counter).toHaveText(text.position(1));
        if (!phone) return;
        // A finger moving against the reading direction pulls in the next photo, as when turning a page.
        const touch = finger(await page.context().newCDPSession(page));
        const y = viewport.height / 2;
        const [left, right] = [
          { x: 320, y },
          { x: 70, y },
        ];
        const [towardsNext, towardsPrevious] =
          text.dir === 'ltr'
            ? [
                [left, right],
                [right, left],
              ]
            : [
                [right, left],
                [left, right],
              ];
        await touch.swipe(towardsNext[0] ?? left, towardsNext[1] ?? right);
        await expect(counter).toHaveText(text.position(2));
        await touch.swipe(towardsPrevious[0] ?? right, towardsPrevious[1] ?? left);
        await expect(counter).toHaveText(text.position(1));
      });

      test('zooms by double tap and pinch, pans while zoomed, and closes by a swipe down', async ({ page }) => {
        const dialog = await openFirstPhoto(page);
        const stage = dialog.locator('.lightbox__stage');
        const figure = dialog.locator('.lightbox__media');
        const counter = dialog.locator('.lightbox__position');
        const fitted = await boxOf(figure);
        const centre = { x: fitted.x + fitted.width / 2, y: fitted.y + fitted.height / 2 };
        const transform = () => figure.evaluate((el) => el.style.transform);

        if (phone) {
          const touch = finger(await page.context().newCDPSession(page));
          await touch.doubleTap(centre);
          await expect(stage).toHaveAttribute('data-zoomed', 'true');
          await expect.poll(async () => (await boxOf(figure)).width).toBeGreaterThan(fitted.width * 2);
          const before = await transform();
          await touch.swipe(centre, { x: centre.x + 120, y: centre.y });
          await expect.poll(transform).not.toBe(before);
          // Zoomed, a sideways drag pans: it does not step to another photo.
          await expect(counter).toHaveText(text.position(1));
          await touch.doubleTap(centre);
          await expect(stage).toHaveAttribute('data-zoomed', 'false');
          await touch.pinchOut(centre, 60, 220);
          await expect(stage).toHaveAttribute('data-zoomed', 'true');
          await touch.doubleTap(centre);
          await expect(stage).toHaveAttribute('data-zoomed', 'false');
          await touch.swipe({ x: centre.x, y: centre.y - 100 }, { x: centre.x + 10, y: centre.y + 150 });
          await expect(dialog).toHaveCount(0);
          await expect(page).not.toHaveURL(/item=/);
          return;
        }
        // With a mouse: a double click zooms in on the point, a drag pans, a double click fits again.
        await page.mouse.dblclick(centre.x, centre.y);
        await expect(stage).toHaveAttribute('data-zoomed', 'true');
        await expect.poll(async () => (await boxOf(figure)).width).toBeGreaterThan(fitted.width * 2);
        const before = await transform();
        await page.mouse.move(centre.x, centre.y);
        await page.mouse.down();
        await page.mouse.move(centre.x + 150, centre.y + 40, { steps: 6 });
        await page.mouse.up();
        await expect.poll(transform).not.toBe(before);
        // The end of the drag is not a click beside the photo: the viewer stays.
        await expect(dialog).toBeVisible();
        await page.mouse.dblclick(centre.x, centre.y);
        await expect(stage).toHaveAttribute('data-zoomed', 'false');
        await expect.poll(async () => (await boxOf(figure)).width).toBeCloseTo(fitted.width, 0);
        // A click on the photo is not a click beside it.
        await page.mouse.click(centre.x, centre.y);
        await expect(dialog).toBeVisible();
      });

      test('zooms from the keyboard and by the zoom buttons; zoomed, the arrows pan instead of stepping', async ({
        page,
      }, testInfo) => {
        const dialog = await openFirstPhoto(page);
        const stage = dialog.locator('.lightbox__stage');
        const figure = dialog.locator('.lightbox__media');
        const counter = dialog.locator('.lightbox__position');
        const zoomIn = dialog.getByRole('button', { name: text.zoomIn });
        const zoomOut = dialog.getByRole('button', { name: text.zoomOut });
        const fitted = await boxOf(figure);
        const transform = () => figure.evaluate((el) => el.style.transform);
        await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');

        // Four presses of + reach the deepest zoom, where the photo overflows the stage both ways whatever its shape.
        await page.keyboard.press('+');
        await expect(stage).toHaveAttribute('data-zoomed', 'true');
        await expect.poll(async () => (await boxOf(figure)).width).toBeGreaterThan(fitted.width * 1.4);
        for (let i = 0; i < 3; i++) await page.keyboard.press('=');
        await expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
        await expect.poll(async () => (await boxOf(figure)).width).toBeCloseTo(fitted.width * 4, 0);

        // Zoomed, the arrows pan the photo (the reading direction's "next" key included) and never step.
        let before = await transform();
        await page.keyboard.press(text.nextKey);
        await expect.poll(transform).not.toBe(before);
        before = await transform();
        await page.keyboard.press('ArrowDown');
        await expect.poll(transform).not.toBe(before);
        await page.keyboard.press(text.previousKey);
        await expect(counter).toHaveText(text.position(1));

        await viewerPictureLoaded(page);
        await keepScreenshot(page, testInfo, `viewer-zoomed-${language}-${viewport.name}`);
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(results.violations).toEqual([]);

        // - steps back out, 0 fits again, and then the arrows step once more.
        await page.keyboard.press('-');
        await expect(zoomIn).toHaveAttribute('aria-disabled', 'false');
        await expect(stage).toHaveAttribute('data-zoomed', 'true');
        await page.keyboard.press('0');
        await expect(stage).toHaveAttribute('data-zoomed', 'false');
        await expect.poll(async () => (await boxOf(figure)).width).toBeCloseTo(fitted.width, 0);
        await page.keyboard.press(text.nextKey);
        await expect(counter).toHaveText(text.position(2));
        await page.keyboard.press(text.previousKey);
        await expect(counter).toHaveText(text.position(1));

        // The buttons: reached by Tab (just before Close, which has the focus), and by a tap or a click.
        await expect(dialog.getByRole('button', { name: text.close })).toBeFocused();
        await page.keyboard.press('Shift+Tab');
        await expect(zoomIn).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(stage).toHaveAttribute('data-zoomed', 'true');
        await (phone ? zoomOut.tap() : zoomOut.click());
        await expect(stage).toHaveAttribute('data-zoomed', 'false');
        await (phone ? zoomIn.tap() : zoomIn.click());
        await expect(stage).toHaveAttribute('data-zoomed', 'true');

        // Escape still closes a zoomed photo and gives the focus back to its tile.
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(grid(page).getByRole('button').first()).toBeFocused();
      });

      test('closes by Escape, giving focus back to the tile, and by Back', async ({ page }) => {
        const dialog = await openFirstPhoto(page);
        const tile = grid(page).getByRole('button').first();
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(tile).toBeFocused();
        await expect(page).not.toHaveURL(/item=/);
        await expect(page.locator('.language-menu__button')).toBeVisible();
        await tile.click();
        await expect(dialog).toBeVisible();
        await page.goBack();
        await expect(dialog).toHaveCount(0);
        await expect(page).toHaveURL(new RegExp(`/gallery\\?lng=${language}&type=images$`));
      });

      test('fetches the next photo, at the size the viewer shows it, before stepping to it', async ({
        page,
        request,
      }) => {
        const { items } = await publicGalleryPage(request, '?type=images');
        const [current, next] = [items[3], items[4]];
        if (!current || !next) throw new Error('the demo gallery has fewer than five photos');
        const requested: string[] = [];
        page.on('request', (req) => {
          if (req.url().includes(`/media/${next.id}/`)) requested.push(req.url());
        });
        await page.goto(`/gallery?lng=${language}&type=images&item=${current.id}`);
        const dialog = page.getByRole('dialog', { name: text.viewer });
        await expect(dialog.getByText(text.position(4))).toBeVisible();
        await expect.poll(() => requested.length).toBeGreaterThan(0);
        if (!phone) {
          // Its tile is far below the fold and has asked for nothing: the request is the viewer's.
          await expect(grid(page).locator(`[data-media-id="${next.id}"] img`)).toHaveCount(0);
        }
        await expect
          .poll(() => page.locator(`[data-preload="${next.id}"] img`).evaluate((img: HTMLImageElement) => img.complete))
          .toBe(true);
        const before = [...requested];
        await page.keyboard.press(text.nextKey);
        await expect(dialog.getByText(text.position(5))).toBeVisible();
        // The file the browser chose from the srcset (currentSrc is empty until it has chosen).
        const picture = dialog.locator('.lightbox__media img');
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe('');
        const shown = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
        expect(before).toContain(shown);
      });

      test('the language button covers nothing, steps aside for the viewer and dialogs; the header menu switches language', async ({
        page,
      }, testInfo) => {
        await page.goto(`/gallery?lng=${language}`);
        await expect(grid(page).getByRole('listitem')).toHaveCount(6);
        const button = page.locator('.language-menu__button');
        const header = page.locator('.site-header');
        await expect(button).toBeVisible();
        const tiles = await grid(page).getByRole('listitem').all();
        for (const tile of tiles) expect(overlap(await boxOf(button), await boxOf(tile))).toBe(false);
        for (const other of [page.locator('.site-nav__brand'), page.locator('.site-nav__toggle')]) {
          if (await other.isVisible()) expect(overlap(await boxOf(button), await boxOf(other))).toBe(false);
        }
        // Scrolled to the end, it is still in the header's own strip, clear of the footer's links.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        expect(inside(await boxOf(button), await boxOf(header))).toBe(true);
        for (const link of await page.locator('.site-footer').locator('a, button').all()) {
          if (await link.isVisible()) expect(overlap(await boxOf(button), await boxOf(link))).toBe(false);
        }
        // Any modal dialog puts it out of sight until it closes.
        await page.evaluate(() => {
          const dialog = document.createElement('dialog');
          dialog.id = 'probe';
          dialog.textContent = 'probe';
          document.body.append(dialog);
          dialog.showModal();
        });
        await expect(button).toBeHidden();
        await page.evaluate(() => (document.getElementById('probe') as HTMLDialogElement).close());
        await expect(button).toBeVisible();

        // The header menu offers the languages too (the phone's menu panel; on a desktop, the header's button).
        const other = language === 'he' ? 'en' : 'he';
        if (phone) {
          await page.getByRole('button', { name: text.openMenu }).click();
          const choices = page.locator('.site-nav__languages');
          await expect(choices).toBeVisible();
          await expect(choices.locator(`button[lang="${language}"]`)).toHaveAttribute('aria-current', 'true');
          await keepScreenshot(page, testInfo, `header-menu-${language}-${viewport.name}`);
          await choices.locator(`button[lang="${other}"]`).click();
          await expect(page.locator('.site-nav__panel')).toHaveAttribute('data-open', 'false');
          await expect(page.locator('.site-nav__toggle')).toBeFocused();
        } else {
          await expect(page.locator('.site-nav__languages')).toBeHidden();
          await button.click();
          await keepScreenshot(page, testInfo, `language-menu-${language}-${viewport.name}`);
          await page.locator(`.language-menu__option[lang="${other}"]`).click();
          await expect(button).toBeFocused();
        }
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        await expect(page.locator('html')).toHaveAttribute('dir', TEXTS[other].dir);
      });
    });
  }
}
