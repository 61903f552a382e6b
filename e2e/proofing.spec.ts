import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { LANGUAGES } from '../shared/i18n/languages';
import type { GalleryPage } from '../shared/schemas/gallery';
import type { AdminOrder, PicksResponse, WatermarkSettings } from '../shared/schemas/proofing';
import { adminAndClient, makeImages, uploadTask } from './support/admin-helpers';
import { WCAG_TAGS } from './support/axe';
import { signUpAndClaimPreparedGallery } from './support/clients';
import { expect, test } from './support/own-server';

/**
 * Proofing, picks and orders, in the browser: the photographer puts a client's gallery in proofing; the client sees
 * watermarked proofs, picks three (two are in the deposit, the third costs ₪6), writes a note and sends; the
 * photographer marks the order paid and delivers the picked photos; the client downloads one. The suite signs a
 * client up, so it runs on a server of its own.
 */
test.describe.configure({ mode: 'serial' });

const PHOTOS = 4;
const client = {
  email: `proofing-${Date.now()}@example.com`,
  name: 'Maya Proofing',
  password: 'picking the best jumps',
  note: 'Black and white for the second one, please.',
};
/** Shared by the steps: the admin's and the client's own browsers, and the ids of the picked photos. */
let admin: Page;
let clientContext: BrowserContext;
let clientPage: Page;
let picked: string[] = [];

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations).toEqual([]);
}

/** Nothing on the page is wider than the screen: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The last path segment of a media URL: the derivative's file name. */
const fileName = (url: string) => new URL(url, 'http://x').pathname.split('/').at(-1) ?? '';

/** The amount as that language writes it, from the browser's own Intl (agorot / 100). */
const moneyIn = (page: Page, language: string, agorot: number) =>
  page.evaluate(
    ([lng, amount]) => new Intl.NumberFormat(lng, { style: 'currency', currency: 'ILS' }).format(amount / 100),
    [language, agorot] as const,
  );

async function chooseLanguage(page: Page, language: string) {
  await page.locator('.language-menu__button').click();
  await page.locator(`.language-menu__option[lang="${language}"]`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

let sides: Awaited<ReturnType<typeof adminAndClient>> | undefined;

test.beforeAll(async ({ browser, baseURL }) => {
  sides = await adminAndClient(browser, baseURL as string);
  ({ admin, clientContext, clientPage } = sides);
});

test.afterAll(async () => {
  await sides?.close();
});

test('the photographer adds a client, uploads into the gallery and puts it in proofing', async () => {
  test.setTimeout(120_000);
  await admin.goto('/admin?lng=en');
  await admin.getByRole('tab', { name: /^Clients(\s|$)/ }).click();
  const form = admin.getByRole('form', { name: 'Add a client' });
  await form.getByLabel('Full name').fill(client.name);
  await form.getByLabel('E-mail').fill(client.email);
  await form.getByRole('button', { name: 'Add client' }).click();
  const row = admin.locator(`[data-testid="admin-client"][data-email="${client.email}"]`);
  await row.getByRole('link', { name: 'Open gallery' }).click();
  await expect(admin.getByRole('heading', { name: client.name })).toBeVisible();

  const photos = await makeImages(PHOTOS, 'ride');
  await admin.getByTestId('upload-input').setInputFiles(photos);
  for (const photo of photos) {
    await expect(uploadTask(admin, photo.name).getByTestId('upload-state')).toHaveText('Uploaded', { timeout: 60_000 });
  }

  // The switch says what proofing means, and saves on choosing.
  const mode = admin.getByTestId('gallery-mode');
  await expect(mode).toContainText('watermarked previews');
  await expect(mode.getByRole('radio', { name: /Delivered/ })).toBeChecked();
  await mode.getByRole('radio', { name: /Proofing/ }).check();
  await expect(mode.getByRole('status')).toHaveText('The gallery is in proofing now.');
  await expect(mode).toHaveAttribute('data-mode', 'proofing');
  await expect(mode.getByRole('radio', { name: /Proofing/ })).toBeChecked();
});

test('the photographer sets the watermark: a logo with its preview, removed again, then the text, centred', async () => {
  await admin.getByRole('tab', { name: 'Watermark', exact: true }).click();
  const panel = admin.getByRole('region', { name: 'Watermark' });
  await expect(panel.getByText('No logo yet: the proofs carry the text.')).toBeVisible();

  const logo = await sharp({
    create: { width: 240, height: 80, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.6 } },
  })
    .png()
    .toBuffer();
  await panel
    .getByTestId('watermark-logo-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(panel.getByRole('status')).toHaveText('Logo saved.');
  const preview = panel.getByRole('img', { name: 'The current watermark logo' });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

  // A file that is not a PNG is refused with the reason.
  await panel
    .getByTestId('watermark-logo-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all') });
  await expect(panel.getByRole('alert')).toHaveText(
    'The logo must be a PNG file of at most 2 MB and 4000 × 4000 pixels.',
  );

  await panel.getByRole('button', { name: 'Remove logo' }).click();
  await expect(panel.getByRole('status')).toHaveText('Logo removed: the proofs carry the text again.');
  await expect(preview).toHaveCount(0);

  // The text and layout; saving a new watermark makes the proofs of every proofing gallery again.
  const form = panel.getByRole('form', { name: 'Watermark' });
  await form.getByLabel('Watermark text').fill('Maya · proofs');
  await form.getByRole('radio', { name: 'Once, in the centre' }).check();
  await form.getByRole('button', { name: 'Save watermark' }).click();
  await expect(form.getByRole('status')).toHaveText('Watermark saved.');
  await expectNoAxeViolations(admin);
  const saved = (await (await admin.request.get('/api/admin/watermark')).json()) as WatermarkSettings;
  expect(saved).toMatchObject({ text: 'Maya · proofs', layout: 'centered', hasLogo: false });
});

