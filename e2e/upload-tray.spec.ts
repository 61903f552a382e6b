import type { Page, TestInfo } from '@playwright/test';
import type { AdminMedia } from '../shared/schemas/admin';
import {
  addClient,
  adminUpload,
  HE_AND_EN_ON_PHONE_AND_DESK,
  localeTexts,
  makeImages,
  makeLargeImage,
  PHONE,
  PHONE_HE_AND_DESK_EN,
  signIn,
} from './support/admin-helpers';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * Uploads that outlive the folder view: files chosen in a client's folder keep going while the photographer opens
 * another tab of the panel and then the public gallery; the tray shows files, bytes and the time left, then "done";
 * a file the server refused shows its reason and goes again with "Try again"; closing the page while files are still
 * going asks first. In Hebrew and in English, each on a phone and at the desk, on a server of its own.
 */
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'block' });
// Each journey signs the photographer in again: after the other suites on the shared server, that would pass the
// per-address sign-in limit.
test.use({ serverOwnedBy: 'upload-tray' });
test.setTimeout(180_000);

/**
 * The folder view's own code and answers have arrived. Throttling starts only after that: Chromium can leave a
 * request that is in flight when the network conditions change waiting for good (the panel then stays "Loading…").
 */
async function pageReady(page: Page) {
  await expect(page.getByTestId('upload-input')).toBeAttached();
}

/** Uploads at `bytesPerSecond` (300 KB/s unless told), so a few large photos take seconds and can be followed. */
async function slowUploads(page: Page, bytesPerSecond = 300 * 1024) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

for (const { lng, viewport } of HE_AND_EN_ON_PHONE_AND_DESK) {
  test.describe(`${lng} at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    const t = localeTexts(lng, 'admin');
    // Each combination's own clients and file names: the serial runs never meet each other's uploads.
    const tag = `${lng}-${viewport.width}`;

    test('uploads keep going across tabs and the public gallery; the tray shows progress, time left, then done', async ({
      page,
      baseURL,
    }, testInfo) => {
      const base = baseURL as string;
      await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const folder = await addClient(page.request, base, `tray-${tag}-${Date.now()}@example.com`, 'Tray Rider');
      const files = [];
      for (let i = 1; i <= 3; i++) files.push(await makeLargeImage(`tray-${tag}-${i}.jpg`, i * 7 + lng.length));
      await page.goto(`/admin/folders/${encodeURIComponent(folder)}?lng=${lng}`);
      await pageReady(page);
      await slowUploads(page);
      await page.getByTestId('upload-input').setInputFiles(files);

      const tray = page.getByTestId('upload-tray');
      await expect(tray).toHaveAttribute('data-state', 'running');
      await expect(page.getByTestId('upload-tray-left')).toBeVisible();
      await expect(page.getByTestId('upload-tray-figures')).not.toBeEmpty();
      await keepScreenshot(page, testInfo, `tray-running-${tag}`);
      await expectNoAxeViolations(page);

      // Another tab of the panel, by its link: the page stays, and so do the uploads. A phone reaches it from the
      // bottom bar; a desk from the tab strip, by the start of its name (the tab's badge of new sign-ups is read with it).
      if (viewport === PHONE) {
        await page.getByTestId('admin-bottom-bar').locator('[data-place="clients"]').click();
      } else {
        await page.getByRole('tab', { name: new RegExp(`^${t.tabs.clients}(\\s|$)`) }).click();
      }
      await expect(page).toHaveURL(/\/admin\/clients/);
      await expect(tray).toBeVisible();
      // The public gallery, through the router as a link would go (the phone's menu hides the links themselves).
      await page.evaluate(() => {
        window.history.pushState(null, '', '/gallery');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page).toHaveURL(/\/gallery/);
      await expect(tray).toBeVisible();
      await expect(page.getByTestId('upload-tray-status')).toHaveText(t.tray.done_other.replace('{{count}}', '3'), {
        timeout: 120_000,
      });
      await expect(tray).toHaveAttribute('data-state', 'done');
      await keepScreenshot(page, testInfo, `tray-done-${tag}`);
      await expectNoAxeViolations(page);

      const stored = async () =>
        (
          (await (await page.request.get(`/api/admin/folders/${encodeURIComponent(folder)}/media`)).json()) as {
            items: AdminMedia[];
          }
        ).items.map((item) => item.name);
      expect((await stored()).sort()).toEqual(files.map((file) => file.name).sort());

      // The tray opens the folder the files went to, and closes once the list is cleared.
      await tray.getByRole('button', { name: t.tray.show }).click();
      await tray.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/admin/folders/${encodeURIComponent(folder)}`));
      await expect(page.getByTestId('admin-media')).toHaveCount(3);
      await tray.getByRole('button', { name: t.tray.close }).click();
      await expect(tray).toHaveCount(0);
    });

    test('a refused file shows its reason in the tray and goes again with "Try again"', async ({ page, baseURL }) => {
      const base = baseURL as string;
      await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const folder = await addClient(page.request, base, `retry-${tag}-${Date.now()}@example.com`, 'Retry Rider');
      await page.goto(`/admin/folders/${encodeURIComponent(folder)}?lng=${lng}`);
      let refused = false;
      await page.route('**/api/uploads', async (route) => {
        if (route.request().method() === 'POST' && !refused) {
          refused = true;
          await route.fulfill({
            status: 415,
            json: { error: { code: 'unsupported-media-type', message: 'no', details: { reason: 'unsupported-type' } } },
          });
          return;
        }
        await route.continue();
      });
      const file = await makeLargeImage(`retry-${tag}.jpg`, 99);
      await page.getByTestId('upload-input').setInputFiles(file);
      const failed = page.getByTestId('upload-tray-failed');
      await expect(failed.getByRole('alert')).toHaveText(t.upload.errors.unsupported);
      await expect(page.getByTestId('upload-tray')).toHaveAttribute('data-state', 'failed');
      await failed.getByRole('button', { name: t.upload.retry }).click();
      await expect(page.getByTestId('upload-tray')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
      await expect(failed).toHaveCount(0);
    });

    test('closing the page while files are still going asks first', async ({ page, baseURL }) => {
      const base = baseURL as string;
      await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const folder = await addClient(page.request, base, `leave-${tag}-${Date.now()}@example.com`, 'Leaving Rider');
      await page.goto(`/admin/folders/${encodeURIComponent(folder)}?lng=${lng}`);
      await pageReady(page);
      // Slow enough that the file is still going when the page is closed.
      await slowUploads(page, 20 * 1024);
      await page.getByTestId('upload-input').setInputFiles(await makeLargeImage(`leave-${tag}.jpg`, 5));
      const tray = page.getByTestId('upload-tray');
      // The browser asks only on a page the person has used: a click on the tray is that use.
      await tray.getByRole('button', { name: t.tray.show }).click();
      await expect(tray).toHaveAttribute('data-state', 'running');
      const asked = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.dismiss();
      expect(page.isClosed()).toBe(false);
    });
  });
}

