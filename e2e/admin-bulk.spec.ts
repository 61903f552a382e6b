import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { MAIN_GALLERY_FOLDER } from '../shared/folders';
import type { AdminMedia, HomePicks } from '../shared/schemas/admin';
import {
  addClient,
  adminUpload,
  HE_AND_EN_ON_PHONE_AND_DESK,
  localeTexts,
  makeImages,
  signIn,
} from './support/admin-helpers';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * Bulk actions of the admin's folder view, on a phone and at the desk, in Hebrew and English: select with a click,
 * a Shift range (mouse and keyboard) and select all; then trash, move to another client, add to the main gallery and
 * set as featured, each one request; the main gallery reordered by drag and drop and from the keyboard, kept after a
 * reload; the trash with thumbnails and the client's name. Runs on a server of its own (it reorders the main gallery).
 */
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });
// Each journey uploads and processes real photos, then runs axe on several views.
test.setTimeout(180_000);
// It reorders the main gallery, and its eight sign-ins after the other suites' would pass the per-address limit.
test.use({ serverOwnedBy: 'admin-bulk' });

const mediaUrl = (folder: string) => `/api/admin/folders/${encodeURIComponent(folder)}/media`;

async function itemsOf(request: APIRequestContext, folder: string): Promise<AdminMedia[]> {
  return ((await (await request.get(mediaUrl(folder))).json()) as { items: AdminMedia[] }).items;
}

