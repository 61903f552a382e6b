import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { makeShowFrame } from '../server/media/ocr/show-frames';
import type { EntryResult } from '../shared/schemas/events';
import { localeTexts, signIn } from './support/admin-helpers';
import { expectNoAxeViolations } from './support/axe';
import { newestInOutbox, signUpVerifiedClient } from './support/clients';
import { expect, test } from './support/own-server';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './support/server';

/**
 * The show day, end to end, once in Hebrew and once in English: the photographer makes a sync key in the panel and
 * syncs a folder of frames from the laptop with `npm run sync`; the server reads the start numbers in the frames and
 * places them; a rider who asked on the event's page (on a phone, from a directly opened link) to be told gets one
 * e-mail, opens its link directly while signed in, and buys the whole entry. The rider alerts go out at once here
 * (RIDER_NOTICE_DELAY_SECONDS=0) instead of after the two minutes that batch a real show's placements.
 */
test.use({ serverEnv: { RIDER_NOTICE_DELAY_SECONDS: '0' }, serverOwnedBy: 'show-day.spec.ts' });

const run = promisify(execFile);
const PHONE = { width: 390, height: 844 } as const;
const DESK = { width: 1366, height: 768 } as const;

/** The start list as a show secretary often has it: numbers, riders and horses; no classes, no times. */
const START_LIST = ['Number,Rider,Horse', '127,נועה כהן,ברק', '58,Daniel Brown,Thunder', '311,מאיה לוי,סהרה'].join(
  '\r\n',
);

const LANGUAGES = [
  { lng: 'he', rider: '127', other: '58' },
  { lng: 'en', rider: '58', other: '311' },
] as const;