/**
 * The selection bar and the tray share one bottom sheet: with files going and a photo selected, both are sections of
 * the one sheet, the selection on top, neither over the other, the sheet above the bottom of the screen and the end
 * of the page scrollable out from under it. A photo's own "Actions" menu deletes it. On a phone in Hebrew and at the
 * desk in English.
 */
for (const { lng, viewport } of PHONE_HE_AND_DESK_EN) {
  test.describe(`the sheet, ${lng} at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    const t = localeTexts(lng, 'admin');

    test('during an upload with a selection open, the tray and the selection bar are one sheet; a menu deletes a photo', async ({
      page,
      baseURL,
    }) => {
      const base = baseURL as string;
      const tag = `sheet-${lng}-${viewport.width}`;
      await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const folder = await addClient(page.request, base, `${tag}-${Date.now()}@example.com`, 'Sheet Rider');
      const photos = await makeImages(2, tag);
      for (const photo of photos) await adminUpload(page.request, base, folder, photo.name, photo.buffer);
      await page.goto(`/admin/folders/${encodeURIComponent(folder)}?lng=${lng}`);
      await expect(page.getByTestId('admin-media')).toHaveCount(2);
      await pageReady(page);
      await slowUploads(page, 20 * 1024);
      await page.getByTestId('upload-input').setInputFiles(await makeLargeImage(`${tag}.jpg`, 11));
      await page.getByTestId('select-media').first().check();

      const sheet = page.getByTestId('bottom-sheet');
      await expect(sheet).toHaveCount(1);
      const bar = sheet.getByTestId('bulk-bar');
      const tray = sheet.getByTestId('upload-tray');
      await expect(tray).toHaveAttribute('data-state', 'running');
      await expect(bar).toBeVisible();
      const [sheetBox, barBox, trayBox] = await Promise.all([sheet, bar, tray].map((part) => part.boundingBox()));
      if (!sheetBox || !barBox || !trayBox) throw new Error('the sheet is not laid out');
      expect(barBox.y + barBox.height).toBeLessThanOrEqual(trayBox.y + 0.5);
      expect(barBox.y).toBeGreaterThanOrEqual(sheetBox.y - 0.5);
      expect(trayBox.y + trayBox.height).toBeLessThanOrEqual(sheetBox.y + sheetBox.height + 0.5);
      expect(sheetBox.y + sheetBox.height).toBeLessThanOrEqual(viewport.height + 0.5);
      // Scrolled to its end, the page ends above the sheet: nothing stays hidden under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footerEnd = async () => {
        const box = await page.locator('footer.site-footer').boundingBox();
        return box ? box.y + box.height : Number.POSITIVE_INFINITY;
      };
      await expect.poll(footerEnd).toBeLessThanOrEqual(sheetBox.y + 1);

      // One photo's own menu deletes it, after the app's question.
      const doomed = page.locator(`[data-testid="admin-media"][data-name="${photos[1]?.name}"]`);
      await doomed.getByRole('button', { name: new RegExp(`^${t.photoMenu.open} `) }).click();
      await doomed.getByRole('menuitem', { name: t.photoMenu.delete }).click();
      await page
        .getByRole('dialog', { name: t.folder.confirmDelete })
        .getByRole('button', { name: t.folder.delete, exact: true })
        .click();
      await expect(doomed).toHaveCount(0);
      await expect(page.locator(`[data-testid="admin-media"][data-name="${photos[0]?.name}"]`)).toHaveCount(1);
    });
  });
}
