import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addClient, makeImages, signIn } from './support/admin-helpers';
import { expectNoAxeViolations } from './support/axe';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * The admin panel as the photographer uses it at the showground (a 390×844 phone) and at the desk (1366×768), in
 * Hebrew and English: no sideways scrolling on any tab, clients as cards, every place at an address of its own
 * (Back and reload keep it), the app's own dialogs and notices instead of the browser's, and the "photos ready"
 * e-mail with its last sending shown and a repeat that asks first.
 */
test.describe.configure({ mode: 'serial' });

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;
const LANGUAGES = ['he', 'en'] as const;

const stamp = Date.now();
const client = { email: `phone-rider-${stamp}@example.com`, name: 'נועה לוי Levi' };
const emptyClient = { email: `phone-empty-${stamp}@example.com`, name: 'Empty Gallery Rider' };
let folder = '';
let emptyFolder = '';

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
  await context.close();
});

for (const viewport of VIEWPORTS) {
  for (const language of LANGUAGES) {
    test(`every tab fits a ${viewport.width}×${viewport.height} screen in ${language}, with no axe violations`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      forbidBrowserDialogs(page);
      await page.goto(`/admin?lng=${language}`);
      // /admin lands on the first tab, under that tab's own address.
      await expect(page).toHaveURL(/\/admin\/folders$/);
      const tabs = page.getByRole('tab');
      const addresses = await tabs.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(addresses.length).toBeGreaterThanOrEqual(8);

      for (const address of [...addresses, `/admin/folders/${encodeURIComponent(folder)}`]) {
        await page.goto(address);
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expect(page.getByText(/^(Loading…|טוען…)$/)).toHaveCount(0);
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
    });
  }
}

test('a client folder has its own address: Back returns to the clients, a reload keeps the folder', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page.goto('/admin/clients?lng=en');
  await expect(page.getByRole('tab', { name: /^Clients(\s|$)/ })).toHaveAttribute('aria-selected', 'true');
  const card = page.locator(`[data-testid="admin-client"][data-email="${client.email}"]`);
  await card.getByRole('link', { name: 'Open gallery' }).click();
  await expect(page).toHaveURL(`/admin/folders/${encodeURIComponent(folder)}`);
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
  await expect(page.getByTestId('admin-media')).toHaveCount(3);

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/clients(\?|$)/);
  await expect(page.getByRole('tab', { name: /^Clients(\s|$)/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: /^Clients(\s|$)/ })).toHaveAttribute('aria-selected', 'true');
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
  await expect(control.getByText('New items to announce: 3')).toBeVisible();
  await control.getByLabel('Email language').selectOption('en');
  await control.getByRole('button', { name: 'Email the client: photos ready' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail sent to' })).toHaveText(
    `E-mail sent to ${client.email} · items: 3`,
  );
  await expect(control.getByText(/^Last sent .+ · items: 3$/)).toBeVisible();

  // Nothing new since: sending again asks first; Cancel sends nothing, confirming sends the same batch.
  const again = control.getByRole('button', { name: 'Send the e-mail again' });
  await again.click();
  const dialog = page.getByRole('dialog', { name: 'Send the e-mail again?' });
  await expect(dialog).toContainText('items: 3');
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
