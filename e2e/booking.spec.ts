import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { signIn } from './support/admin-helpers';
import { WCAG_TAGS } from './support/axe';
import { newestInOutbox, newestLinkInOutbox, signUpVerifiedClient } from './support/clients';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/global-setup';
import { expect, test } from './support/own-server';

/**
 * The booking path without dead ends: the contact details and the terms for everyone, signing in (or up) only for the
 * booking step and coming back to /contact, confirming a new account's address, the agreement, the booking request itself, the photographer's e-mail in
 * the outbox, and the request in the admin panel. On a server of its own (its outbox, its sign-up limits), without
 * BOOKING_FORM_URL: the site's own request is the whole booking.
 */

const PHONE = '050-765 4321';
const CONTACT = {
  phone: PHONE,
  whatsapp: '+972 50 765 4321',
  email: 'studio@example.com',
  instagram: '@horses.and.dance',
  facebook: 'https://www.facebook.com/horsesanddance',
};

const TEXTS = {
  en: {
    signUp: 'Create an account',
    confirmFirst: 'To accept the terms and send a booking request, confirm your e-mail address first',
    agree: 'Accept the booking terms',
    read: 'I have read the terms',
    approve: 'I approve the terms',
    confirm: 'Confirm and continue',
    event: 'Competition or event',
    date: 'Date',
    rider: "Rider's name",
    horse: (n: number) => `Horse ${n}`,
    heat: (n: number) => `Heat or class of horse ${n}`,
    addHorse: 'Add another horse',
    phone: 'Phone number',
    send: 'Send booking request',
    sent: 'Your request has been sent.',
    price: /₪150\.00/,
    deposit: /₪20\.00/,
    waiting: 'Waiting for the photographer',
    confirmed: 'Confirmed',
  },
  he: {
    signUp: 'פתיחת חשבון',
    confirmFirst: 'כדי לאשר את התנאים ולשלוח בקשה להזמנת צילום צריך קודם לאשר את כתובת האימייל',
    agree: 'אישור תנאי הזמנת הצילום',
    read: 'קראתי את התנאים',
    approve: 'אני מאשר/ת את התנאים',
    confirm: 'אישור והמשך',
    event: 'תחרות או אירוע',
    date: 'תאריך',
    rider: 'שם הרוכב/ת',
    horse: (n: number) => `סוס ${n}`,
    heat: (n: number) => `מקצה או קטגוריה של סוס ${n}`,
    addHorse: 'הוספת סוס',
    phone: 'מספר טלפון',
    send: 'שליחת בקשה להזמנת צילום',
    sent: 'הבקשה נשלחה.',
    // Intl writes right-to-left marks around the amount in Hebrew.
    price: /150\.00\s*\u200f?₪/,
    deposit: /20\.00\s*\u200f?₪/,
    waiting: 'ממתינה לצלם',
    confirmed: 'אושרה',
  },
} as const;
type Lng = keyof typeof TEXTS;

const PHONE_SIZE = { width: 390, height: 844 };
const DESKTOP_SIZE = { width: 1366, height: 768 };

let made = 0;