async function createEventWithStartList(request: APIRequestContext, baseURL: string, slug: string) {
  await signIn(request, baseURL, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  const created = await request.post('/api/admin/events', {
    data: { name: `Show day ${slug}`, slug, date: '2026-11-27', visibility: 'public' },
    headers: { origin: baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const imported = await request.put(`/api/admin/events/${id}/start-list`, {
    data: Buffer.from(START_LIST),
    headers: { origin: baseURL, 'content-type': 'text/csv' },
  });
  expect(imported.status(), await imported.text()).toBe(200);
}

/** A folder as the camera fills it: two frames of the rider's number, one of another rider. */
async function showFolder(rider: string, other: string): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'show-day-'));
  const frames = [
    { name: 'IMG_0001.jpg', number: rider, seed: 1 },
    { name: 'IMG_0002.jpg', number: rider, seed: 2 },
    { name: 'IMG_0003.jpg', number: other, seed: 3 },
  ];
  for (const frame of frames) {
    const jpeg = await makeShowFrame({ number: frame.number, width: 1600, height: 1067, seed: frame.seed });
    fs.writeFileSync(path.join(folder, frame.name), jpeg);
  }
  return folder;
}

/** A heart styled as the gallery draws it: a tap target, not an unstyled sliver of a button. */
async function expectFullSizeHeart(heart: Locator) {
  await expect(heart).toBeVisible();
  const box = await heart.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const { lng, rider, other } of LANGUAGES) {
  test(`show day in ${lng}: a synced folder is read by number, the rider is told and buys from the link`, async ({
    browser,
    baseURL,
    dataDir,
  }) => {
    test.setTimeout(240_000);
    const base = baseURL as string;
    const slug = `show-day-${lng}`;
    const events = localeTexts(lng, 'events');

    // The photographer, at the desk: the event and its start list, then a sync key made in the panel.
    const adminContext = await browser.newContext({ baseURL: base, viewport: DESK });
    await createEventWithStartList(adminContext.request, base, slug);
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`/admin/api-keys?lng=${lng}`);
    const create = adminPage.getByTestId('api-key-create');
    await create.getByRole('textbox').fill(`Laptop ${lng}`);
    await create.getByRole('button').click();
    const key = await adminPage.getByTestId('api-key-value').inputValue();
    expect(key).toMatch(/^gsk_/);
    await expect(adminPage.getByTestId('api-key-row').filter({ hasText: `Laptop ${lng}` })).toHaveCount(1);

    // The rider, on a phone, signed in: opens the event's shared link directly and asks to be told.
    const riderContext = await browser.newContext({ baseURL: base, viewport: PHONE });
    const client = await signUpVerifiedClient(riderContext.request, dataDir, { baseURL: base, prefix: `rider-${lng}` });
    const riderPage = await riderContext.newPage();
    await riderPage.goto(`/events/${slug}?lng=${lng}`);
    // The search comes before the prices, for the eye and for the keyboard alike.
    await expect(riderPage.getByRole('searchbox')).toBeVisible();
    const searchFirst = await riderPage.evaluate(() => {
      const search = document.querySelector('input[type="search"]');
      const prices = document.querySelector('[data-testid="event-prices"]');
      return Boolean(search && prices && search.compareDocumentPosition(prices) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(searchFirst).toBe(true);
    const form = riderPage.getByTestId('subscribe-form');
    await form.getByTestId('subscribe-number').fill(rider);
    await form.getByTestId('subscribe-email').fill(client.email);
    await form.getByTestId('subscribe-submit').click();
    await expect(riderPage.getByRole('status').filter({ hasText: events.subscribe.sent })).toBeVisible();
    const confirm = await newestInOutbox(
      dataDir,
      client.email,
      /https?:\/\/\S+\/api\/subscriptions\/confirm\?token=[\w-]+/,
      'a subscription confirmation link',
    );
    await riderPage.goto(confirm);
    await expect(riderPage.getByTestId('subscription-outcome')).toHaveAttribute('data-outcome', 'confirmed');
    await expect(riderPage.getByTestId('subscription-outcome')).toContainText(events.subscribe.outcome.confirmed);

    // The laptop at the show: the folder goes up with the key; nothing is placed by time (the list has none).
    const folder = await showFolder(rider, other);
    const synced = await run(process.execPath, ['--import', 'tsx', 'scripts/sync.ts', folder, '--event', slug], {
      env: { ...process.env, GALLERY_URL: base, GALLERY_API_KEY: key },
      timeout: 120_000,
    });
    expect(synced.stdout).toContain('3 uploaded, 0 skipped, 0 failed');

    // Read from the frames: the rider's two photos under their number, the other rider's under theirs.
    await expect
      .poll(
        async () => {
          const answer = await riderContext.request.get(`/api/events/${slug}/search?q=${rider}`);
          const found = (await answer.json()) as { entries: EntryResult[] };
          return found.entries.find((entry) => entry.number === rider)?.photoCount ?? 0;
        },
        { message: `photos found under ${rider}`, timeout: 120_000, intervals: [500] },
      )
      .toBe(2);

    // From inside the site (the events list, then the event, then the number) the buyer's parts are styled.
    const proofing = localeTexts(lng, 'proofing');
    const firstHeart = (ride: Locator) =>
      ride.getByRole('button', { name: proofing.pick.photo.replace('{{number}}', '1'), exact: true });
    await riderPage.goto(`/events?lng=${lng}`);
    await riderPage.getByRole('link', { name: `Show day ${slug}` }).click();
    await riderPage.getByRole('searchbox').fill(rider);
    await riderPage.getByRole('searchbox').press('Enter');
    await expectFullSizeHeart(firstHeart(riderPage.locator(`[data-testid="entry"][data-number="${rider}"]`)));

    // One e-mail, whose link opens the event page directly on the rider's number.
    const told = await newestInOutbox(
      dataDir,
      client.email,
      new RegExp(`https?://\\S+/events/${slug}\\?q=${rider}`),
      'the photos-ready link',
    );
    await riderPage.goto(told);
    const ride = riderPage.locator(`[data-testid="entry"][data-number="${rider}"]`);
    await expect(ride.locator('.tile')).toHaveCount(2);
    await expectNoSidewaysScroll(riderPage);

    // Opened directly, the buyer's parts are styled and priced as from inside the site.
    const heart = firstHeart(ride);
    await expectFullSizeHeart(heart);
    await heart.click();
    const summary = riderPage.getByTestId('picks-summary');
    const onePhoto = await riderPage.evaluate(
      ([language]) => new Intl.NumberFormat(language, { style: 'currency', currency: 'ILS' }).format(6),
      [lng] as const,
    );
    await expect(summary.getByTestId('picks-total')).toHaveText(onePhoto);
    await expect(summary.getByTestId('picks-explain')).toContainText(onePhoto);
    const countAndTotalApart = await summary.evaluate((node) => {
      const count = node.querySelector('[data-testid="picks-count"]')?.getBoundingClientRect();
      const total = node.querySelector('.picks-summary__total')?.getBoundingClientRect();
      return Boolean(
        count && total && (total.left >= count.right || total.right <= count.left || total.top >= count.bottom),
      );
    });
    expect(countAndTotalApart).toBe(true);
    await heart.click();
    await expect(summary).toHaveCount(0);

    // The whole entry, after the page's own question.
    await ride.getByRole('button', { name: new RegExp(`^${events.buy.entry.split('{{')[0].trim()}`) }).click();
    const dialog = riderPage.getByRole('dialog', { name: events.buy.title });
    await dialog.getByRole('button', { name: new RegExp(`^${events.buy.confirm.split('{{')[0].trim()}`) }).click();
    await expect(dialog).toHaveCount(0);
    await expect(riderPage.getByTestId('order-status')).toHaveAttribute('data-status', 'submitted');
    await expectNoAxeViolations(riderPage);

    fs.rmSync(folder, { recursive: true, force: true });
    await riderContext.close();
    await adminContext.close();
  });
}