/** Uploads `count` photos named `<prefix>-<n>` into `folder` and waits until all of them are ready. */
async function photosIn(request: APIRequestContext, baseURL: string, folder: string, prefix: string, count: number) {
  for (const file of await makeImages(count, prefix)) {
    await adminUpload(request, baseURL, folder, file.name, file.buffer, file.mimeType);
  }
  const ready = async () =>
    (await itemsOf(request, folder)).filter((item) => item.status === 'ready' && item.name.startsWith(`${prefix}-`));
  await expect.poll(async () => (await ready()).length, { timeout: 60_000 }).toBe(count);
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

const tiles = (page: Page) => page.getByTestId('admin-media');
const checkbox = (page: Page, index: number) => tiles(page).nth(index).getByTestId('select-media');
const selectedCount = (page: Page) => page.locator('[data-testid="admin-media"][data-selected="true"]');

for (const { lng, viewport } of HE_AND_EN_ON_PHONE_AND_DESK) {
  test.describe(`${lng} at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // Each combination's own clients and file names: the serial runs never meet each other's photos.
    const tag = `${lng}-${viewport.width}`;
    const t = localeTexts(lng, 'admin');
    const common = localeTexts(lng, 'common');
    const label = (key: string) => {
      const [ns, name] = key.split('.') as [string, string];
      return (t[ns] as Record<string, string>)[name] as string;
    };

    test('select with Shift and select all, then trash, move and add to the main gallery, one request each', async ({
      page,
      baseURL,
    }, testInfo) => {
      const base = baseURL as string;
      await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const stamp = `${tag}-${Date.now()}`;
      const from = await addClient(page.request, base, `from-${stamp}@example.com`, 'דנה כהן Cohen');
      const to = await addClient(page.request, base, `to-${stamp}@example.com`, 'Noa Levi');
      await photosIn(page.request, base, from, `bulk-${tag}`, 6);

      const bulkCalls: string[] = [];
      page.on('request', (request) => {
        if (/\/media\/(trash|move|add-to-main-gallery)$/.test(request.url())) bulkCalls.push(request.url());
      });
      page.on('dialog', (dialog) => {
        throw new Error(`the page opened the browser's ${dialog.type()}`);
      });
      await page.goto(`/admin/folders/${encodeURIComponent(from)}?lng=${lng}`);
      await expect(tiles(page)).toHaveCount(6);

      // A click, then Shift+click four tiles on: the five between are selected.
      await checkbox(page, 0).click();
      await checkbox(page, 4).click({ modifiers: ['Shift'] });
      await expect(selectedCount(page)).toHaveCount(5);
      // Shift+click back to the second unselects the range from the last click.
      await checkbox(page, 1).click({ modifiers: ['Shift'] });
      await expect(selectedCount(page)).toHaveCount(1);
      await page.getByRole('button', { name: label('bulk.selectNone') }).click();
      await expect(selectedCount(page)).toHaveCount(0);

      // From the keyboard: Space on one, Shift+Space two further on.
      await checkbox(page, 0).focus();
      await page.keyboard.press('Space');
      await checkbox(page, 2).focus();
      await page.keyboard.press('Shift+Space');
      await expect(selectedCount(page)).toHaveCount(3);
      await page.getByRole('button', { name: label('bulk.selectAll') }).click();
      await expect(selectedCount(page)).toHaveCount(6);
      await keepScreenshot(page, testInfo, `bulk-selected-${tag}`);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: label('bulk.selectNone') }).click();

      const names = (await itemsOf(page.request, from)).map((item) => item.name);
      // Move the first two to the other client.
      await checkbox(page, 0).click();
      await checkbox(page, 1).click({ modifiers: ['Shift'] });
      await page.getByRole('button', { name: label('bulk.move') }).click();
      const moveDialog = page.getByRole('dialog');
      await moveDialog.getByTestId('move-target').selectOption(to);
      await expectNoAxeViolations(page);
      await moveDialog.getByRole('button', { name: label('bulk.move') }).click();
      await expect(tiles(page)).toHaveCount(4);
      expect((await itemsOf(page.request, to)).map((item) => item.name).sort()).toEqual(names.slice(0, 2).sort());

      // Add one to the main gallery: the client keeps it.
      await checkbox(page, 0).click();
      await page.getByRole('button', { name: label('bulk.addToMain') }).click();
      await expect(page.getByTestId('notice')).toBeVisible();
      await expect(tiles(page)).toHaveCount(4);
      await expect
        .poll(async () => (await itemsOf(page.request, MAIN_GALLERY_FOLDER)).map((m) => m.name))
        .toContain(names[2]);

      // Trash two, after the app's own question.
      await checkbox(page, 2).click();
      await checkbox(page, 3).click({ modifiers: ['Shift'] });
      await page.getByRole('button', { name: label('bulk.trash') }).click();
      const question = page.getByRole('dialog');
      await expect(question).toBeVisible();
      await keepScreenshot(page, testInfo, `bulk-trash-question-${tag}`);
      await question.getByRole('button', { name: label('bulk.trash') }).click();
      await expect(tiles(page)).toHaveCount(2);
      expect(bulkCalls.length).toBe(3);

      // The trash shows both with thumbnails and the client's name.
      await page.goto(`/admin/trash?lng=${lng}`);
      for (const name of names.slice(4, 6)) {
        const entry = page.locator(`[data-testid="trash-item"][data-name="${name}"]`);
        await expect(entry.getByTestId('trash-owner')).toContainText('דנה כהן Cohen');
        const thumbnail = entry.locator('img');
        await expect(thumbnail).toBeVisible();
        await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
      await keepScreenshot(page, testInfo, `trash-${tag}`);
      await expectNoAxeViolations(page);
      expect(common).toBeTruthy();
    });

    test('the main gallery: reorder by drag and drop and from the keyboard, kept after a reload; featured by selection', async ({
      page,
      baseURL,
    }, testInfo) => {
      const base = baseURL as string;
      await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      await photosIn(page.request, base, MAIN_GALLERY_FOLDER, `main-${tag}`, 3);
      await page.goto(`/admin/gallery?lng=${lng}`);
      const order = async () => (await itemsOf(page.request, MAIN_GALLERY_FOLDER)).map((item) => item.id);
      const before = await order();
      await expect(tiles(page)).toHaveCount(before.length);
      const domOrder = () => tiles(page).evaluateAll((all) => all.map((tile) => tile.getAttribute('data-id')));

      // Drag the first tile onto the third (by its top, clear of the selection bar kept at the bottom).
      const first = before[0] as string;
      const target = page.locator(`[data-id="${before[2]}"]`);
      await target.scrollIntoViewIfNeeded();
      await page.locator(`[data-id="${first}"]`).dragTo(target, { targetPosition: { x: 30, y: 60 } });
      const dragged = [before[1], before[2], first, ...before.slice(3)];
      await expect.poll(order).toEqual(dragged);

      // From the keyboard: Move up on the dragged tile, twice; the focus stays on it and the change is announced.
      const moveUp = page.locator(`[data-id="${first}"] [data-move="up"]`);
      await moveUp.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('reorder-status')).not.toBeEmpty();
      await expect.poll(order).toEqual([before[1], first, before[2], ...before.slice(3)]);
      await expect(moveUp).toBeFocused();
      await page.keyboard.press('Enter');
      await expect.poll(order).toEqual(before);
      await expect(page.getByTestId('reorder-status')).toContainText('1');

      // Down twice from the keyboard, then a reload shows the saved order.
      const moveDown = page.locator(`[data-id="${first}"] [data-move="down"]`);
      await moveDown.focus();
      await page.keyboard.press('Enter');
      await expect.poll(order).toEqual([before[1], first, before[2], ...before.slice(3)]);
      await page.reload();
      await expect.poll(domOrder).toEqual([before[1], first, before[2], ...before.slice(3)]);
      await keepScreenshot(page, testInfo, `main-gallery-${tag}`);
      await expectNoAxeViolations(page);

      // Two images selected and set as featured: the home page's picks, shown checked by their thumbnails.
      await checkbox(page, 0).click();
      await checkbox(page, 1).click({ modifiers: ['Shift'] });
      await page.getByRole('button', { name: label('bulk.feature') }).click();
      await expect(page.getByTestId('notice')).toBeVisible();
      const picks = (await (await page.request.get('/api/admin/home-picks')).json()) as HomePicks;
      const shown = await domOrder();
      expect(picks.featuredIds).toEqual(shown.slice(0, 2));
      await page.locator('.home-picks summary').click();
      const featuredTiles = page.locator('[data-testid="pick-tile"]:has(input[type="checkbox"]:checked)');
      await expect(featuredTiles).toHaveCount(2);
      await expect(featuredTiles.first().locator('img')).toBeVisible();
      await keepScreenshot(page, testInfo, `home-picks-${tag}`);
      await expectNoAxeViolations(page);
    });
  });
}
