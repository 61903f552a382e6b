import type { Page } from '@playwright/test';
import type { TrashList } from '../shared/schemas/admin-bulk';
import type { ClientList } from '../shared/schemas/clients';
import type { TodayCounts } from '../shared/schemas/today';
import { expect, test } from './fixtures';
import { addClient, clientWithPhoto, makeImages, signIn } from './support/admin-helpers';
import { expectNoAxeViolations } from './support/axe';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * The admin panel as the photographer uses it at the showground (a 390×844 phone) and at the desk (1366×768), in
 * Hebrew and English: the phone's bottom bar and the desk's tabs, no sideways scrolling on any tab with
 * 100-character names, clients as cards, every place at an address of its own (Back and reload keep it), Today's
 * counts and the installable manifest, the app's own dialogs and notices instead of the browser's, and the "photos
 * ready" e-mail with its last sending shown and a repeat that asks first.
 */
test.describe.configure({ mode: 'serial' });

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;
const LANGUAGES = ['he', 'en'] as const;

const stamp = Date.now();
/** A name of exactly 100 characters (the longest the site takes), Hebrew and Latin mixed. */
const longName = (start: string) =>
  `${start} נועה-אביגיל לוי-בן-דוד Noa-Abigail Levi-Ben-David `.repeat(4).slice(0, 100);
const longEmail = (prefix: string) => `${prefix}-${stamp}-${'riding-at-the-showground-'.repeat(2)}x@example.com`;
const client = { email: longEmail('phone-rider'), name: longName('רוכבת') };
const emptyClient = { email: longEmail('phone-empty'), name: longName('Empty') };
const leavingClient = { email: longEmail('phone-leaving'), name: longName('Leaving') };
let folder = '';
let emptyFolder = '';
let unownedFolder = '';

/** The page scrolls only up and down: nothing is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    window: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.window);
}

/** Fails the test if the page ever opens the browser's own alert, confirm or prompt. */
function forbidBrowserDialogs(page: Page) {
  page.on('dialog', (dialog) => {
    void dialog.dismiss();
    throw new Error(`the page opened the browser's ${dialog.type()} "${dialog.message()}"`);
  });
}

