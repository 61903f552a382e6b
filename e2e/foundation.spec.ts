import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { WCAG_TAGS } from './support/axe';

test.describe('the served page', () => {
  test('arrives in Hebrew, right to left, before any script runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'he-IL' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await context.close();
  });

  test('never reflects an unknown ?lng= value into the page', async ({ request }) => {
    const res = await request.get('/?lng=%22%3E%3Cscript%3Ealert(1)%3C/script%3E', {
      headers: { 'accept-language': 'fr' },
    });
    const html = await res.text();
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).not.toContain('alert(1)');
  });

  test('switches from Hebrew to English without a reload', async ({ page }) => {
    await page.goto('/?lng=he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('כל צעד, כל זינוק, באור שמגיע להם');
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page.getByRole('button', { name: /שפה/ }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Every stride/);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // The choice is remembered: the next page load is served in English by the server itself.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('sends an unknown path home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('sends a file-like unknown path home too, while a missing asset or an unknown API path stays a 404', async ({
    page,
    request,
  }) => {
    for (const path of ['/index.html', '/old-page.php']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect((await request.get('/assets/index-gone.js')).status()).toBe(404);
    expect((await request.get('/media/AAAAAAAAAAAAAAAAAAAAAA/w480.webp')).status()).toBe(404);
    const api = await request.get('/api/no-such-route');
    expect(api.status()).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not-found');
  });
});

test.describe('navigation', () => {
  test('works from the desktop bar', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/?lng=en');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Main gallery');
    await nav.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Signed out: no admin link and no account menu.
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    // Last, because the contact page opens its required terms dialog over everything.
    await nav.getByRole('link', { name: 'Book now' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('works from the phone menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/?lng=he');
    const nav = page.getByRole('navigation', { name: 'ניווט ראשי' });
    await expect(nav.getByRole('link', { name: 'גלריה' })).toBeHidden();
    await page.getByRole('button', { name: 'פתיחת תפריט' }).click();
    await nav.getByRole('link', { name: 'גלריה' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    // Navigating closes the menu again.
    await expect(nav.getByRole('link', { name: 'גלריה' })).toBeHidden();
    await page.getByRole('button', { name: 'פתיחת תפריט' }).click();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'גלריה' })).toBeHidden();
  });
});

test.describe('the home page', () => {
  test('shows the price cards from the shared price list, formatted for the locale', async ({ page }) => {
    await page.goto('/?lng=en');
    const pricing = page.getByRole('region', { name: 'Prices' });
    await expect(pricing.getByRole('listitem').filter({ hasText: 'Images by entrance' })).toContainText(
      '₪60 per person',
    );
    await expect(pricing).toContainText('₪30 for each additional horse in the same heat');
    await expect(pricing).toContainText('From ₪6 per image');
    await expect(pricing).toContainText('₪150');
    await expect(pricing).toContainText('Includes a ₪40 deposit');
    await expect(pricing).toContainText('Priced after a consultation');
    await expect(pricing).toContainText('Bit · Cash · PayBox');
    await page.getByRole('link', { name: 'Book now' }).last().click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('has no WCAG 2.1 AA violations', async ({ page }) => {
    for (const lng of ['he', 'en']) {
      await page.goto(`/?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    }
  });
});
