import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { zipEntries } from '../server/test/support/zip-entries';
import type { AdminOrder, ClientOrder } from '../shared/schemas/proofing';
import { adminAndClient, adminUpload, localeTexts, makeImages, PHONE_HE_AND_DESK_EN } from './support/admin-helpers';
import { expectNoAxeViolations } from './support/axe';
import { newestLinkInOutbox } from './support/clients';
import { expect, test } from './support/own-server';

/**
 * The whole sale, as a client and the photographer live it, on a phone in Hebrew and at the desk in English: the
 * photographer invites a client to a proofing gallery; the client picks three photos, sends them, reads how to pay and
 * reports the payment; the photographer confirms it, puts the three edited files back with "Upload edits" and
 * delivers; the client takes everything with Download All and opens the numbered receipt. Each side's wording comes
 * from the locale files, so the test follows the texts rather than repeats them. It invites and signs in clients, so it
 * runs on a server of its own.
 */
test.describe.configure({ mode: 'serial' });
// Its own server, not the one the other suites share one after another: on a fast machine they sign in more than
// 30 times within 5 minutes before this suite starts, the per-address sign-in limit, and its first sign-in was refused.
test.use({ serverOwnedBy: 'sale.spec.ts' });

const PHOTOS = 3;
const BIT_PHONE = '050-1234567';
const BUSINESS = { name: 'Equine Dance Photography', registrationNumber: '123456782' };

/** The amount as that language writes it, from the browser's own Intl (agorot / 100). */
const moneyIn = (page: Page, language: string, agorot: number) =>
  page.evaluate(
    ([lng, amount]) => new Intl.NumberFormat(lng, { style: 'currency', currency: 'ILS' }).format(amount / 100),
    [language, agorot] as const,
  );

/** Nothing on the page is wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The admin's orders, through the API, to read what the card shows by its data. */
async function adminOrderOf(admin: APIRequestContext, email: string): Promise<AdminOrder | undefined> {
  const answer = (await (await admin.get('/api/admin/orders')).json()) as { orders: AdminOrder[] };
  return answer.orders.find((order) => order.client.email === email);
}

