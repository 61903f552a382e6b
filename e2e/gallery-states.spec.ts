import type { Page, Route } from '@playwright/test';
import { signUpVerifiedClient } from './support/clients';
import { fakeGallery, routeFakeGallery, serveGalleryAsShell } from './support/fake-gallery';
import { expect, test } from './support/own-server';

/**
 * Every state the galleries name (spec §2): in /gallery the empty text per filter, loading, and an error with a way
 * to try again; in /me checking the login, loading and not signed in; and a filter change from page 3 back to page 1.
 * Runs on a server of its own with no demo content, so the galleries really are empty; answers are held or failed
 * by the browser's router. No service worker, so every request reaches the router.
 */
test.use({ serviceWorkers: 'block' });
// The journeys on the shared server put photos in its main gallery, and these need it empty.
test.use({ serverOwnedBy: 'gallery-states' });

const grid = (page: Page) => page.getByRole('list', { name: 'Gallery' });

/** A route handler that holds requests until `release()`, then lets them through (or answers with `answer`). */
function holdRequests(answer?: (route: Route) => Promise<void>) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let count = 0;
  return {
    release: () => release(),
    count: () => count,
    handler: async (route: Route) => {
      count++;
      await held;
      await (answer ? answer(route) : route.continue());
    },
  };
}

const failure = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'internal-error', message: 'Something went wrong on our side.' } }),
  });

test.describe('/gallery', () => {
  test('says what is missing for each filter when the gallery is empty', async ({ page }) => {
    await page.goto('/gallery?lng=en');
    await expect(page.getByText('There is nothing in the gallery yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Images', exact: true }).click();
    await expect(page.getByText('There are no photos here yet.')).toBeVisible();
    await expect(page.getByText('There is nothing in the gallery yet.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Videos', exact: true }).click();
    await expect(page.getByText('There are no videos here yet.')).toBeVisible();
    await expect(grid(page)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Gallery pages' })).toHaveCount(0);
  });

  test('shows the loading text until the first page arrives', async ({ page }) => {
    const hold = holdRequests();
    await serveGalleryAsShell(page);
    await page.route((url) => url.pathname === '/api/gallery', hold.handler);
    await page.goto('/gallery?lng=en');
    await expect(page.getByRole('status').filter({ hasText: 'Loading the gallery…' })).toBeVisible();
    await expect(page.getByText('There is nothing in the gallery yet.')).toHaveCount(0);
    hold.release();
    await expect(page.getByText('There is nothing in the gallery yet.')).toBeVisible();
    await expect(page.getByText('Loading the gallery…')).toHaveCount(0);
  });

  test('shows the error text with a way to try again, which loads the gallery', async ({ page }) => {
    await serveGalleryAsShell(page);
    await page.route((url) => url.pathname === '/api/gallery', failure);
    await page.goto('/gallery?lng=en');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Loading the gallery failed.');
    await expect(alert).toContainText('The photos and videos could not be loaded. Please try again.');
    await expect(page.getByText('There is nothing in the gallery yet.')).toHaveCount(0);

    await page.unroute((url) => url.pathname === '/api/gallery');
    const items = fakeGallery(8);
    await routeFakeGallery(page, items);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(grid(page).getByRole('listitem')).toHaveCount(6);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('changing the filter on page 3 returns to page 1', async ({ page }) => {
    const { pagesAsked } = await routeFakeGallery(page, fakeGallery(20, [1, 8, 14]));
    await page.goto('/gallery?lng=en&page=3');
    const pages = page.getByRole('navigation', { name: 'Gallery pages' });
    await expect(pages.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await expect(grid(page).locator('[data-media-id]').first()).toHaveAttribute('data-media-id', 'p03i0');

    await page.getByRole('button', { name: 'Images', exact: true }).click();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(grid(page).locator('[data-media-id]').first()).toHaveAttribute('data-media-id', 'p01i0');
    // The first page of the new filter asked for is page 1 (later ones are the prefetch and warming ahead of it).
    expect(pagesAsked.find((asked) => asked.startsWith('images:'))).toBe('images:1');
  });
});

test.describe('/me', () => {
  test('says "checking your login" until the session is known, then "not connected" with a login link', async ({
    page,
  }) => {
    const hold = holdRequests();
    await page.route((url) => url.pathname === '/api/session', hold.handler);
    await page.goto('/me?lng=en');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your login…' })).toBeVisible();
    await expect(page.getByText('You are not connected.', { exact: false })).toHaveCount(0);
    hold.release();
    await expect(page.getByText('You are not connected.', { exact: false })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(page.getByText('Checking your login…')).toHaveCount(0);
  });

  test('says "loading your gallery" until a signed-in client\'s gallery arrives', async ({
    page,
    baseURL,
    dataDir,
  }) => {
    await signUpVerifiedClient(page.request, dataDir, { baseURL: baseURL as string, prefix: 'states' });
    const hold = holdRequests();
    await page.route((url) => url.pathname === '/api/me/gallery', hold.handler);
    await page.goto('/me?lng=en');
    await expect(page.getByRole('status').filter({ hasText: 'Loading your gallery…' })).toBeVisible();
    await expect(page.getByText('Nothing here yet.', { exact: false })).toHaveCount(0);
    hold.release();
    await expect(page.getByText('Nothing here yet.', { exact: false })).toBeVisible();
    await expect(page.getByText('Loading your gallery…')).toHaveCount(0);
    expect(hold.count()).toBeGreaterThan(0);
  });
});