test.beforeAll(async ({ browser, baseURL }) => {
  const base = baseURL as string;
  const context = await browser.newContext({ baseURL: base });
  await signIn(context.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  folder = await addClient(context.request, base, client.email, client.name);
  emptyFolder = await addClient(context.request, base, emptyClient.email, emptyClient.name);
  // Three photos in the client's folder, through the panel's own uploader.
  const page = await context.newPage();
  await page.goto(`/admin/folders/${encodeURIComponent(folder)}?lng=en`);
  await page.getByTestId('upload-input').setInputFiles(await makeImages(3, 'showground'));
  await expect(page.locator('[data-testid="admin-media"][data-status="ready"]')).toHaveCount(3, { timeout: 120_000 });
  unownedFolder = await leaveFolderWithoutOwner(page, base);
  await context.close();
});

/**
 * A folder left without an owner: its client removed, its one photo taken back out of the bin. The Clients tab then
 * offers to hand it to a client through a list of every client's name and address, which once widened the tab.
 */
async function leaveFolderWithoutOwner(page: Page, base: string): Promise<string> {
  const leaving = await addClient(page.request, base, leavingClient.email, leavingClient.name);
  await page.goto(`/admin/folders/${encodeURIComponent(leaving)}?lng=en`);
  await page.getByTestId('upload-input').setInputFiles(await makeImages(1, 'left-behind'));
  await expect(page.locator('[data-testid="admin-media"][data-status="ready"]')).toHaveCount(1, { timeout: 120_000 });
  const clients = (await (await page.request.get('/api/admin/clients')).json()) as ClientList;
  const id = clients.items.find((item) => item.email === leavingClient.email)?.id;
  // State-changing requests carry the site's origin, as the browser's own do.
  const sameSite = { headers: { origin: base } };
  expect((await page.request.delete(`/api/admin/clients/${id}`, sameSite)).status()).toBe(200);
  const trash = (await (await page.request.get('/api/admin/trash')).json()) as TrashList;
  const photo = trash.items.find((item) => item.folder === leaving);
  expect((await page.request.post(`/api/admin/trash/${photo?.id}/restore`, sameSite)).status()).toBe(200);
  return leaving;
}

/** The addresses a photographer can reach from where they are: the phone's bar and More list, or the desk's tabs. */
async function reachableAddresses(page: Page, isPhone: boolean): Promise<string[]> {
  const hrefs = (links: ReturnType<Page['getByRole']>) =>
    links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  if (!isPhone) return hrefs(page.getByRole('tab'));
  await page.goto('/admin/more');
  // Read the links only once the panel has drawn them (the admin's texts load first).
  await expect(page.getByTestId('bottom-bar-link')).toHaveCount(5);
  await expect(page.getByTestId('more-row').first()).toBeVisible();
  return [...(await hrefs(page.getByTestId('bottom-bar-link'))), ...(await hrefs(page.getByTestId('more-row')))];
}

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test(`every tab fits a ${viewport.width}×${viewport.height} screen in ${language}, with no axe violations`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const isPhone = viewport.name === 'phone';
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      forbidBrowserDialogs(page);
      await page.goto(`/admin?lng=${language}`);
      // /admin lands on the first tab, Today, under its own address.
      await expect(page).toHaveURL(/\/admin\/today$/);
      // A phone has the bottom bar of five and no tab strip; a desk the other way round.
      const bar = page.getByTestId('admin-bottom-bar');
      if (isPhone) {
        await expect(bar).toBeVisible();
        await expect(bar.getByRole('link')).toHaveCount(5);
        await expect(page.getByRole('tab')).toHaveCount(0);
      } else {
        await expect(bar).toBeHidden();
        await expect(page.getByRole('tab').first()).toBeVisible();
      }
      const addresses = await reachableAddresses(page, isPhone);
      expect(addresses.length).toBeGreaterThanOrEqual(isPhone ? 14 : 13);

      for (const address of [...addresses, `/admin/folders/${encodeURIComponent(folder)}`]) {
        await page.goto(address);
        await expect(page.locator('#admin-tabpanel, [aria-labelledby="admin-more-title"]')).toBeVisible();
        await expect(page.getByText(/^(Loading…|טוען…)$/)).toHaveCount(0);
        if (isPhone) {
          // The open place is marked in the bar (More stands for the tabs listed under it).
          await expect(bar.locator('[aria-current]')).toHaveCount(1);
        }
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
      }

      // Clients as cards: each one inside the screen, its actions at least 44 px tall.
      await page.goto('/admin/clients');
      const card = page.locator(`[data-testid="admin-client"][data-email="${client.email}"]`);
      const box = await card.boundingBox();
      expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(viewport.width);
      for (const action of await card.getByRole('button').all()) {
        expect((await action.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
      await expect(card.getByRole('link', { name: language === 'en' ? 'Open gallery' : 'פתיחת הגלריה' })).toBeVisible();
      // The folder without an owner, with its list of clients (each a 100-character name and address), fits too.
      const handOver = page.getByTestId('unowned-folder').filter({ hasText: unownedFolder }).getByRole('combobox');
      await expect(handOver).toBeVisible();
      await expect(handOver.getByRole('option', { name: client.email })).toHaveCount(1);
      expect((await handOver.boundingBox())?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(viewport.width);
      await expectNoSidewaysScroll(page);
      if (isPhone) {
        // Through the bar itself: each destination is a thumb-sized link that marks itself open.
        for (const link of await bar.getByRole('link').all()) {
          expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
          await link.click();
          await expect(link).toHaveAttribute('aria-current', 'page');
        }
      }
    });
  }
}

test('a new order shows on Today and on the bar’s Today badge; the admin can be installed', async ({
  page,
  browser,
  playwright,
  baseURL,
  dataDir,
}) => {
  test.setTimeout(180_000);
  const base = baseURL as string;
  // A client places an order through the API: a photo in a proofing gallery, picked and sent.
  const clientPage = await (await browser.newContext({ baseURL: base })).newPage();
  const { item } = await clientWithPhoto(clientPage, () => playwright.request.newContext({ baseURL: base }), {
    baseURL: base,
    dataDir,
    prefix: `today-${stamp}`,
    adminEmail: E2E_ADMIN_EMAIL,
    adminPassword: E2E_ADMIN_PASSWORD,
  });
  await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  const session = await (await clientPage.request.get('/api/session')).json();
  const headers = { origin: base };
  const folderUrl = `/api/admin/folders/${encodeURIComponent(session.folder)}`;
  expect((await page.request.patch(folderUrl, { data: { mode: 'proofing' }, headers })).status()).toBe(200);
  expect((await clientPage.request.put(`/api/me/picks/${item.id}`, { headers })).status()).toBe(200);
  expect((await clientPage.request.post('/api/me/orders', { data: { note: '' }, headers })).status()).toBe(201);
  const counts = (await (await page.request.get('/api/admin/today')).json()) as TodayCounts;
  expect(counts.newOrders).toBeGreaterThanOrEqual(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin?lng=he');
  const row = page.locator('[data-testid="today-row"][data-kind="newOrders"]');
  await expect(row).toHaveAttribute('data-count', String(counts.newOrders));
  await expect(row.locator('.admin-tab__badge')).toHaveText(String(counts.newOrders));
  await expect(row).toHaveAttribute('href', '/admin/orders');
  const total = Number(
    await page
      .locator('[data-testid="today-row"]')
      .evaluateAll((rows) => rows.reduce((sum, one) => sum + Number(one.getAttribute('data-count')), 0)),
  );
  const barBadge = page.getByTestId('admin-bottom-bar').getByTestId('today-badge');
  await expect(barBadge.locator('[aria-hidden="true"]')).toHaveText(String(total));
  await expectNoAxeViolations(page);

  // Installable: the page names its manifest, in the panel's language, which opens standalone on Today, with icons
  // that load.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestAnswer = await page.request.get(manifestHref ?? '');
  expect(manifestAnswer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestAnswer.json()) as {
    display: string;
    start_url: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    display: 'standalone',
    start_url: '/admin/today',
    scope: '/admin/',
    lang: 'he',
    name: 'ניהול הגלריה',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const src of [...manifest.icons.map((icon) => icon.src), '/apple-touch-icon.png']) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
  }
  await clientPage.context().close();
});

test('a client folder has its own address: Back returns to the clients, a reload keeps the folder', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page.goto('/admin/clients?lng=en');
  const bar = page.getByTestId('admin-bottom-bar');
  const clients = bar.getByRole('link', { name: /^Clients(\s|$)/ });
  await expect(clients).toHaveAttribute('aria-current', 'page');
  const card = page.locator(`[data-testid="admin-client"][data-email="${client.email}"]`);
  await card.getByRole('link', { name: 'Open gallery' }).click();
  await expect(page).toHaveURL(`/admin/folders/${encodeURIComponent(folder)}`);
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
  await expect(page.getByTestId('admin-media')).toHaveCount(3);

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/clients(\?|$)/);
  await expect(clients).toHaveAttribute('aria-current', 'page');
  // A tab under More: two taps, and More stays marked while it is open.
  await bar.getByRole('link', { name: 'More' }).click();
  await expect(page).toHaveURL(/\/admin\/more$/);
  await page.locator('[data-testid="more-row"][data-tab="trash"]').click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await expect(bar.getByRole('link', { name: 'More' })).toHaveAttribute('aria-current', 'true');
  await page.goBack();
  await page.goBack();
  await expect(clients).toHaveAttribute('aria-current', 'page');
});

