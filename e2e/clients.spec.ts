import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { GalleryPage } from '../shared/schemas/gallery';
import { makeImages, signIn, uploadTask } from './support/admin-helpers';
import { WCAG_TAGS } from './support/axe';
import { newestLinkInOutbox, signUpClient } from './support/clients';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * Clients the photographer owns: the invitation journey, and sign-up with a proven address. These tests sign up and
 * use e-mailed links, which the server limits per address, so they run on a server of their own and leave the
 * shared server's limits to the other suites.
 */
test.describe.configure({ mode: 'serial' });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations).toEqual([]);
}

test('the photographer adds a client, uploads a photo and invites them; the client sets a password and sees it', async ({
  browser,
  page,
  baseURL,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  const client = { email: `invited-${Date.now()}@example.com`, name: 'Noa Invited', password: 'galloping home free' };
  await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);

  // Added before the client has any account: the folder exists at once.
  await page.goto('/admin?lng=en');
  await page.getByRole('tab', { name: /^Clients(\s|$)/ }).click();
  const form = page.getByRole('form', { name: 'Add a client' });
  await form.getByLabel('Full name').fill(client.name);
  await form.getByLabel('E-mail').fill(client.email);
  await form.getByRole('button', { name: 'Add client' }).click();
  const row = page.locator(`[data-testid="admin-client"][data-email="${client.email}"]`);
  await expect(row).toContainText('Not invited yet');
  await expectNoAxeViolations(page);

  // The photographer uploads into the gallery straight away.
  await row.getByRole('link', { name: 'Open gallery' }).click();
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
  const [photo] = await makeImages(1, 'invited');
  if (!photo) throw new Error('no image made');
  await page.getByTestId('upload-input').setInputFiles([photo]);
  await expect(uploadTask(page, photo.name).getByTestId('upload-state')).toHaveText('Uploaded', { timeout: 30_000 });

  // The invitation: an e-mail, and the same link to paste into WhatsApp.
  await page.getByRole('tab', { name: /^Clients(\s|$)/ }).click();
  await row.getByRole('button', { name: 'Send invitation' }).click();
  const shownLink = await row.getByTestId('invitation-link').inputValue();
  expect(shownLink).toMatch(new RegExp(`^${base}/accept-invite\\?token=[A-Za-z0-9_-]{43}$`));
  await expect(row).toContainText('Invited');
  const mailedLink = await newestLinkInOutbox(dataDir, client.email, 'accept-invite');
  expect(mailedLink).toBe(shownLink);

  // The client opens the mailed link in a browser of their own.
  const clientContext = await browser.newContext({ baseURL: base });
  const clientPage = await clientContext.newPage();
  await clientPage.goto(`${mailedLink}&lng=en`);
  await expect(clientPage.getByText(`Welcome, ${client.name}!`)).toBeVisible();
  await expect(clientPage.getByTestId('invitation-email')).toHaveText(client.email);
  await expectNoAxeViolations(clientPage);
  await clientPage.locator('input[name="newPassword"]').fill(client.password);
  await clientPage.locator('input[name="confirmNewPassword"]').fill(client.password);
  await clientPage.getByRole('button', { name: 'Open my gallery' }).click();

  // Signed in, address proven, in their gallery with the photo.
  await expect(clientPage).toHaveURL(/\/me$/);
  await expect
    .poll(async () => ((await (await clientPage.request.get('/api/me/gallery')).json()) as GalleryPage).total, {
      timeout: 60_000,
    })
    .toBe(1);
  await clientPage.reload();
  await expect(clientPage.locator('.tile')).toHaveCount(1);
  // The account menu names them by the name the photographer gave.
  await clientPage.getByRole('button', { name: 'Account menu' }).click();
  await expect(clientPage.locator('.account-menu__identity')).toHaveText(client.name);

  // The link was used once and is spent.
  await clientPage.goto(mailedLink);
  await expect(clientPage.getByRole('alert')).toContainText('This invitation is invalid');
  await clientContext.close();

  await page.reload();
  await page.getByRole('tab', { name: /^Clients(\s|$)/ }).click();
  await expect(row).toContainText('Verified');

  // The panel's texts load with the panel, not the first page; switching language brings them in the new one.
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('button', { name: 'עברית' }).click();
  await expect(page.getByRole('tab', { name: /^לקוחות(\s|$)/ })).toBeVisible();
  await expect(row).toContainText('מאומת');
});

