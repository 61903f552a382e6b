import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { expect, test } from './fixtures';
import { E2E_ADMIN_EMAIL } from './support/global-setup';

/**
 * The account journey in Hebrew, the site's original language: sign up, log in, change the password, and both
 * ways to reset a forgotten one, reading the codes from the real mail the server wrote to DATA_DIR/outbox.
 */
const he = {
  mismatch: 'הסיסמאות אינן תואמות',
  emailInUse: 'כתובת האימייל כבר בשימוש',
  invalidEmail: 'כתובת אימייל לא תקינה',
  weakPassword: 'סיסמה חלשה (לפחות 6 תווים)',
  network: 'שגיאת רשת, בדקו את החיבור ונסו שוב',
  tooMany: 'יותר מדי ניסיונות, נסו שוב מאוחר יותר',
  generic: 'אירעה שגיאה, נסו שוב',
  invalidCredentials: 'האימייל או הסיסמה שגויים',
  invalidCode: 'הקוד שגוי',
  newMismatch: 'הסיסמאות החדשות אינן תואמות',
  noUser: 'אין משתמש מחובר',
  updated: 'הסיסמה עודכנה בהצלחה',
  sent: 'אם קיים חשבון עם הכתובת הזו, נשלח אליה קישור לאיפוס הסיסמה.',
  sendFailed: 'שליחת האימייל נכשלה',
  resetFailed: 'איפוס הסיסמה נכשל',
  changed: 'הסיסמה שונתה, אפשר להתחבר עכשיו',
  missingLink: 'קישור איפוס לא תקין',
  badLink: 'קישור האיפוס אינו תקין או שפג תוקפו',
  notLoggedIn: 'אינכם מחוברים.',
};

const email = `rider-${Date.now()}@example.com`;
const passwords = ['first ride at dawn', 'second ride at noon', 'third ride at dusk', 'fourth ride at night'];

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'lng', value: 'he', url: baseURL ?? '' }]);
  await page.addInitScript(() => window.localStorage.setItem('lng', 'he'));
});

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'תפריט חשבון' }).click();
  await page.getByRole('button', { name: 'התנתקות' }).filter({ visible: true }).click();
  await expect(page.getByRole('link', { name: 'התחברות' }).first()).toBeVisible();
}

async function logIn(page: Page, address: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(address);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'התחברות', exact: true }).click();
  // A client lands on their own gallery.
  await expect(page).toHaveURL(/\/me$/);
}

/** The reset e-mail to `address` newer than `after` (file names start with their ISO time). */
async function resetMail(dataDir: string, address: string, after: number) {
  const dir = path.join(dataDir, 'outbox');
  let found: { link: string; code: string } | null = null;
  await expect
    .poll(async () => {
      const names = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((n) => n.endsWith('.eml'))
            .sort()
        : [];
      for (const name of names.reverse()) {
        const file = path.join(dir, name);
        if (fs.statSync(file).mtimeMs < after) continue;
        const mail = await simpleParser(fs.readFileSync(file));
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
        if (to !== address) continue;
        const link = /https?:\/\/\S+\/reset-password\?oobCode=\S+/.exec(mail.text ?? '')?.[0];
        const code = /^\s*(\d{6})\s*$/m.exec(mail.text ?? '')?.[1];
        if (link && code) found = { link, code };
        return Boolean(found);
      }
      return false;
    })
    .toBe(true);
  if (!found) throw new Error('no reset mail');
  return found as { link: string; code: string };
}

test('sign up, with every sign-up message, then log out', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'הרשמה' })).toBeVisible();
  const form = {
    fullName: page.locator('input[name="fullName"][autocomplete="name"]'),
    email: page.locator('input[name="email"][autocomplete="email"]'),
    password: page.locator('input[name="password"][autocomplete="new-password"]'),
    confirm: page.locator('input[name="confirmPassword"][autocomplete="new-password"]'),
    submit: page.getByRole('button', { name: 'יצירת חשבון' }),
  };
  await form.fullName.fill('דנה כהן');
  await form.email.fill(email);
  await form.password.fill(passwords[0] ?? '');
  await form.confirm.fill('something else');
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(he.mismatch);

  // Show/hide toggle.
  await expect(form.password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'הצגת הסיסמה' }).first().click();
  await expect(form.password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'הסתרת הסיסמה' }).first().click();
  await expect(form.password).toHaveAttribute('type', 'password');

  await form.password.fill('abc');
  await form.confirm.fill('abc');
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(he.weakPassword);

  await form.email.fill('not-an-address');
  await form.password.fill(passwords[0] ?? '');
  await form.confirm.fill(passwords[0] ?? '');
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(he.invalidEmail);

  await form.email.fill(E2E_ADMIN_EMAIL);
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(he.emailInUse);

  await page.route('**/api/auth/sign-up', (route) => route.abort('internetdisconnected'));
  await form.email.fill(email);
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(he.network);
  await page.unroute('**/api/auth/sign-up');

  await page.route('**/api/auth/sign-up', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal-error', message: 'x' } } }),
  );
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText(he.generic);
  await page.unroute('**/api/auth/sign-up');

  await form.submit.click();
  await expect(page).toHaveURL(/\/me$/);
  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await logOut(page);
  await page.goto('/account');
  await expect(page.getByText(he.notLoggedIn)).toBeVisible();
});

