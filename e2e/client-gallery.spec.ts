import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import type { MediaView } from '../shared/schemas/media';
import type { SessionUser } from '../shared/schemas/session';
import { clientWithPhoto, signIn } from './support/admin-helpers';
import { WCAG_TAGS } from './support/axe';
import { signUpVerifiedClient } from './support/clients';
import {
  FAKE_MEDIA_PREFIX,
  fakeItem,
  fakeJpeg,
  routeClientGallery,
  routeDeliveredClient,
} from './support/fake-gallery';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * A client's gallery on /me: the dense grid with day headings and the item count for a big gallery, the layout
 * choice remembered, Download all handed to the browser's own download under the site's, the client's and the day's
 * name (and disabled while the gallery is empty, which explains what happens next), and the landing after sign-in.
 * Checked at a phone's and a laptop's size, in Hebrew and English, with axe on each new view.
 */
test.use({ serviceWorkers: 'block' });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const PASSWORD = 'riding at dawn';

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(axe.violations).toEqual([]);
}

/** Today on this machine's clock, as the server names the archive (both run here). */
function today(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

const texts = {
  en: { count: '60 photos and videos', grid: 'Grid', large: 'Large', day1: 'November 22, 2026', gallery: 'Gallery' },
  he: { count: '60 פריטים', grid: 'רשת', large: 'גדול', day1: '22 בנובמבר 2026', gallery: 'גלריה' },
} as const;

/** 60 made-up items: 40 added on 22 November, 20 on 24 November (local time), answered in pages of `per`. */
const BIG: MediaView[] = Array.from({ length: 60 }, (_, n) => ({
  ...fakeItem(Math.floor(n / 6) + 1, n % 6),
  addedAt: new Date(2026, 10, n < 40 ? 22 : 24, 10, n).toISOString(),
}));

/** Signs a made-up client in with the 60 items (the browser's router answers the session and the gallery). */
async function openBigGallery(page: Page, query: string): Promise<string[]> {
  const client: SessionUser = {
    id: 'e2e-big-gallery',
    email: 'dana.levi@example.com',
    name: 'Dana Levi',
    isAdmin: false,
    emailVerified: true,
    folder: 'dana_levi@example_com',
  };
  await routeDeliveredClient(page, client);
  const asked = await routeClientGallery(page, BIG);
  await page.route(`**${FAKE_MEDIA_PREFIX}**`, async (route) =>
    route.fulfill({ body: await fakeJpeg(), contentType: 'image/jpeg' }),
  );
  await page.goto(`/me${query}`);
  return asked;
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  test.describe(`a big client gallery on a ${name}`, () => {
    test.use({ viewport });

    for (const lng of ['en', 'he'] as const) {
      test(`opens as a dense grid with the count and day headings, and remembers the layout (${lng})`, async ({
        page,
      }, testInfo) => {
        const t = texts[lng];
        await openBigGallery(page, `?lng=${lng}`);
        const dense = page.getByTestId('dense-grid');
        await expect(dense.getByRole('button')).toHaveCount(48);
        await expect(page.getByTestId('gallery-count')).toHaveText(t.count);
        const headings = dense.getByRole('heading', { level: 2 });
        await expect(headings).toHaveCount(2);
        await expect(headings.first()).toHaveText(t.day1);
        await expect(page.getByRole('list', { name: t.day1 }).getByRole('listitem')).toHaveCount(40);
        await expect(page.getByRole('button', { name: t.grid })).toHaveAttribute('aria-pressed', 'true');
        await expectNoAxeViolations(page);
        await keepScreenshot(page, testInfo, `dense-grid-${lng}-${name}`);

        // Page 2 of the grid holds items 49–60; the large view keeps the first of them in view (page 9 of six).
        await page.getByRole('button', { name: lng === 'en' ? 'Page 2' : 'עמוד 2', exact: true }).click();
        await expect(dense.getByRole('button')).toHaveCount(12);
        await expect(page).toHaveURL(/[?&]page=2(&|$)/);
        await page.getByRole('button', { name: t.large }).click();
        await expect(page).toHaveURL(/[?&]page=9(&|$)/);
        await expect(page.getByTestId('dense-grid')).toHaveCount(0);
        const collage = page.getByRole('list', { name: t.gallery });
        await expect(collage.getByRole('listitem')).toHaveCount(6);
        await expect(collage.locator('[data-media-id]').first()).toHaveAttribute('data-media-id', BIG[48]?.id ?? '');

        // The choice outlives a reload.
        await page.reload();
        await expect(page.getByRole('button', { name: t.large })).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByRole('list', { name: t.gallery }).getByRole('listitem')).toHaveCount(6);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, testInfo, `large-view-${lng}-${name}`);
      });
    }
  });
}

