import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money';
import type { AdminOrder, ClientOrder } from '../../../shared/schemas/proofing';
import type { ReceiptList } from '../../../shared/schemas/receipts';
import { type Database, openDatabase } from '../../db/database';
import { escapeHtml } from '../../html';
import { createMediaRepository } from '../../repositories/media-repository';
import { createOrderRepository, type OrderRepository } from '../../repositories/order-repository';
import { signUpVerified, type VerifiedUser } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { makeReadyMedia } from '../../test/support/media-factory';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'receipts-admin-secret' };
const PASSWORD = 'riding at dawn';
/** A client whose name would run in a page that did not escape it, and in a spreadsheet that did not neutralise it. */
const HOSTILE_NAME = '=HYPERLINK("https://evil.example")<img src=x onerror=alert(1)>';
const BUSINESS = { name: 'Noa & Co. Photography', registrationNumber: '12-345 6782', phone: '050-123 4567' };

// A client's receipts told in order: an order paid before the business details are set, then cancelled; a second
// order, refused a receipt while unpaid, then paid under the details; the photographer's list and CSV of the year.
// Each step starts where the one before left the orders, so the steps run in this order (sequential). Numbering under
// concurrency and across years: server/services/proofing/receipts.test.ts.
describe.sequential.each(TEST_DATABASES)('receipts on %s', (database) => {
  let t: TestApp;
  let db: Database;
  let orders: OrderRepository;
  let admin: TestClient;
  let rider: TestClient;
  let other: TestClient;
  let riderUser: VerifiedUser;
  let otherUser: VerifiedUser;
  const ids = { first: '', second: '', others: '' };
  let ordersSent = 0;

  const receiptOf = (id: string, client = rider) => client.get(`/api/me/orders/${id}/receipt`);
  const pay = (id: string, paidAt: string) =>
    admin.request({
      method: 'PATCH',
      url: `/api/admin/orders/${id}`,
      payload: { status: 'paid', paymentMethod: 'bit', amount: 1200, paidAt },
    });

  /** A sent order of two photos for `user`, in their own gallery, written as sending a selection writes it. */
  async function sentOrder(user: VerifiedUser): Promise<string> {
    const media = createMediaRepository(db.db);
    const folder = `${user.folder}/order-${++ordersSent}`;
    const photos = [
      await makeReadyMedia(media, { folder: user.folder, name: 'oxer-jump.jpg', fullPath: `${folder}/oxer-jump.jpg` }),
      await makeReadyMedia(media, { folder: user.folder, name: 'קפיצה.jpg', fullPath: `${folder}/קפיצה.jpg` }),
    ];
    const order = await orders.create({
      accountId: user.id,
      folder: user.folder,
      scope: user.folder,
      kind: 'picks',
      eventId: null,
      entryId: null,
      note: '',
      language: 'he',
      includedCount: 0,
      unitAmount: 600,
      totalAmount: 1200,
      currency: 'ILS',
      mediaIds: photos.map((photo) => photo.id),
    });
    return order.id;
  }

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    db = await openDatabase(t.config.database);
    orders = createOrderRepository(db.db);
    rider = new TestClient(t.app);
    other = new TestClient(t.app);
    riderUser = await signUpVerified(rider, t.dataDir, 'noa@example.com', PASSWORD, HOSTILE_NAME);
    otherUser = await signUpVerified(other, t.dataDir, 'dan@example.com', PASSWORD, 'Dan Cohen');
    ids.first = await sentOrder(riderUser);
    ids.others = await sentOrder(otherUser);
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await t?.close();
  });

  it('has no receipt for an unpaid order (409), and none for another client’s order or no order (404)', async () => {
    const unpaid = await receiptOf(ids.first);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.code).toBe('receipt-not-issued');
    expect((await pay(ids.others, '2026-02-01')).statusCode).toBe(200);
    for (const res of [await receiptOf(ids.others), await receiptOf('00000000-0000-4000-8000-000000000000')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not-found');
    }
    expect((await receiptOf(ids.others, new TestClient(t.app))).statusCode).toBe(401);
  });

  it('issues a receipt when the order is paid, under the site’s name while the business details are unset', async () => {
    expect((await admin.get('/api/admin/business')).json()).toEqual({ details: null });
    const res = await pay(ids.first, '2026-03-01');
    expect(res.statusCode).toBe(200);
    expect((res.json() as ClientOrder).receipt).toEqual({
      number: '2026-0002',
      url: `/api/me/orders/${ids.first}/receipt`,
    });
    const page = await receiptOf(ids.first);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<bdi>${escapeHtml(t.config.siteName)}</bdi>`);
    expect(page.body).not.toContain('מס׳ עוסק');
  });

  it('keeps the receipt of an order cancelled after payment', async () => {
    const cancelled = await admin.request({
      method: 'PATCH',
      url: `/api/admin/orders/${ids.first}`,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.json().receipt).toMatchObject({ number: '2026-0002' });
    expect((await receiptOf(ids.first)).statusCode).toBe(200);
  });

  it('takes the business details only with a registration number whose check digit adds up, kept as digits', async () => {
    const put = (payload: Record<string, unknown>) =>
      admin.request({ method: 'PUT', url: '/api/admin/business', payload });
    for (const registrationNumber of ['123456789', '12345678', '1234567820', '12345678a']) {
      const refused = await put({ ...BUSINESS, registrationNumber });
      expect(refused.statusCode, registrationNumber).toBe(400);
      expect(refused.json().error.code).toBe('invalid-argument');
      expect(refused.json().error.details.fields.map((field: { field: string }) => field.field)).toEqual([
        'registrationNumber',
      ]);
    }
    expect((await put({ ...BUSINESS, name: '  ' })).statusCode).toBe(400);
    expect((await put({ ...BUSINESS, phone: 'call me' })).statusCode).toBe(400);
    expect((await admin.get('/api/admin/business')).json()).toEqual({ details: null });

    const saved = await put(BUSINESS);
    expect(saved.statusCode).toBe(200);
    const details = { name: BUSINESS.name, registrationNumber: '123456782', address: null, phone: '050-123 4567' };
    expect(saved.json()).toEqual({ details });
    expect((await admin.get('/api/admin/business')).json()).toEqual({ details });
    expect((await rider.request({ method: 'PUT', url: '/api/admin/business', payload: BUSINESS })).statusCode).toBe(
      403,
    );
  });

  it('prints the paid order’s receipt in the order’s language: right to left, every value escaped and isolated', async () => {
    ids.second = await sentOrder(riderUser);
    expect((await receiptOf(ids.second)).json().error.code).toBe('receipt-not-issued');
    expect((await pay(ids.second, '2026-03-05')).statusCode).toBe(200);

    const page = await receiptOf(ids.second);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
    const html = page.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="he" dir="rtl">/);
    expect(html).toContain('קבלה מס׳ <bdi>2026-0003</bdi>');
    expect(html).toContain('<bdi>Noa &amp; Co. Photography</bdi>');
    expect(html).toContain('מס׳ עוסק / ח״פ <bdi>123456782</bdi>');
    expect(html).toContain('<bdi dir="ltr">050-123 4567</bdi>');
    expect(html).toContain(`<bdi>${escapeHtml(HOSTILE_NAME)}</bdi>`);
    expect(html).not.toContain('<img');
    expect(html).toContain('<bdi dir="ltr">noa@example.com</bdi>');
    expect(html).toContain('<li><bdi dir="ltr">oxer-jump.jpg</bdi></li><li><bdi dir="ltr">קפיצה.jpg</bdi></li>');
    expect(html).toContain(`<bdi>${formatMoney({ amount: 1200, currency: 'ILS' }, 'he')}</bdi>`);
    expect(html).toContain('<dd>ביט</dd>');
    expect(html).toContain('<bdi>5 במרץ 2026</bdi>');
    expect(html).not.toContain('<script');

    // The photographer opens the same page, from the order or by the receipt's number.
    expect((await receiptOf(ids.second, admin)).body).toBe(html);
    const byNumber = await admin.get('/api/admin/receipts/2026/3');
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.body).toBe(html);
    expect(byNumber.headers['content-security-policy']).toBe(csp);
    expect((await admin.get('/api/admin/receipts/2026/4')).statusCode).toBe(404);
    expect((await rider.get('/api/admin/receipts/2026/3')).statusCode).toBe(403);
  });

  it('shows each order’s receipt number to its client and to the photographer', async () => {
    const mine = (await rider.get('/api/me/orders')).json().orders as ClientOrder[];
    expect(mine.map((order) => [order.id, order.receipt?.number ?? null])).toEqual(
      expect.arrayContaining([
        [ids.first, '2026-0002'],
        [ids.second, '2026-0003'],
      ]),
    );
    const all = (await admin.get('/api/admin/orders')).json().orders as AdminOrder[];
    expect(Object.fromEntries(all.map((order) => [order.id, order.receiptNumber]))).toEqual({
      [ids.first]: '2026-0002',
      [ids.second]: '2026-0003',
      [ids.others]: '2026-0001',
    });
  });

  it('lists the year’s receipts for the photographer, and gives them as a CSV a spreadsheet cannot run', async () => {
    const list = (await admin.get('/api/admin/receipts?year=2026')).json() as ReceiptList;
    expect(list.year).toBe(2026);
    expect(list.years).toContain(2026);
    expect(list.receipts.map((receipt) => [receipt.number, receipt.orderId, receipt.url])).toEqual([
      ['2026-0001', ids.others, '/api/admin/receipts/2026/1'],
      ['2026-0002', ids.first, '/api/admin/receipts/2026/2'],
      ['2026-0003', ids.second, '/api/admin/receipts/2026/3'],
    ]);
    expect(list.receipts[2]).toMatchObject({
      paidOn: '2026-03-05',
      client: { name: HOSTILE_NAME, email: 'noa@example.com' },
      amount: { amount: 1200, currency: 'ILS' },
      method: 'bit',
    });
    expect((await admin.get('/api/admin/receipts?year=2025')).json().receipts).toEqual([]);
    expect((await admin.get('/api/admin/receipts?year=soon')).statusCode).toBe(400);

    admin.cookies.set('lng', 'en');
    const csv = await admin.get('/api/admin/receipts.csv?year=2026');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="receipts-2026.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"Receipt No.","Payment date","Client","E-mail","Amount","Currency","Payment method","Order","Issued at"',
    );
    expect(lines).toHaveLength(5);
    expect(lines[3]).toMatch(
      /^"2026-0003","2026-03-05","'=HYPERLINK\(""https:\/\/evil.example""\)<img src=x onerror=alert\(1\)>","noa@example.com","12.00","ILS","Bit",/,
    );
    expect(csv.body).not.toContain('"=HYPERLINK');
  });
});