// Each test is a whole journey (sign-up, agreement, request, e-mails, the panel): more than the default minute when
// the machine is busy. No assertion depends on time.
test.describe.configure({ timeout: 180_000 });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The photographer's contact details, set through the admin API as the panel does. */
test.beforeEach(async ({ browser, baseURL }) => {
  const admin = await browser.newContext({ baseURL });
  await signIn(admin.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  const res = await admin.request.put('/api/admin/contact-details', {
    data: CONTACT,
    headers: { origin: baseURL as string },
  });
  expect(res.status()).toBe(200);
  await admin.close();
});

/** Ticks both boxes and records the agreement. */
async function agree(page: Page, lng: Lng) {
  const texts = TEXTS[lng];
  const step = page.getByRole('form', { name: texts.agree });
  await step.getByLabel(texts.read).check();
  await step.getByLabel(texts.approve).check();
  await step.getByRole('button', { name: texts.confirm }).click();
  await expect(step).toBeHidden();
}

/** Fills the booking request: two horses in one heat and one in another (60 + 30 + 60 ₪, two 10 ₪ deposits). */
async function fillRequest(page: Page, lng: Lng, rider: string, event: string) {
  const texts = TEXTS[lng];
  const form = page.getByRole('form', { name: lng === 'en' ? 'Booking request' : 'בקשה להזמנת צילום' });
  await form.getByLabel(texts.event).fill(event);
  const day = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await form.getByLabel(texts.date, { exact: true }).fill(day);
  await form.getByLabel(texts.rider).fill(rider);
  await form.getByLabel(texts.horse(1), { exact: true }).fill('Storm');
  await form.getByLabel(texts.heat(1)).fill('Class 3');
  await form.getByRole('button', { name: texts.addHorse }).click();
  // The new row's name takes the focus, and the heat is carried over from the row before.
  await expect(form.getByLabel(texts.horse(2), { exact: true })).toBeFocused();
  await page.keyboard.type('ברק');
  await expect(form.getByLabel(texts.heat(2))).toHaveValue('Class 3');
  await form.getByRole('button', { name: texts.addHorse }).click();
  await form.getByLabel(texts.horse(3), { exact: true }).fill('Shadow');
  await form.getByLabel(texts.heat(3)).fill('Class 5');
  await form.getByLabel(texts.phone).fill(PHONE);
  await expect(form.locator('.booking-form__price')).toContainText(texts.price);
  await expect(form.locator('.booking-form__price')).toContainText(texts.deposit);
  return form;
}

for (const { lng, size } of [
  { lng: 'he' as const, size: PHONE_SIZE },
  { lng: 'en' as const, size: DESKTOP_SIZE },
]) {
  test(`a signed-out visitor reads the terms and the contact details, signs up, comes back and books (${lng}, ${size.width}px)`, async ({
    page,
    dataDir,
  }, testInfo) => {
    const texts = TEXTS[lng];
    await page.setViewportSize(size);
    await page.goto(`/contact?lng=${lng}`);

    // Nothing traps the visitor: no dialog; the details and the terms are there, on the page and in the footer.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const main = page.getByRole('main');
    await expect(main.locator('a[href="tel:0507654321"]')).toContainText(PHONE);
    await expect(main.locator('a[href="https://wa.me/972507654321"]')).toBeVisible();
    await expect(main.locator('a[href="mailto:studio@example.com"]')).toBeVisible();
    await expect(main.locator('a[href="https://www.instagram.com/horses.and.dance/"]')).toBeVisible();
    await expect(page.getByRole('contentinfo').locator('a[href="tel:0507654321"]')).toBeVisible();
    await expect(main.locator('.contact__terms-text')).toContainText(lng === 'en' ? 'business days' : 'ימי עסקים');
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, `booking-signed-out-${lng}-${size.width}`);

    await main.getByRole('link', { name: texts.signUp }).click();
    await expect(page).toHaveURL(/\/signup\?next=%2Fcontact$/);
    made += 1;
    const email = `booker-${Date.now()}-${made}@example.com`;
    await page.locator('input[name="fullName"]').fill('Noa Levi');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('galloping at sunrise');
    await page.locator('input[name="confirmPassword"]').fill('galloping at sunrise');
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/contact$/);

    // Nothing is sent on behalf of an address nobody proved: the page asks for the link mailed at sign-up first.
    await expect(page.getByTestId('contact-confirm-address')).toContainText(texts.confirmFirst);
    await expect(page.getByRole('form', { name: texts.agree })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto(await newestLinkInOutbox(dataDir, email, 'verify-email'));
    await expect(page.getByTestId('verified-email')).toHaveText(email);
    await page.goto(`/contact?lng=${lng}`);

    await agree(page, lng);
    const rider = `Noa ${made}`;
    const form = await fillRequest(page, lng, rider, 'Spring Cup');
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, `booking-form-${lng}-${size.width}`);
    await form.getByRole('button', { name: texts.send }).click();
    await expect(page.getByRole('status').filter({ hasText: texts.sent })).toContainText(email);
    await expect(page.getByRole('main')).toContainText(texts.waiting);

    // The photographer's e-mail and the client's confirmation, as written to the outbox.
    const forPhotographer = await newestInOutbox(
      dataDir,
      E2E_ADMIN_EMAIL,
      new RegExp(`${email}[\\s\\S]*${rider}[\\s\\S]*${PHONE}`),
      'the booking request',
    );
    expect(forPhotographer).toContain('Spring Cup');
    await newestInOutbox(dataDir, email, /Spring Cup[\s\S]*Storm \(Class 3\)/, 'the confirmation');
  });
}