test.describe('a real client and their photos', () => {
  test('signs in, lands on /me, and Download all is a browser download named after the site, client and day', async ({
    page,
    playwright,
    baseURL,
    dataDir,
  }, testInfo) => {
    test.setTimeout(180_000);
    const base = baseURL as string;
    const { photo } = await clientWithPhoto(page, () => playwright.request.newContext({ baseURL: base }), {
      baseURL: base,
      dataDir,
      prefix: 'landing',
      adminEmail: E2E_ADMIN_EMAIL,
      adminPassword: E2E_ADMIN_PASSWORD,
    });
    const user = (await (await page.request.get('/api/session')).json()) as SessionUser;
    await page.context().clearCookies();

    await page.goto('/login?lng=en');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByTestId('gallery-count')).toHaveText('1 photo or video');

    // Download all, at full size: the originals.
    const fullSize = page.getByRole('group', { name: /^Download all/ }).getByRole('link', { name: 'Full size' });
    await expect(fullSize).toBeVisible();
    const started = page.waitForEvent('download');
    await fullSize.click();
    const download = await started;
    // The browser's own download of the archive URL: nothing went through a blob of the page.
    expect(download.url()).toBe(`${base}/api/me/gallery/archive?size=full`);
    const local = user.email.split('@')[0]?.replace(/[^\p{L}\p{N}]+/gu, '-');
    expect(download.suggestedFilename()).toBe(`Horses-Dance-Photography_${local}_${today()}.zip`);
    const zip = testInfo.outputPath('all.zip');
    await download.saveAs(zip);
    expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n')).toEqual([photo.name]);
    await expect(page.getByRole('status').filter({ hasText: 'Your download has started' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'download-all-started-en-laptop');
  });

  test('the photographer lands on the admin panel, and an explicit ?next= wins', async ({ page }) => {
    await page.goto('/login?lng=en');
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The panel's address opens on its first tab, Today.
    await expect(page).toHaveURL(/\/admin\/today$/);
    await page.context().clearCookies();
    await page.goto('/login?lng=en&next=/gallery');
    await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
  });
});

for (const [name, viewport] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  test.describe(`an empty client gallery on a ${name}`, () => {
    test.use({ viewport });

    test('says what happens next, with the contact details, and Download all is disabled (he, en)', async ({
      page,
      playwright,
      baseURL,
      dataDir,
    }, testInfo) => {
      const base = baseURL as string;
      const admin = await playwright.request.newContext({ baseURL: base });
      await signIn(admin, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const saved = await admin.put('/api/admin/contact-details', {
        data: { phone: '050-123 4567', whatsapp: '', email: 'studio@example.com', instagram: '', facebook: '' },
        headers: { origin: base },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      await admin.dispose();
      await signUpVerifiedClient(page.request, dataDir, { baseURL: base, prefix: `empty-${name}` });
      const archive = await page.request.get('/api/me/gallery/archive');
      expect(archive.status()).toBe(409);

      for (const lng of ['en', 'he'] as const) {
        // The language cookie outranks ?lng=, so the second language is set where the first one was kept.
        await page.context().addCookies([{ name: 'lng', value: lng, url: base }]);
        await page.goto(`/me?lng=${lng}`);
        const empty = page.getByTestId('empty-gallery');
        await expect(empty).toBeVisible();
        await expect(empty.getByRole('link', { name: /050-123 4567/ })).toHaveAttribute('href', /^tel:/);
        const downloadAll = empty.getByRole('button', { name: lng === 'en' ? 'Download all' : 'להוריד הכול' });
        await expect(downloadAll).toBeDisabled();
        await expect(downloadAll).toHaveAccessibleDescription(
          lng === 'en' ? 'Nothing to download yet.' : 'עדיין אין מה להוריד.',
        );
        if (lng === 'en') {
          await expect(empty).toContainText('After the event, the photographer selects and edits your photos');
        } else {
          await expect(empty).toContainText('אחרי האירוע התמונות נבחרות');
        }
        await expectNoAxeViolations(page);
        await keepScreenshot(page, testInfo, `empty-gallery-${lng}-${name}`);
      }
    });
  });
}
