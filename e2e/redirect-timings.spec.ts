import type { Locator, Page } from '@playwright/test';
import { signIn } from './support/admin-helpers';
import { newestInOutbox, newestLinkInOutbox, signUpClient } from './support/clients';
import { expect, test } from './support/own-server';

/**
 * The pauses after a changed password, on a controlled clock: the page keeps its confirmation up for the set time,
 * then moves on, and after a reset it replaces its own history entry so Back does not return to a used form. Runs on
 * a server of its own: it signs up and asks for two resets.
 */
test.describe.configure({ mode: 'serial' });

const email = `timings-${Date.now()}@example.com`;
const passwords = ['first lap at a walk', 'second lap at a trot', 'third lap at a canter', 'fourth lap at a gallop'];

async function pathOf(page: Page): Promise<string> {
  return page.evaluate(() => location.pathname);
}

/**
 * Stops the page's clock, presses `button`, then moves the clock on a millisecond at a time until `confirmation`
 * shows: the page's redirect timer starts then, within the last millisecond. (The clock must tick for the page to
 * show the answer at all: the data layer hands results over on zero-delay timers.)
 */
async function submitOnStoppedClock(page: Page, button: Locator, confirmation: Locator): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  // A second ahead: the page's clock keeps running until it is paused, and pausing at a time it has already passed
  // is refused ("Cannot fast-forward to the past"), which a busy machine reached with a margin of 50 ms.
  await page.clock.pauseAt(now + 1000);
  await button.click();
  for (let step = 0; step < 10_000; step++) {
    if (await confirmation.isVisible()) return;
    await page.clock.runFor(1);
  }
  throw new Error('the confirmation never showed');
}

/** The page stays for `delayMs` (give or take the millisecond the timer started in), then goes to `next`. */
async function expectRedirectAfter(page: Page, delayMs: number, stayOn: string, next: RegExp): Promise<void> {
  await page.clock.runFor(delayMs - 2);
  expect(await pathOf(page)).toBe(stayOn);
  await page.clock.runFor(4);
  await expect(page).toHaveURL(next);
}

test.beforeAll(async ({ request, baseURL }) => {
  await signUpClient(request, { baseURL: baseURL as string, email, password: passwords[0] });
});

test('a changed password returns home after 2000 ms', async ({ page, baseURL }) => {
  await signIn(page.request, baseURL as string, email, passwords[0] ?? '');
  await page.clock.install();
  await page.goto('/change-password?lng=en');
  await page.locator('input[name="currentPassword"]').fill(passwords[0] ?? '');
  await page.locator('input[name="newPassword"]').fill(passwords[1] ?? '');
  await page.locator('input[name="confirmNewPassword"]').fill(passwords[1] ?? '');
  const done = page.getByRole('status').filter({ hasText: 'Password updated successfully' });
  await submitOnStoppedClock(page, page.getByRole('button', { name: 'Update password' }), done);
  await expectRedirectAfter(page, 2000, '/change-password', /\/$/);
});

test('a reset by the e-mailed code goes to login after 600 ms, in place of the form', async ({ page, dataDir }) => {
  await page.clock.install();
  await page.goto('/?lng=en');
  await page.goto(`/forgot-password?email=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(/If an account exists/);
  const code = await newestInOutbox(dataDir, email, /^\s*(\d{6})\s*$/m, 'a reset code');
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="newPassword"]').fill(passwords[2] ?? '');
  await page.locator('input[name="confirmNewPassword"]').fill(passwords[2] ?? '');
  const done = page.getByRole('status').filter({ hasText: 'Your password was changed. You can now log in.' });
  await submitOnStoppedClock(page, page.getByRole('button', { name: 'Change password' }), done);
  await expectRedirectAfter(page, 600, '/forgot-password', /\/login\?email=/);
  // The form's entry was replaced: Back goes to the page before it, not to the used form.
  await page.goBack();
  await expect(page).toHaveURL(/\/\?lng=en$/);
});

test('a reset by the e-mailed link goes to login after 800 ms', async ({ page, dataDir, baseURL }) => {
  // The previous test's reset mail is in the outbox too: wait for the one asked for here.
  const earlier = await newestLinkInOutbox(dataDir, email, 'reset-password');
  const asked = await page.request.post('/api/auth/forgot-password', {
    data: { email },
    headers: { origin: baseURL as string },
  });
  expect(asked.status()).toBe(200);
  const resetLink = await newestLinkInOutbox(dataDir, email, 'reset-password', [earlier]);
  await page.clock.install();
  await page.goto(`${resetLink}&lng=en`);
  await page.locator('input[name="newPassword"]').fill(passwords[3] ?? '');
  await page.locator('input[name="confirmNewPassword"]').fill(passwords[3] ?? '');
  const done = page.getByRole('status').filter({ hasText: 'Your password was changed. You can now log in.' });
  await submitOnStoppedClock(page, page.getByRole('button', { name: 'Save new password' }), done);
  await expectRedirectAfter(page, 800, '/reset-password', /\/login\?email=/);
});