test('the client sees proofs, picks three, reads the summary in every language and sends the selection', async ({
  baseURL,
  dataDir,
}) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  await signUpAndClaimPreparedGallery(clientContext.request, dataDir, {
    baseURL: base,
    email: client.email,
    password: client.password,
  });

  // The proofs are made in the background: wait until every item is one.
  await expect
    .poll(
      async () => {
        const page = (await (await clientContext.request.get('/api/me/gallery')).json()) as GalleryPage;
        return page.items.filter((item) => item.proof && item.image.srcset.webp).length;
      },
      { timeout: 60_000, message: 'every item has its watermarked proof' },
    )
    .toBe(PHOTOS);

  await clientPage.goto('/me?lng=en');
  await expect(clientPage.getByTestId('proofing')).toBeVisible();
  await expect(clientPage.locator('.tile')).toHaveCount(PHOTOS);
  // What the browser is given to show is the proofs, never a clean derivative.
  const urls = await clientPage.locator('.tile img, .tile source').evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const srcset = node.getAttribute('srcset') ?? '';
      const src = node.getAttribute('src') ?? '';
      return [src, ...srcset.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')].filter(Boolean);
    }),
  );
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(fileName(url)).toMatch(/^proof-\d+w-[0-9a-f]{16}\.webp$/);
  // Nothing to download in proofing.
  await expect(clientPage.getByTestId('download-all')).toHaveCount(0);

  // Three hearts: two are in the deposit, the third costs ₪6.
  for (const number of [1, 2, 3]) {
    const heart = clientPage.getByRole('button', { name: `Pick photo ${number}`, exact: true });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  const summary = clientPage.getByTestId('picks-summary');
  await expect(summary.getByTestId('picks-count')).toHaveText('3 photos picked');
  await expect(summary.getByTestId('picks-total')).toHaveText('₪6.00');
  await expect(summary.getByTestId('picks-explain')).toHaveText(
    'The first 2 photos are included in your deposit, then ₪6.00 each.',
  );
  const answer = (await (await clientContext.request.get('/api/me/picks')).json()) as PicksResponse;
  expect(answer).toMatchObject({ count: 3, total: { amount: 600, currency: 'ILS' }, locked: false, mode: 'proofing' });
  picked = answer.mediaIds;
  // A proof is not a download.
  const refused = await clientContext.request.get(`/api/media/${picked[0]}/download`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not-delivered');

  // A heart in the viewer too; un-picking and picking again from it changes the summary both ways.
  await clientPage.getByRole('button', { name: 'Open photo 4', exact: true }).click();
  const viewer = clientPage.getByRole('dialog', { name: 'Photo and video viewer' });
  const viewerHeart = viewer.getByRole('button', { name: 'Pick this photo' });
  await expect(viewerHeart).toHaveAttribute('aria-pressed', 'false');
  await expect(viewer.getByRole('button', { name: 'Download' })).toHaveCount(0);
  await viewerHeart.click();
  await expect(summary.getByTestId('picks-count')).toHaveText('4 photos picked');
  await viewerHeart.click();
  await expect(viewerHeart).toHaveAttribute('aria-pressed', 'false');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(summary.getByTestId('picks-count')).toHaveText('3 photos picked');
  await expect(summary.getByTestId('picks-total')).toHaveText('₪6.00');

  // "My picks" shows only the picked ones.
  await clientPage.getByRole('button', { name: /My picks/ }).click();
  await expect(clientPage.getByTestId('picks-view').locator('.tile')).toHaveCount(3);
  await expectNoAxeViolations(clientPage);
  await clientPage.getByRole('button', { name: 'All photos' }).click();
  await expect(clientPage.locator('.tile')).toHaveCount(PHOTOS);
  await expectNoAxeViolations(clientPage);

  // The summary in every language, with that language's currency format.
  for (const language of [...LANGUAGES.filter((lng) => lng !== 'en'), 'en']) {
    await chooseLanguage(clientPage, language);
    const expected = await moneyIn(clientPage, language, 600);
    await expect(summary.getByTestId('picks-total')).toHaveText(expected);
    await expect(summary.getByTestId('picks-count')).toContainText('3');
    // ₪6 a photo after the included ones, in the same format.
    const unitPrice = await moneyIn(clientPage, language, answer.unitPrice.amount);
    expect(await summary.getByTestId('picks-explain').textContent()).toContain(unitPrice);
    if (language === 'he') await expectNoAxeViolations(clientPage);
  }

  // On a phone the summary stays on screen and nothing scrolls sideways.
  await clientPage.setViewportSize({ width: 375, height: 740 });
  await expect(summary).toBeInViewport();
  await expectNoSidewaysScroll(clientPage);
  await clientPage.setViewportSize({ width: 1366, height: 768 });

  // Send, with a note, after a question in the page's own dialog.
  await summary.getByRole('button', { name: 'Send my selection' }).click();
  const dialog = clientPage.getByRole('dialog', { name: 'Send your selection?' });
  await expect(dialog).toContainText('3 photos, total ₪6.00');
  await dialog.getByLabel('A note to the photographer (optional)').fill(client.note);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const status = clientPage.getByTestId('order-status');
  await expect(status).toHaveAttribute('data-status', 'submitted');
  await expect(status).toContainText(client.note);
  await expect(summary).toContainText('Selection sent');
  // Locked: every heart shows its state and none can change it.
  const hearts = clientPage.getByTestId('pick-button');
  await expect(hearts).toHaveCount(PHOTOS);
  for (const heart of await hearts.all()) await expect(heart).toBeDisabled();
  await expect(clientPage.getByRole('button', { name: 'Pick photo 1', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Sending again answers the same order.
  const again = await clientContext.request.post('/api/me/orders', { data: { note: '' }, headers: { origin: base } });
  expect(again.status()).toBe(200);
  const locked = (await (await clientContext.request.get('/api/me/picks')).json()) as PicksResponse;
  expect(locked).toMatchObject({ locked: true, order: { status: 'submitted', note: client.note } });
  expect(((await again.json()) as { id: string }).id).toBe(locked.order?.id);
  await expectNoAxeViolations(clientPage);
});

test('the photographer sees the order, marks it paid by Bit and delivers the picked photos', async () => {
  test.setTimeout(90_000);
  await admin.goto('/admin?lng=en');
  await admin.getByRole('tab', { name: 'Orders', exact: true }).click();
  const card = admin.locator(`[data-testid="admin-order"][data-email="${client.email}"]`);
  await expect(card).toHaveAttribute('data-status', 'submitted');
  await expect(card.getByTestId('order-note')).toHaveText(client.note);
  await expect(card.getByTestId('order-total')).toHaveText('₪6.00');
  await expect(card.locator('.order-card__thumbs img')).toHaveCount(3);
  await expectNoAxeViolations(admin);

  // The status filter.
  await admin.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(card).toHaveCount(0);
  await admin.getByRole('button', { name: 'All', exact: true }).click();
  await expect(card).toBeVisible();

  // The picked originals, as one ZIP.
  const archive = await card.getByRole('link', { name: 'Download the picked originals' }).getAttribute('href');
  const zip = await admin.request.get(archive as string);
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');

  await card.getByRole('button', { name: 'Mark paid' }).click();
  const payment = card.getByRole('form', { name: 'Mark paid' });
  await expect(payment.getByRole('radio', { name: 'Bit' })).toBeChecked();
  await expect(payment.getByLabel('Amount received (₪)')).toHaveValue('6.00');
  await payment.getByRole('button', { name: 'Save payment' }).click();
  await expect(card).toHaveAttribute('data-status', 'paid');
  await expect(card.getByTestId('order-payment')).toContainText('₪6.00 · Bit');

  await card.getByRole('button', { name: 'Deliver' }).click();
  const delivery = card.getByRole('form', { name: 'Deliver' });
  await expect(delivery.getByRole('radio', { name: /Only the picked photos/ })).toBeChecked();
  await delivery.getByRole('button', { name: 'Deliver now' }).click();
  // No edited version was uploaded for these picked photos, so delivering asks first.
  const unedited = admin.getByRole('dialog', { name: 'Deliver without edits?' });
  await expect(unedited).toContainText('no edited version yet. Deliver anyway?');
  await unedited.getByRole('button', { name: 'Deliver anyway' }).click();
  await expect(card).toHaveAttribute('data-status', 'delivered');
  await expect(card.getByRole('button', { name: /Mark paid|Deliver|Cancel order/ })).toHaveCount(0);
  await expectNoAxeViolations(admin);

  const orders = (await (await admin.request.get('/api/admin/orders')).json()) as { orders: AdminOrder[] };
  expect(orders.orders.find((order) => order.client.email === client.email)).toMatchObject({
    status: 'delivered',
    delivery: 'picked',
    payment: { method: 'bit', amount: { amount: 600 } },
  });

  // On a phone the orders are cards that fit the screen.
  await admin.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(admin);
  await admin.setViewportSize({ width: 1366, height: 768 });
});

test('the client sees the order delivered and downloads a picked photo', async () => {
  await clientPage.goto('/me?lng=en');
  const status = clientPage.getByTestId('order-status');
  await expect(status).toHaveAttribute('data-status', 'delivered');
  await expect(status).toContainText('Your photos are ready.');

  const download = await clientContext.request.get(`/api/media/${picked[0]}/download`);
  expect(download.status()).toBe(200);

  // In the viewer, a delivered photo has its Download button, and saving it works.
  const tile = clientPage.locator(`.tile[data-media-id="${picked[0]}"]`);
  await tile.click();
  const viewer = clientPage.getByRole('dialog', { name: 'Photo and video viewer' });
  const saving = clientPage.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Download' }).click();
  expect((await saving).suggestedFilename()).toMatch(/^ride-\d\.(jpg|png)$/);
  await viewer.getByRole('button', { name: 'Close' }).click();
});
