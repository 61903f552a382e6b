import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { jpegTakenAt } from '../server/media/test-images';
import type { AdminEvent, EntryResult } from '../shared/schemas/events';
import type { GalleryPage } from '../shared/schemas/gallery';
import type { AdminOrder, PicksResponse } from '../shared/schemas/proofing';
import { adminAndClient, uploadTask } from './support/admin-helpers';
import { WCAG_TAGS } from './support/axe';
import { signUpVerifiedClient } from './support/clients';
import { expect, test } from './support/own-server';

/**
 * Competitions in the browser: the photographer creates a public event, imports its start list (after a refused
 * file that names its bad lines), uploads photos whose EXIF says when they were taken and waits until they are placed
 * in the rides; a visitor finds a ride by start number and by the rider's Hebrew name and sees watermarked proofs and
 * "Sign in to buy"; a client picks a photo, then buys the whole entry (two horses of the rider in the class); the
 * photographer sees the order with its event and ride, marks it paid and delivers it; the client downloads the
 * bought photos from /me. Also: an unlisted event opens only with its key and is noindex, a public one is not; the
 * page in Hebrew and Arabic. The suite signs a client up, so it runs on a server of its own.
 */
test.describe.configure({ mode: 'serial' });

const EVENT = { name: 'Spring Cup 2026', slug: 'spring-cup-2026', date: '2026-05-14', venue: 'Kfar Hess' };
const CLASS = 'מקצה 1.10';
/** The start list as the organiser exports it: Hebrew riders and horses, and one English rider. */
const START_LIST = [
  'Start number,Rider,Horse,Class,Start time',
  `12,נועה כהן,ברק,${CLASS},09:30`,
  `14,נועה כהן,Zorro,${CLASS},09:33`,
  `15,Daniel Brown,Thunder,${CLASS},09:36`,
  '21,מאיה לוי,סהרה,מקצה 1.20,10:00',
].join('\r\n');
/** A file with two bad lines: a start time that is not one, and a start number used twice. */
const BAD_START_LIST = [
  'Start number,Rider,Horse,Class,Start time',
  `12,נועה כהן,ברק,${CLASS},9.3O`,
  `12,Daniel Brown,Thunder,${CLASS},09:36`,
].join('\r\n');
/** Photos by the camera's clock (local time at the event): two of ride 12, one of ride 14, one of ride 15. */
const CAMERA = { Make: 'Canon', Model: 'EOS R6' };
const SHOTS = [
  { name: 'jump-1.jpg', at: '2026:05:14 09:31:10' },
  { name: 'jump-2.jpg', at: '2026:05:14 09:31:40' },
  { name: 'jump-3.jpg', at: '2026:05:14 09:34:05' },
  { name: 'jump-4.jpg', at: '2026:05:14 09:37:00' },
];
/** The whole entry of ride 12: the price per entry (₪60) and one more horse of the same rider in the class (₪30). */
const WHOLE_ENTRY_AGOROT = 9000;

let adminContext: BrowserContext;
let admin: Page;
let clientContext: BrowserContext;
let clientPage: Page;
let client = { email: '' };

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

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

/** Every picture URL a set of tiles gives the browser (src and each srcset candidate). */
async function pictureUrls(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const srcset = node.getAttribute('srcset') ?? '';
      const src = node.getAttribute('src') ?? '';
      return [src, ...srcset.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '')].filter(Boolean);
    }),
  );
}

const robotsMeta = (page: Page) => page.locator('head meta[name="robots"][content="noindex"]');

async function adminEvent(slug: string): Promise<AdminEvent> {
  const list = (await (await adminContext.request.get('/api/admin/events')).json()) as { events: AdminEvent[] };
  const found = list.events.find((event) => event.slug === slug);
  if (!found) throw new Error(`no event ${slug}`);
  return found;
}

let sides: Awaited<ReturnType<typeof adminAndClient>> | undefined;

test.beforeAll(async ({ browser, baseURL }) => {
  sides = await adminAndClient(browser, baseURL as string);
  ({ adminContext, admin, clientContext, clientPage } = sides);
});

test.afterAll(async () => {
  await sides?.close();
});