for (const { lng, size } of [
  { lng: 'en' as const, size: PHONE_SIZE },
  { lng: 'he' as const, size: DESKTOP_SIZE },
]) {
  test(`a signed-in client agrees and books, and the photographer confirms it in the panel (${lng}, ${size.width}px)`, async ({
    page,
    browser,
    baseURL,
    dataDir,
  }, testInfo) => {
    const texts = TEXTS[lng];
    await page.setViewportSize(size);
    const { email } = await signUpVerifiedClient(page.request, dataDir, {
      baseURL: baseURL as string,
      prefix: 'signed-in-booker',
    });
    await page.goto(`/contact?lng=${lng}`);
    await expect(page.getByRole('main').getByRole('link', { name: texts.signUp })).toHaveCount(0);
    await agree(page, lng);

    // Sending an empty form names the fields to fix and moves the focus to the first of them; nothing is sent.
    const form = page.getByRole('form', { name: lng === 'en' ? 'Booking request' : 'בקשה להזמנת צילום' });
    await form.getByRole('button', { name: texts.send }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(form.getByLabel(texts.event)).toBeFocused();
    await expect(form.getByLabel(texts.event)).toHaveAttribute('aria-invalid', 'true');

    const rider = `Dana ${Date.now()}`;
    await fillRequest(page, lng, rider, 'Autumn Derby');
    await form.getByRole('button', { name: texts.send }).click();
    await expect(page.getByRole('status').filter({ hasText: texts.sent })).toBeVisible();
    await newestInOutbox(dataDir, E2E_ADMIN_EMAIL, new RegExp(rider), 'the booking request');

    // The photographer sees a count where the bookings are reached (the tab on a desk, More's row on a phone), opens
    // them, and confirms the request.
    const adminContext = await browser.newContext({ baseURL, viewport: size });
    const admin = await adminContext.newPage();
    await signIn(admin.request, baseURL as string, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const onPhone = size.width === PHONE_SIZE.width;
    await admin.goto(`/admin/${onPhone ? 'more' : 'clients'}?lng=${lng}`);
    const bookings = onPhone
      ? admin.locator('[data-testid="more-row"][data-tab="bookings"]')
      : admin.getByRole('tab', { name: lng === 'en' ? /^Booking requests/ : /^בקשות להזמנת צילום/ });
    await expect(bookings.locator('.admin-tab__badge')).toBeVisible();
    await bookings.click();
    await expect(admin).toHaveURL(/\/admin\/bookings/);
    const card = admin.getByRole('listitem').filter({ hasText: rider });
    await expect(card).toContainText(email);
    await expect(card).toContainText(texts.price);
    if (onPhone) {
      // Seen once, the count is gone from More's row too.
      await admin.goBack();
      await expect(bookings.locator('.admin-tab__badge')).toHaveCount(0);
      await bookings.click();
      await expect(card).toBeVisible();
    } else {
      await expect(bookings.locator('.admin-tab__badge')).toHaveCount(0);
    }
    await expectNoAxeViolations(admin);
    await screenshot(admin, testInfo, `booking-admin-${lng}-${size.width}`);
    await card.getByRole('combobox').selectOption('confirmed');
    await expect(card.getByRole('combobox')).toHaveValue('confirmed');
    await adminContext.close();

    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: 'Autumn Derby' }).first()).toContainText(texts.confirmed);
  });
}