test('log in, change the password, log out', async ({ page }) => {
  await page.goto('/change-password');
  await page.locator('input[name="currentPassword"][autocomplete="current-password"]').fill('whatever it was');
  await page.locator('input[name="newPassword"][autocomplete="new-password"]').fill(passwords[1] ?? '');
  await page.locator('input[name="confirmNewPassword"][autocomplete="new-password"]').fill(passwords[1] ?? '');
  await page.getByRole('button', { name: 'עדכון סיסמה' }).click();
  await expect(page.getByRole('alert')).toHaveText(he.noUser);

  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"][autocomplete="current-password"]').fill('not the password');
  await page.getByRole('button', { name: 'התחברות', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(he.invalidCredentials);

  await logIn(page, email, passwords[0] ?? '');
  await page.goto('/change-password');
  const current = page.locator('input[name="currentPassword"]');
  const next = page.locator('input[name="newPassword"]');
  const confirm = page.locator('input[name="confirmNewPassword"]');
  await current.fill(passwords[0] ?? '');
  await next.fill(passwords[1] ?? '');
  await confirm.fill('does not match');
  await page.getByRole('button', { name: 'עדכון סיסמה' }).click();
  await expect(page.getByRole('alert')).toHaveText(he.newMismatch);
  await confirm.fill(passwords[1] ?? '');
  await page.getByRole('button', { name: 'עדכון סיסמה' }).click();
  // Checking the current password and hashing the new one both run scrypt at the production cost, on purpose slow;
  // on a busy two-core machine the pair has taken longer than the default ten seconds.
  await expect(page.getByRole('status')).toHaveText(he.updated, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  await logOut(page);
});

test('too many failed sign-ins end in the too-many-attempts message', async ({ page, baseURL }) => {
  const target = `limited-${Date.now()}@example.com`;
  const headers = { origin: baseURL ?? '' };
  await page.request.post('/api/auth/sign-up', { data: { email: target, password: 'limited rider one' }, headers });
  for (let i = 0; i < 10; i += 1) {
    await page.request.post('/api/auth/sign-in', { data: { email: target, password: `guess ${i}` }, headers });
  }
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(target);
  await page.locator('input[name="password"]').fill('limited rider one');
  await page.getByRole('button', { name: 'התחברות', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(he.tooMany);
});

test('forgot password with the e-mailed code, then log in with the new password', async ({ page, dataDir }) => {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('link', { name: 'שכחתם סיסמה?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=/);
  await expect(page.locator('input[name="email"]')).toHaveValue(email);

  await page.route('**/api/auth/forgot-password', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: 'שליחת קישור לאיפוס' }).click();
  await expect(page.getByRole('alert')).toHaveText(he.sendFailed);
  await page.unroute('**/api/auth/forgot-password');

  const requestedAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'שליחת קישור לאיפוס' }).click();
  await expect(page.getByRole('status')).toHaveText(he.sent);
  const { code } = await resetMail(dataDir, email, requestedAt);

  const codeInput = page.locator('input[name="code"][autocomplete="one-time-code"]');
  await expect(codeInput).toHaveAttribute('maxlength', '6');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await codeInput.fill(wrongCode);
  await page.locator('input[name="newPassword"]').fill(passwords[2] ?? '');
  await page.locator('input[name="confirmNewPassword"]').fill('does not match');
  await page.getByRole('button', { name: 'שינוי הסיסמה' }).click();
  await expect(page.getByRole('alert')).toHaveText(he.mismatch);
  await page.locator('input[name="confirmNewPassword"]').fill(passwords[2] ?? '');
  await page.getByRole('button', { name: 'שינוי הסיסמה' }).click();
  await expect(page.getByRole('alert')).toHaveText(he.invalidCode);
  await codeInput.fill(code);

  await page.route('**/api/auth/reset-password/code', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByRole('button', { name: 'שינוי הסיסמה' }).click();
  await expect(page.getByRole('alert')).toHaveText(he.resetFailed);
  await page.unroute('**/api/auth/reset-password/code');

  await page.getByRole('button', { name: 'שינוי הסיסמה' }).click();
  await expect(page.getByRole('status')).toHaveText(he.changed);
  await expect(page).toHaveURL(/\/login\?email=/);
  await expect(page.locator('input[name="email"]')).toHaveValue(email);
  await page.locator('input[name="password"]').fill(passwords[2] ?? '');
  await page.getByRole('button', { name: 'התחברות', exact: true }).click();
  await expect(page).toHaveURL(/\/me$/);
  await logOut(page);
});

test('forgot password again, this time through the link in the mail', async ({ page, dataDir }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(he.missingLink);
  await expect(page.getByRole('link', { name: 'בקשת קישור איפוס חדש' })).toHaveAttribute('href', '/forgot-password');

  await page.goto('/forgot-password');
  await page.locator('input[name="email"]').fill(` ${email} `);
  const requestedAt = Date.now() - 1000;
  await page.getByRole('button', { name: 'שליחת קישור לאיפוס' }).click();
  await expect(page.getByRole('status')).toHaveText(he.sent);
  const { link } = await resetMail(dataDir, email, requestedAt);

  await page.goto(link);
  await expect(page.getByTestId('reset-email')).toHaveText(email);
  await page.locator('input[name="newPassword"]').fill(passwords[3] ?? '');
  await page.locator('input[name="confirmNewPassword"]').fill(passwords[3] ?? '');
  await page.getByRole('button', { name: 'שמירת הסיסמה החדשה' }).click();
  await expect(page.getByRole('status')).toHaveText(he.changed);
  await expect(page).toHaveURL(/\/login\?email=/);

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(he.badLink);

  await logIn(page, email, passwords[3] ?? '');
  await page.goto('/login?next=/account');
  await expect(page).toHaveURL(/\/login/);
});