test('the photographer creates a public competition, imports its start list and uploads its photos', async () => {
  test.setTimeout(180_000);
  await admin.goto('/admin?lng=en');
  await admin.getByRole('tab', { name: 'Competitions', exact: true }).click();
  const form = admin.getByRole('form', { name: 'New competition' });
  await form.getByLabel('Name').fill(EVENT.name);
  // The address follows the name until it is typed by hand.
  await expect(form.getByLabel('Address of the page')).toHaveValue(EVENT.slug);
  await form.getByLabel('First day').fill(EVENT.date);
  await form.getByLabel('Venue').fill(EVENT.venue);
  await form.getByLabel('Discipline').selectOption('show-jumping');
  await expect(form.getByRole('radio', { name: /Public/ })).toBeChecked();
  await expectNoAxeViolations(admin);
  await form.getByRole('button', { name: 'Create the competition' }).click();

  const detail = admin.getByTestId('admin-event-detail');
  await expect(detail.getByRole('heading', { name: EVENT.name })).toBeVisible();
  await expect(detail.getByTestId('event-link')).toHaveValue(new RegExp(`/events/${EVENT.slug}$`));

  // A refused start list names each bad line and why; nothing is imported.
  const input = detail.getByTestId('start-list-input');
  await input.setInputFiles({ name: 'start-list.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_START_LIST) });
  const errors = detail.getByTestId('start-list-errors');
  await expect(errors).toBeVisible();
  await expect(errors).toHaveAttribute('role', 'alert');
  await expect(errors.locator('li[data-line="2"]')).toContainText('Line 2:');
  await expect(errors.locator('li[data-line="3"]')).toContainText('Line 3:');
  await expect(errors.locator('li')).toHaveCount(2);
  await expectNoAxeViolations(admin);

  await input.setInputFiles({ name: 'start-list.csv', mimeType: 'text/csv', buffer: Buffer.from(START_LIST) });
  await expect(detail.getByRole('status').filter({ hasText: 'Imported: 4 rides.' })).toBeVisible();
  await expect(errors).toHaveCount(0);
  const rows = detail.getByTestId('admin-entry');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Daniel Brown' })).toContainText('Thunder');

  // The photos, with their capture times; the server places them in the rides by time.
  const files = await Promise.all(
    SHOTS.map(async (shot) => ({
      name: shot.name,
      mimeType: 'image/jpeg',
      buffer: await jpegTakenAt(shot.at, CAMERA),
    })),
  );
  await detail.getByTestId('upload-input').setInputFiles(files);
  for (const file of files) {
    await expect(uploadTask(admin, file.name).getByTestId('upload-state')).toHaveText('Uploaded', { timeout: 60_000 });
  }
  await expect
    .poll(
      async () => {
        const event = await adminEvent(EVENT.slug);
        return { placed: event.photoCount, unplaced: event.unassignedCount };
      },
      { timeout: 60_000, message: 'every photo is placed in its ride' },
    )
    .toEqual({ placed: SHOTS.length, unplaced: 0 });
  await expect(detail.getByTestId('unplaced-count')).toHaveAttribute('data-count', '0');
  await expect(detail.getByTestId('event-camera')).toHaveAttribute('data-camera', /Canon/);
  await expect(rows.filter({ hasText: 'Daniel Brown' }).locator('td').nth(4)).toHaveText('1');
  await expect(detail.getByText('Every photo is placed in a ride.')).toBeVisible();
  await expectNoAxeViolations(admin);

  // The clocks as they were (the camera's offset typed, the rounds at their default) place the photos the same way.
  const camera = detail.getByTestId('event-camera');
  await camera.getByLabel('Offset in seconds').fill('0');
  await camera.getByRole('button', { name: 'Save and place again' }).click();
  await expect(camera.getByRole('status')).toHaveText('Placed again. In rides: 4 · not placed: 0.');
  const rounds = detail.getByRole('form', { name: 'Round length per class' });
  await expect(rounds.getByLabel(CLASS)).toHaveValue('180');
  await rounds.getByRole('button', { name: 'Save and place again' }).click();
  await expect(rounds.getByRole('status')).toHaveText('Placed again. In rides: 4 · not placed: 0.');

  // A ride hidden from the page is not found there; shown again, it is.
  const hidden = rows.filter({ hasText: 'מאיה לוי' });
  await hidden.getByRole('button', { name: 'Hide' }).click();
  await expect(hidden).toHaveAttribute('data-hidden', 'true');
  const search = async () =>
    ((await (await admin.request.get(`/api/events/${EVENT.slug}/search?q=21`)).json()) as { entries: EntryResult[] })
      .entries.length;
  expect(await search()).toBe(0);
  await hidden.getByRole('button', { name: 'Show' }).click();
  await expect(hidden).toHaveAttribute('data-hidden', 'false');
  expect(await search()).toBe(1);

  // On a phone the rides are cards that fit the screen.
  await admin.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(admin);
  await admin.setViewportSize({ width: 1366, height: 768 });
});

test('a visitor finds a ride by start number and by the rider’s Hebrew name, with watermarked proofs', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // The proofs are made in the background: wait until the ride's photos are proofs.
  await expect
    .poll(
      async () => {
        const answer = await context.request.get(`/api/events/${EVENT.slug}/search?q=12`);
        const entries = ((await answer.json()) as { entries: EntryResult[] }).entries;
        return entries[0]?.items.filter((item) => item.proof && item.image.srcset.webp).length ?? 0;
      },
      { timeout: 60_000, message: 'the ride’s photos have their watermarked proofs' },
    )
    .toBe(2);

  await page.goto('/events?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Competitions' })).toBeVisible();
  const card = page.locator(`[data-testid="event-card"][data-slug="${EVENT.slug}"]`);
  await expect(card).toContainText('May 14, 2026');
  await expect(card).toContainText(`${EVENT.venue} · Show jumping`);
  await expectNoAxeViolations(page);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Competitions' }),
  ).toHaveAttribute('aria-current', 'page');

  await card.getByRole('link', { name: EVENT.name }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${EVENT.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: EVENT.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${EVENT.name} · `));
  // A public event may be indexed.
  await expect(page.getByTestId('event-page')).toBeVisible();
  await expect(robotsMeta(page)).toHaveCount(0);
  await expect(page.getByTestId('event-prices')).toContainText('₪60.00');
  await expect(page.getByTestId('sign-in-to-buy').getByRole('link', { name: 'Sign in to buy' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/events/${EVENT.slug}`)}`,
  );

  // By start number.
  const box = page.getByLabel('Start number, rider or horse');
  await box.fill('12');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-status')).toHaveText('1 ride found for 12.');
  const ride = page.locator('[data-testid="entry"][data-number="12"]');
  await expect(ride.getByRole('heading', { name: /12\s*נועה כהן/ })).toBeVisible();
  await expect(ride).toContainText('ברק');
  await expect(ride).toContainText(CLASS);
  await expect(ride.locator('time')).toHaveText('9:30 AM');
  await expect(ride.locator('.tile')).toHaveCount(2);
  const urls = await pictureUrls(page, '[data-testid="entry"] .tile img, [data-testid="entry"] .tile source');
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(new URL(url, 'http://x').pathname).toMatch(/^\/media\/[^/]+\/proof-/);
  // Two horses of the same rider in this class: the whole entry covers both.
  await expect(ride.locator('.entry-card__price')).toContainText(await moneyIn(page, 'en', WHOLE_ENTRY_AGOROT));
  await expect(ride).toContainText('Includes 2 horses in this class.');
  const signInHere = ride.getByRole('link', { name: 'Sign in to buy' });
  await expect(signInHere).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/events/${EVENT.slug}?q=12`)}`);
  await expect(page.getByTestId('pick-button')).toHaveCount(0);

  // The viewer steps through the ride's proofs.
  await ride.getByRole('button', { name: 'Open photo 1', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo and video viewer' });
  await expect(viewer).toContainText('1 of 2');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toHaveCount(0);
  await expectNoAxeViolations(page);

  // By the rider's name in Hebrew: both of her rides.
  await box.fill('נועה');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-status')).toContainText('2 rides found for');
  await expect(page.getByTestId('entry')).toHaveCount(2);
  await expect(page.locator('[data-testid="entry"][data-number="14"]')).toContainText('Zorro');
  await expect(page).toHaveURL(/q=%D7%A0%D7%95%D7%A2%D7%94/);

  // Nothing found, said so.
  await box.fill('999');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('search-status')).toHaveText(
    'No ride matches 999. Check the start number or the spelling of the name.',
  );
  await expect(page.getByTestId('entry')).toHaveCount(0);

  // On a phone nothing scrolls sideways.
  await box.fill('12');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('entry')).toHaveCount(1);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1366, height: 768 });

  // In Hebrew and Arabic: mirrored, and the amounts as each language writes them.
  for (const language of ['he', 'ar']) {
    await chooseLanguage(page, language);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(ride.locator('.entry-card__price')).toContainText(await moneyIn(page, language, WHOLE_ENTRY_AGOROT));
    await expect(page.getByTestId('event-prices')).toContainText(await moneyIn(page, language, 6000));
    await expect(ride.locator('.tile')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1366, height: 768 });
  }
  await chooseLanguage(page, 'en');
  await context.close();
});

test('an unlisted competition opens only with its key and is not indexed', async ({ browser, baseURL }) => {
  const created = await adminContext.request.post('/api/admin/events', {
    data: { name: 'Club training day', date: '2026-06-01', slug: 'club-training', visibility: 'unlisted' },
    headers: { origin: baseURL as string },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { accessKey } = await adminEvent('club-training');

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/events/club-training?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Competition not found' })).toBeVisible();
  await expect(robotsMeta(page)).toHaveCount(1);

  await page.goto(`/events/club-training?key=${accessKey}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Club training day' })).toBeVisible();
  await expect(robotsMeta(page)).toHaveCount(1);
  // Not in the public list.
  await page.getByRole('link', { name: 'All competitions' }).click();
  await expect(page.getByTestId('event-card')).toHaveCount(1);
  await expect(robotsMeta(page)).toHaveCount(0);
  await context.close();
});

