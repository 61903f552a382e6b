import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpVerifiedClient } from './support/clients';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/global-setup';

/** A fresh client with a proven address (the terms and booking need one), signed in in the page's context. */
function signUpNewClient(request: APIRequestContext, baseURL: string, dataDir: string) {
  return signUpVerifiedClient(request, dataDir, {
    baseURL,
    prefix: 'contact',
    password: 'galloping at sunrise',
    fullName: 'Noa Rider',
  });
}

/** The step that records the agreement: both boxes and the confirm button, below the terms (no modal dialog). */
function agreeStep(page: Page) {
  return page.getByRole('form', {
    name: /^(Accept the booking terms|אישור תנאי הזמנת הצילום|الموافقة على شروط الحجز)$/,
  });
}

test.describe('the contact page', () => {
  test('lets a signed-out visitor read the terms, asks only the booking step to log in, and brings them back', async ({
    page,
    baseURL,
    dataDir,
  }) => {
    const { email, password } = await signUpNewClient(page.request, baseURL as string, dataDir);
    await page.request.post('/api/auth/sign-out', { headers: { origin: baseURL as string }, data: {} });

    await page.goto('/contact?lng=he');
    // Nothing covers the page: the terms are there to read, and nothing but the booking step asks to sign in.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'תנאי הזמנת צילום' })).toBeVisible();
    await expect(page.getByText('הקבצים יימסרו תוך 10 ימי עסקים מתום התחרות.')).toBeVisible();
    await expect(agreeStep(page)).toHaveCount(0);
    await expect(
      page.getByText('כדי לשלוח בקשה להזמנת צילום צריך להתחבר או לפתוח חשבון.', { exact: false }),
    ).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'התחברות' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fcontact|\/login\?next=\/contact/);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(agreeStep(page)).toContainText('קראתי את התנאים');
  });

  test('records the agreement only when both boxes are ticked, with server time and terms version', async ({
    page,
    baseURL,
    dataDir,
  }) => {
    await signUpNewClient(page.request, baseURL as string, dataDir);
    await page.goto('/contact?lng=he');
    const dialog = agreeStep(page);
    await expect(page.getByRole('heading', { name: 'תנאי הזמנת צילום' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('הקבצים יימסרו תוך 10 ימי עסקים מתום התחרות.');
    await expect(page.getByRole('main')).toContainText('ביטול עד 10 שעות לפני תחילת המקצה מזכה בהחזר מלא.');

    const confirm = dialog.getByRole('button', { name: 'אישור והמשך' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('קראתי את התנאים').check();
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('אני מאשר/ת את התנאים').check();
    await expect(confirm).toBeEnabled();

    // Hold the save until the "saving" label has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/agreements', async (route) => {
      await held;
      await route.continue();
    });
    const startedAt = Date.now();
    await confirm.click();
    await expect(dialog.getByRole('button', { name: 'שומר…' })).toBeDisabled();
    release();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText('אישרת את תנאי הזמנת הצילום');

    const current = await (await page.request.get('/api/agreements/current?lng=he')).json();
    expect(Date.parse(current.acceptedAt)).toBeGreaterThanOrEqual(startedAt - 2000);
    expect(current.terms.version).toMatch(/^[0-9a-f]{64}$/);

    // The next visit goes straight to the form.
    await page.unroute('**/api/agreements');
    await page.reload();
    await expect(page.getByRole('status')).toContainText('אישרת את תנאי הזמנת הצילום');
    await expect(agreeStep(page)).toHaveCount(0);
  });

  test('shows the alert when saving fails, and keeps the dialog open', async ({ page, baseURL, dataDir }) => {
    await signUpNewClient(page.request, baseURL as string, dataDir);
    await page.route('**/api/agreements', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal-error', message: 'database is read-only' } }),
      }),
    );
    await page.goto('/contact?lng=en');
    const dialog = agreeStep(page);
    await dialog.getByLabel('I have read the terms').check();
    await dialog.getByLabel('I approve the terms').check();
    await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Your approval could not be saved. Please check the database permissions and try again.',
    );
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm and continue' })).toBeEnabled();
  });

  test('lets the admin export the agreements as CSV', async ({ page, baseURL }) => {
    const res = await page.request.post('/api/auth/sign-in', {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
      headers: { origin: baseURL as string },
    });
    expect(res.status()).toBe(200);
    const csv = await page.request.get('/api/admin/agreements.csv');
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('"id","userId","email","agreedAt","language","termsVersion","userAgent"');
  });

  for (const lng of ['he', 'ar']) {
    test(`screenshot of the terms and the agreement step in ${lng}`, async ({ page, baseURL, dataDir }, testInfo) => {
      await signUpNewClient(page.request, baseURL as string, dataDir);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/contact?lng=${lng}`);
      await expect(agreeStep(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.evaluate(() => document.fonts.ready);
      const path = testInfo.outputPath(`contact-terms-${lng}.png`);
      await page.screenshot({ path });
      await testInfo.attach(`contact-terms-${lng}`, { path, contentType: 'image/png' });
    });
  }
});
