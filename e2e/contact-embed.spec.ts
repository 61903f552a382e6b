import type { Page, Route } from '@playwright/test';
import { signUpVerifiedClient } from './support/clients';
import { expect, test } from './support/own-server';

/**
 * The contact page with a real embedded registration form: BOOKING_FORM_URL points at a page this test serves (the
 * browser's requests to its https origin are answered here, so nothing leaves the machine). The form is loaded only
 * once both boxes are ticked and the agreement is recorded, and nothing of it is reachable while the terms cannot
 * be loaded. Runs on a server of its own, configured with that URL.
 */
const FORM_URL = 'https://booking.example.test/register';
const FORM_HEADING = 'Register for the next competition';

test.use({ serverEnv: { BOOKING_FORM_URL: FORM_URL } });

/** Serves the booking form's page and counts every request the browser makes to its origin. */
async function serveBookingForm(page: Page): Promise<{ requests: () => number }> {
  let count = 0;
  await page.route(`${new URL(FORM_URL).origin}/**`, (route) => {
    count++;
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><title>Registration</title><h1>${FORM_HEADING}</h1>
        <form><label>Rider <input name="rider"></label><button>Register</button></form></html>`,
    });
  });
  return { requests: () => count };
}

/** A route handler that holds each request until `release()` is called. */
function holdRequests() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release: () => release(),
    handler: async (route: Route) => {
      await held;
      await route.continue();
    },
  };
}

test('the form appears only after both boxes are ticked and the agreement is recorded', async ({
  page,
  baseURL,
  dataDir,
}) => {
  const form = await serveBookingForm(page);
  await signUpVerifiedClient(page.request, dataDir, { baseURL: baseURL as string, prefix: 'embed' });
  await page.goto('/contact?lng=en');
  const dialog = page.getByRole('form', { name: 'Accept the booking terms' });
  const frame = page.locator('iframe.contact__form');
  await expect(page.getByRole('heading', { name: 'Booking terms' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking request' })).toHaveCount(0);
  await expect(frame).toHaveCount(0);

  await dialog.getByLabel('I have read the terms').check();
  await expect(frame).toHaveCount(0);
  await dialog.getByLabel('I approve the terms').check();
  await expect(frame).toHaveCount(0);

  // The agreement is on its way but not recorded yet: still no form.
  const save = holdRequests();
  await page.route('**/api/agreements', save.handler);
  const recorded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/agreements' && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  await expect(frame).toHaveCount(0);
  expect(form.requests()).toBe(0);

  save.release();
  expect((await recorded).ok()).toBe(true);
  await expect(dialog).toBeHidden();
  await expect(frame).toHaveAttribute('src', FORM_URL);
  await expect(page.frameLocator('iframe.contact__form').getByRole('heading', { name: FORM_HEADING })).toBeVisible();
  await expect(page.frameLocator('iframe.contact__form').getByLabel('Rider')).toBeEditable();
  // The booking request of the site itself stands beside the organiser's form.
  await expect(page.getByRole('heading', { name: 'Booking request' })).toBeVisible();
  expect(form.requests()).toBeGreaterThan(0);
});

test('a failed agreement record keeps the form closed', async ({ page, baseURL, dataDir }) => {
  const form = await serveBookingForm(page);
  await signUpVerifiedClient(page.request, dataDir, { baseURL: baseURL as string, prefix: 'embed-refused' });
  await page.route('**/api/agreements', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal-error', message: 'database is read-only' } }),
    }),
  );
  await page.goto('/contact?lng=en');
  const dialog = page.getByRole('form', { name: 'Accept the booking terms' });
  await dialog.getByLabel('I have read the terms').check();
  await dialog.getByLabel('I approve the terms').check();
  await dialog.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(form.requests()).toBe(0);
});

test('nothing of the form is reachable while the terms cannot be loaded; trying again brings the terms', async ({
  page,
  baseURL,
  dataDir,
}) => {
  const form = await serveBookingForm(page);
  await signUpVerifiedClient(page.request, dataDir, { baseURL: baseURL as string, prefix: 'embed-terms' });
  await page.route('**/api/agreements/current**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal-error', message: 'terms store unavailable' } }),
    }),
  );
  await page.goto('/contact?lng=en');
  const failure = page.getByRole('alert');
  await expect(failure).toContainText(
    'The booking terms could not be loaded, so the registration form stays closed for now.',
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Booking request' })).toHaveCount(0);
  // Tabbing through the whole page reaches nothing of the form.
  for (let step = 0; step < 30; step++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
  }
  expect(form.requests()).toBe(0);

  await page.unroute('**/api/agreements/current**');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Booking terms' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Accept the booking terms' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(form.requests()).toBe(0);
});