test('questions come in the app’s own dialog, and a failed action is a notice that cannot be missed', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  forbidBrowserDialogs(page);
  await page.goto('/admin/clients?lng=en');
  const card = page.locator(`[data-testid="admin-client"][data-email="${emptyClient.email}"]`);

  // Cancel keeps the client; focus starts on Cancel, so a stray Enter removes nothing.
  await card.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  // The server fails the removal: the failure shows as a notice in sight, announced as an alert.
  await page.route(
    (url) => url.pathname.startsWith('/api/admin/clients/'),
    (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { error: { code: 'internal-error', message: 'boom' } } })
        : route.fallback(),
  );
  await card.getByRole('button', { name: 'Remove' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  const notice = card.getByTestId('notice');
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport();
  await expect(notice.getByRole('alert')).not.toBeEmpty();
  await expect(card).toBeVisible();
});

test('"photos ready": disabled for an empty gallery, sent once, the last sending shown, a repeat asks first', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  forbidBrowserDialogs(page);

  await page.goto(`/admin/folders/${encodeURIComponent(emptyFolder)}?lng=en`);
  const emptyControl = page.getByTestId('photos-ready');
  await expect(emptyControl.getByText('Nothing to announce yet: the gallery is empty.')).toBeVisible();
  await expect(emptyControl.getByRole('button', { name: 'Email the client: photos ready' })).toBeDisabled();

  await page.goto(`/admin/folders/${encodeURIComponent(folder)}`);
  const control = page.getByTestId('photos-ready');
  await expect(control.getByText('Not sent yet.')).toBeVisible();
  await expect(control.getByText('3 new items to announce')).toBeVisible();
  await control.getByLabel('Email language').selectOption('en');
  await control.getByRole('button', { name: 'Email the client: photos ready' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail sent to' })).toHaveText(
    `E-mail sent to ${client.email} · 3 items`,
  );
  await expect(control.getByText(/^Last sent .+ · 3 items$/)).toBeVisible();

  // Nothing new since: sending again asks first; Cancel sends nothing, confirming sends the same batch.
  const again = control.getByRole('button', { name: 'Send the e-mail again' });
  await again.click();
  const dialog = page.getByRole('dialog', { name: 'Send the e-mail again?' });
  await expect(dialog).toContainText('3 items');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await again.click();
  await dialog.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail sent to' })).toBeVisible();

  // A failed sending is a notice too.
  await page.route(
    (url) => url.pathname.endsWith('/notify'),
    (route) => route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'down' } } }),
  );
  await again.click();
  await dialog.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email could not be sent.');
  await expect(page.getByRole('alert')).toBeInViewport();
});