test('a new client signs up, sees nothing private until the address is proven, sends the link again and opens it', async ({
  page,
  dataDir,
}) => {
  const email = `signs-up-${Date.now()}@example.com`;
  await page.goto('/signup?lng=en');
  await page.locator('input[name="fullName"]').fill('Lior Newcomer');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('cantering slowly');
  await page.locator('input[name="confirmPassword"]').fill('cantering slowly');
  await page.getByRole('button', { name: 'Create account' }).click();
  // A new client lands on their own gallery, which says what is needed first.
  await expect(page).toHaveURL(/\/me$/);
  const firstLink = await newestLinkInOutbox(dataDir, email, 'verify-email');

  // Signed in, but the gallery is closed: the page asks for the proof, and the server refuses on its own.
  const notice = page.getByTestId('verify-notice');
  await expect(notice).toContainText('Confirm your e-mail address');
  await expect(notice).toContainText(email);
  await expect(page.locator('.tile')).toHaveCount(0);
  const refused = await page.request.get('/api/me/gallery');
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('email-not-verified');
  await expectNoAxeViolations(page);

  // "Send again" mails a fresh link.
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new link is on its way' })).toBeVisible();
  const secondLink = await newestLinkInOutbox(dataDir, email, 'verify-email', [firstLink]);
  expect(secondLink).not.toBe(firstLink);

  await page.goto(secondLink);
  await expect(page.getByRole('status').filter({ hasText: 'your e-mail address is confirmed' })).toBeVisible();
  await expect(page.getByTestId('verified-email')).toHaveText(email);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Open my photos' }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByText('Nothing here yet.')).toBeVisible();
  expect((await page.request.get('/api/me/gallery')).status()).toBe(200);
});

test('the notice, the confirmation page and the invitation page read right to left in Hebrew and Arabic', async ({
  page,
  baseURL,
}) => {
  await signUpClient(page.request, { baseURL: baseURL as string, prefix: 'rtl', password: 'walking the ring' });
  for (const lng of ['he', 'ar']) {
    // The language chosen last is remembered (storage and cookie); forget it, so ?lng= decides.
    await page.context().clearCookies({ name: 'lng' });
    await page.evaluate(() => localStorage.clear()).catch(() => undefined);
    await page.goto(`/me?lng=${lng}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('verify-notice')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/verify-email?token=${'x'.repeat(43)}&lng=${lng}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.goto(`/accept-invite?token=${'y'.repeat(43)}&lng=${lng}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('the bar shows each role its own links, names the account, and only logs a failed logout', async ({
  page,
  baseURL,
}) => {
  const base = baseURL as string;
  const bar = page.getByRole('navigation', { name: 'Main navigation' });
  await page.goto('/?lng=en');
  await expect(bar.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // A client without a name is shown by address; the admin link is not theirs.
  const { email } = await signUpClient(page.request, {
    baseURL: base,
    prefix: 'no-name',
    password: 'over the water jump',
  });
  await page.reload();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('.account-menu__identity')).toHaveText(email);
  await expect(bar.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // A logout the server never answers is logged, and the bar keeps showing what the session says: still signed in.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/api/auth/sign-out', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => errors.some((text) => text.includes('logout failed'))).toBe(true);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('.account-menu__identity')).toHaveText(email);
  await page.unroute('**/api/auth/sign-out');

  // The admin sees the Admin link.
  await page.context().clearCookies();
  await signIn(page.request, base, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page.goto('/?lng=en');
  await expect(bar.getByRole('link', { name: 'Admin' })).toBeVisible();
});