for (const { lng, viewport } of PHONE_HE_AND_DESK_EN) {
  test(`the whole sale in ${lng} on a ${viewport.width} px screen: pick, pay, report, confirm, edit, deliver, download, receipt`, async ({
    browser,
    baseURL,
    dataDir,
  }) => {
    test.setTimeout(300_000);
    const base = baseURL as string;
    const sales = localeTexts(lng, 'sales');
    const proofing = localeTexts(lng, 'proofing');
    const adminTexts = localeTexts(lng, 'admin');
    const home = localeTexts(lng, 'home');
    const sides = await adminAndClient(browser, base);
    const { admin, adminContext, clientContext, clientPage } = sides;
    await admin.setViewportSize(viewport);
    await clientPage.setViewportSize(viewport);
    const write = { headers: { origin: base } };

    // The photographer's set-up: a Bit number and a card-payment link, and the business on the receipts.
    const methods = [
      { kind: 'bit', phone: BIT_PHONE },
      { kind: 'link', label: 'Credit card', url: 'https://pay.example.com/equine' },
    ];
    expect(
      (
        await adminContext.request.put('/api/admin/payment-methods', { data: { methods, reminderDays: 3 }, ...write })
      ).status(),
    ).toBe(200);
    expect((await adminContext.request.put('/api/admin/business', { data: BUSINESS, ...write })).status()).toBe(200);

    // An invited client, a gallery of three photos in proofing.
    const email = `sale-${lng}-${Date.now()}@example.com`;
    const added = await adminContext.request.post('/api/admin/clients', {
      data: { email, fullName: lng === 'he' ? 'נועה לוי' : 'Noa Levi' },
      ...write,
    });
    expect(added.status()).toBe(201);
    const { id: clientId, folder } = (await added.json()) as { id: string; folder: string };
    const photos = await makeImages(PHOTOS, `IMG_${lng === 'he' ? 3 : 4}00`);
    for (const photo of photos)
      await adminUpload(adminContext.request, base, folder, photo.name, photo.buffer, photo.mimeType);
    const mode = await adminContext.request.patch(`/api/admin/folders/${encodeURIComponent(folder)}`, {
      data: { mode: 'proofing' },
      ...write,
    });
    expect(mode.status()).toBe(200);
    const invited = await adminContext.request.post(`/api/admin/clients/${clientId}/invitation`, {
      data: { language: lng },
      ...write,
    });
    expect(invited.status()).toBe(200);
    const link = await newestLinkInOutbox(dataDir, email, 'accept-invite');
    const password = 'a season of clear rounds';
    const accepted = await clientContext.request.post('/api/auth/invitation/accept', {
      data: { token: new URL(link).searchParams.get('token'), newPassword: password, confirmNewPassword: password },
      ...write,
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The client: three picks. Invited without included photos, each one costs ₪6.
    await expect
      .poll(
        async () => {
          const page = (await (await clientContext.request.get('/api/me/gallery')).json()) as {
            items: Array<{ proof: boolean }>;
          };
          return page.items.filter((item) => item.proof).length;
        },
        { timeout: 90_000, message: 'every photo has its proof' },
      )
      .toBe(PHOTOS);
    await clientPage.goto(`/me?lng=${lng}`);
    for (const number of [1, 2, 3]) {
      const heart = clientPage.getByRole('button', { name: proofing.pick.photo.replace('{{number}}', String(number)) });
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    }
    const total = await moneyIn(clientPage, lng, 1800);
    await expect(clientPage.getByTestId('picks-total')).toHaveText(total);
    await clientPage.getByRole('button', { name: proofing.summary.send }).click();
    const dialog = clientPage.getByRole('dialog', { name: proofing.send.title });
    await dialog.getByRole('button', { name: proofing.send.confirm, exact: true }).click();

    // How to pay: the amount, the reference, the Bit number and the link with its QR code.
    const payment = clientPage.getByTestId('order-payment');
    await expect(payment).toBeVisible();
    await expect(payment).toContainText(total);
    await expect(payment).toContainText(BIT_PHONE);
    const reference = (await payment.textContent())?.match(/HD-\d+/)?.[0];
    expect(reference).toBeTruthy();
    await expect(payment.getByTestId('payment-qr')).toBeVisible();
    await expectNoSidewaysScroll(clientPage);
    await expectNoAxeViolations(clientPage);

    // The client reports paying by Bit.
    await payment.getByLabel(sales.report.method).selectOption('bit');
    await payment.getByLabel(sales.report.note).fill('Sent from my mother’s phone');
    await payment.getByRole('button', { name: sales.report.send }).click();
    await expect(payment.getByTestId('payment-report')).toContainText(home.pricing.methods.bit);

    // The photographer sees the report, confirms the payment (the form is filled from it) and gets a receipt number.
    await admin.goto(`/admin/orders?lng=${lng}`);
    const card = admin.locator(`[data-testid="admin-order"][data-email="${email}"]`);
    const report = card.getByTestId('order-payment-report');
    await expect(report).toContainText(home.pricing.methods.bit);
    await expect(report).toContainText('Sent from my mother’s phone');
    await card.getByRole('button', { name: adminTexts.orders.markPaid }).click();
    const paying = card.getByRole('form', { name: adminTexts.orders.markPaid });
    await expect(paying.getByRole('radio', { name: home.pricing.methods.bit })).toBeChecked();
    await paying.getByRole('button', { name: adminTexts.orders.confirmPaid }).click();
    await expect(card).toHaveAttribute('data-status', 'paid');
    await expectNoAxeViolations(admin);

    // "Upload edits": the three exported files find their items by name, and go back onto them.
    const edits = await Promise.all(
      photos.map(async (photo) => {
        const dot = photo.name.lastIndexOf('.');
        const edited = sharp(photo.buffer).negate({ alpha: false });
        const buffer = await (photo.mimeType === 'image/png' ? edited.png() : edited.jpeg()).toBuffer();
        return { ...photo, name: `${photo.name.slice(0, dot)}-Edit${photo.name.slice(dot)}`, buffer };
      }),
    );
    await admin.goto(`/admin/folders/${encodeURIComponent(folder)}?lng=${lng}`);
    await admin.getByRole('button', { name: sales.edits.title }).click();
    const editsDialog = admin.getByRole('dialog', { name: sales.edits.title });
    await editsDialog.getByTestId('edits-input').setInputFiles(edits);
    await expect(editsDialog.locator('[data-testid="edit-row"][data-outcome="replace"]')).toHaveCount(PHOTOS);
    await expectNoAxeViolations(admin);
    await editsDialog
      .getByRole('button', { name: sales.edits.confirm_other.replace('{{count}}', String(PHOTOS)) })
      .click();
    await expect
      .poll(async () => (await adminOrderOf(adminContext.request, email))?.items.filter((item) => item.edited).length, {
        timeout: 120_000,
        message: 'every picked photo has its edited version',
      })
      .toBe(PHOTOS);

    // Delivered, with every pick edited: no warning stands in the way.
    await admin.goto(`/admin/orders?lng=${lng}`);
    await card.getByRole('button', { name: adminTexts.orders.deliver, exact: true }).click();
    await card.getByRole('button', { name: adminTexts.orders.confirmDeliver }).click();
    await expect(card).toHaveAttribute('data-status', 'delivered');

    // The client's orders: Download All holds exactly the three edited files, and the receipt opens.
    await clientPage.goto(`/me/orders?lng=${lng}`);
    const order = clientPage.getByTestId('order-status');
    await expect(order).toHaveAttribute('data-status', 'delivered');
    const full = order.getByTestId('download-all').getByRole('link', { name: sales.delivery.fullSize });
    const zip = await clientContext.request.get((await full.getAttribute('href')) as string);
    expect(zip.status()).toBe(200);
    const entries = zipEntries(await zip.body());
    expect([...entries.values()].map((bytes) => bytes.toString('base64')).sort()).toEqual(
      edits.map((file) => file.buffer.toString('base64')).sort(),
    );
    const receiptLink = order.getByTestId('order-receipt-link');
    await expect(receiptLink).toBeVisible();
    await expectNoSidewaysScroll(clientPage);
    await expectNoAxeViolations(clientPage);
    const orders = (await (await clientContext.request.get('/api/me/orders')).json()) as { orders: ClientOrder[] };
    const receipt = orders.orders[0]?.receipt;
    expect(receipt?.number).toMatch(/^\d{4}-\d{4}$/);
    await clientPage.goto(receipt?.url as string);
    await expect(clientPage.locator('html')).toHaveAttribute('dir', lng === 'he' ? 'rtl' : 'ltr');
    await expect(clientPage.locator('body')).toContainText(receipt?.number as string);
    await expect(clientPage.locator('body')).toContainText(BUSINESS.name);
    await expect(clientPage.locator('body')).toContainText('18.00');
    await expectNoAxeViolations(clientPage);
    await sides.close();
  });
}