test('a client picks a photo, then buys the whole entry', async ({ baseURL, dataDir }) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  client = await signUpVerifiedClient(clientContext.request, dataDir, { baseURL: base, prefix: 'rider' });
  await clientPage.goto(`/events/${EVENT.slug}?lng=en&q=15`);
  const other = clientPage.locator('[data-testid="entry"][data-number="15"]');
  await expect(other.locator('.tile')).toHaveCount(1);
  await expect(clientPage.getByTestId('sign-in-to-buy')).toHaveCount(0);

  // A heart on a single photo: the same live summary as a client's own gallery, priced without a deposit.
  const heart = other.getByRole('button', { name: 'Pick photo 1', exact: true });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const summary = clientPage.getByTestId('picks-summary');
  await expect(summary.getByTestId('picks-count')).toHaveText('1 photo picked');
  await expect(summary.getByTestId('picks-total')).toHaveText('₪6.00');
  await expect(summary.getByTestId('picks-explain')).toHaveText('₪6.00 per photo.');
  await expect(summary.getByRole('button', { name: 'Send my selection' })).toBeEnabled();
  const picks = (await (await clientContext.request.get(`/api/events/${EVENT.slug}/picks`)).json()) as PicksResponse;
  expect(picks).toMatchObject({ count: 1, total: { amount: 600 }, locked: false });
  await expectNoAxeViolations(clientPage);
  // Changed their mind: the heart again.
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(summary).toHaveCount(0);

  // The whole entry of ride 12, after the page's own question.
  const box = clientPage.getByLabel('Start number, rider or horse');
  await box.fill('12');
  await clientPage.getByRole('button', { name: 'Search', exact: true }).click();
  const ride = clientPage.locator('[data-testid="entry"][data-number="12"]');
  const price = await moneyIn(clientPage, 'en', WHOLE_ENTRY_AGOROT);
  const buy = ride.getByRole('button', { name: `Buy the whole entry – ${price}` });
  await buy.click();
  const dialog = clientPage.getByRole('dialog', { name: 'Buy the whole entry?' });
  await expect(dialog).toContainText('Every photo of start number 12');
  await expect(dialog).toContainText(`Total: ${price}`);
  await expect(dialog).toContainText('Includes 2 horses in this class.');
  await expectNoAxeViolations(clientPage);
  await dialog.getByRole('button', { name: `Order for ${price}` }).click();
  await expect(dialog).toHaveCount(0);
  const status = clientPage.getByTestId('order-status');
  await expect(status).toHaveAttribute('data-status', 'submitted');
  await expect(status.getByTestId('order-total')).toHaveText(price);
  await expect(clientPage.getByRole('link', { name: 'Open My photos' })).toHaveAttribute('href', '/me');
  await expectNoAxeViolations(clientPage);

  // In Hebrew the order and the price read as Hebrew writes them.
  await chooseLanguage(clientPage, 'he');
  await expect(status.getByTestId('order-total')).toHaveText(await moneyIn(clientPage, 'he', WHOLE_ENTRY_AGOROT));
  await chooseLanguage(clientPage, 'en');
});

test('the photographer sees the order with its competition and ride, marks it paid and delivers it', async () => {
  test.setTimeout(90_000);
  await admin.goto('/admin?lng=en');
  await admin.getByRole('tab', { name: 'Orders', exact: true }).click();
  const card = admin.locator(`[data-testid="admin-order"][data-email="${client.email}"]`);
  await expect(card).toHaveAttribute('data-status', 'submitted');
  await expect(card.getByTestId('order-event')).toHaveText(EVENT.name);
  await expect(card.getByTestId('order-entry')).toHaveText(`12 · נועה כהן · ברק · ${CLASS}`);
  await expect(card.getByTestId('order-total')).toHaveText('₪90.00');
  await expect(card.locator('.order-card__thumbs img')).toHaveCount(3);
  await expectNoAxeViolations(admin);

  await card.getByRole('button', { name: 'Mark paid' }).click();
  const payment = card.getByRole('form', { name: 'Mark paid' });
  await expect(payment.getByLabel('Amount received (₪)')).toHaveValue('90.00');
  await payment.getByRole('button', { name: 'Save payment' }).click();
  await expect(card).toHaveAttribute('data-status', 'paid');

  await card.getByRole('button', { name: 'Deliver' }).click();
  const delivery = card.getByRole('form', { name: 'Deliver' });
  await expect(delivery.getByRole('radio', { name: /Only the picked photos/ })).toBeChecked();
  await delivery.getByRole('button', { name: 'Deliver now' }).click();
  // No edited version was uploaded for these competition photos, so delivering asks first.
  const unedited = admin.getByRole('dialog', { name: 'Deliver without edits?' });
  await expect(unedited).toContainText('no edited version yet. Deliver anyway?');
  await unedited.getByRole('button', { name: 'Deliver anyway' }).click();
  await expect(card).toHaveAttribute('data-status', 'delivered');

  const orders = (await (await admin.request.get('/api/admin/orders')).json()) as { orders: AdminOrder[] };
  expect(orders.orders.find((order) => order.client.email === client.email)).toMatchObject({
    kind: 'entry',
    status: 'delivered',
    event: { name: EVENT.name, slug: EVENT.slug },
    entry: { number: '12', rider: 'נועה כהן', horse: 'ברק', class: CLASS },
  });
});

test('the client finds the bought photos in their own gallery, clean, and downloads one', async () => {
  test.setTimeout(60_000);
  await expect
    .poll(
      async () => {
        const page = (await (await clientContext.request.get('/api/me/gallery')).json()) as GalleryPage;
        return page.items.length;
      },
      { timeout: 30_000, message: 'the bought photos are in the client’s gallery' },
    )
    .toBe(3);
  const gallery = (await (await clientContext.request.get('/api/me/gallery')).json()) as GalleryPage;

  await clientPage.goto('/me?lng=en');
  await expect(clientPage.locator('.tile')).toHaveCount(3);
  const urls = await pictureUrls(clientPage, '.tile img, .tile source');
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(new URL(url, 'http://x').pathname).not.toMatch(/\/proof-/);
  const item = gallery.items[0];
  const download = await clientContext.request.get(`/api/media/${item?.id}/download`);
  expect(download.status()).toBe(200);

  // The event page says the order was delivered.
  await clientPage.goto(`/events/${EVENT.slug}?lng=en`);
  await expect(clientPage.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered');
});
