import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMedia } from '../../../shared/schemas/admin';
import type { PaymentSettings } from '../../../shared/schemas/payments';
import type { AdminOrder, ClientOrder } from '../../../shared/schemas/proofing';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { signUpVerified, type VerifiedUser } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { outboxMailTo } from '../../test/mail-catcher';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'payments-admin-secret' };
const PASSWORD = 'riding at dawn';
const SETTINGS = '/api/admin/payment-methods';
const FSI = '\u2068';
const PDI = '\u2069';
/** A value isolated in a right-to-left e-mail: first strong isolate … pop directional isolate. */
const isolated = (value: string) => `${FSI}${value}${PDI}`;

// How a client pays, told in order: the photographer sets up the methods, the client sends a selection (which gets
// its reference and an e-mail saying how to pay), sees how to pay on their orders, reports a payment, and the
// photographer sees it. Each step starts where the one before left the order, so they run in this order.
describe.sequential.each(TEST_DATABASES)('paying an order on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let rider: TestClient;
  let other: TestClient;
  let riderUser: VerifiedUser;
  let photos: AdminMedia[];

  const myOrders = async (client = rider): Promise<ClientOrder[]> => (await client.get('/api/me/orders')).json().orders;
  const adminOrders = async (): Promise<AdminOrder[]> => (await admin.get('/api/admin/orders')).json().orders;
  const put = (client: TestClient, payload: object) => client.request({ method: 'PUT', url: SETTINGS, payload });
  const report = (client: TestClient, orderId: string, payload: unknown) =>
    client.post(`/api/me/orders/${orderId}/payment-report`, payload);
  /** Picks every photo and sends the selection; answers the new order's id. */
  const sendSelection = async (): Promise<string> => {
    for (const photo of photos) await rider.request({ method: 'PUT', url: `/api/me/picks/${photo.id}` });
    const sent = await rider.post('/api/me/orders', { note: '' });
    expect(sent.statusCode).toBe(201);
    return sent.json().id;
  };

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    rider = new TestClient(t.app);
    other = new TestClient(t.app);
    rider.cookies.set('lng', 'he');
    riderUser = await signUpVerified(rider, t.dataDir, 'noa@example.com', PASSWORD, 'Noa Levi');
    await signUpVerified(other, t.dataDir, 'dan@example.com', PASSWORD, 'Dan Cohen');
    photos = [];
    // Three picks: the deposit covers two, so the order has 6 ₪ to pay.
    for (let i = 0; i < 3; i++)
      photos.push(await uploadReadyPhoto(admin, t.dataDir, riderUser.folder, `jump-${i}.jpg`));
    const mode = await admin.request({
      method: 'PATCH',
      url: `/api/admin/folders/${encodeURIComponent(riderUser.folder)}`,
      payload: { mode: 'proofing' },
    });
    expect(mode.statusCode).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('starts with no methods and a three-day reminder, for the admin only', async () => {
    expect((await admin.get(SETTINGS)).json()).toEqual({ methods: [], reminderDays: 3 });
    expect((await rider.get(SETTINGS)).statusCode).toBe(403);
    expect((await put(rider, { methods: [], reminderDays: 0 })).statusCode).toBe(403);
    expect((await new TestClient(t.app).get(SETTINGS)).statusCode).toBe(401);
  });

  it('refuses a bad method by its field, with a reason the panel can say', async () => {
    const res = await put(admin, {
      methods: [
        { kind: 'bit', phone: '03-1234567' },
        { kind: 'link', label: 'Card', url: 'http://pay.example.com' },
      ],
      reminderDays: 3,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.details.fields).toEqual([
      expect.objectContaining({ field: 'methods.0.phone', reason: 'israeli-mobile', message: expect.any(String) }),
      expect.objectContaining({ field: 'methods.1.url', reason: 'https-link', message: expect.any(String) }),
    ]);
    const days = await put(admin, { methods: [], reminderDays: 61 });
    expect(days.json().error.details.fields[0].field).toBe('reminderDays');
    expect((await admin.get(SETTINGS)).json().methods).toEqual([]);
  });

  it('keeps the methods normalised, in the order given', async () => {
    const settings = {
      methods: [
        { kind: 'bit', phone: '+972 50-123-4567' },
        { kind: 'paybox', link: 'https://links.payboxapp.com/AbC' },
        { kind: 'bank', details: 'Bank Hapoalim (12)\nBranch 600, account 123456\nDana Levi' },
        { kind: 'cash' },
        { kind: 'link', label: 'Credit card', url: 'https://pay.example.com/dana' },
      ],
      reminderDays: 5,
    };
    const res = await put(admin, settings);
    expect(res.statusCode).toBe(200);
    const expected: PaymentSettings = {
      methods: [{ kind: 'bit', phone: '050-1234567' }, ...settings.methods.slice(1)] as PaymentSettings['methods'],
      reminderDays: 5,
    };
    expect(res.json()).toEqual(expected);
    expect((await admin.get(SETTINGS)).json()).toEqual(expected);
  });

  it('gives a sent selection the next reference and tells the client how to pay, in Hebrew', async () => {
    const id = await sendSelection();
    const [order] = await myOrders();
    expect(order).toMatchObject({ id, status: 'submitted', reference: 'HD-1001', paymentReport: null });
    expect(order?.payment).toEqual({
      methods: (await admin.get(SETTINGS)).json().methods,
      amount: { amount: 600, currency: 'ILS' },
      reference: 'HD-1001',
    });
    // The picks summary presents the same order.
    expect((await rider.get('/api/me/picks')).json().order).toEqual(order);

    const mail = await outboxMailTo(t.dataDir, 'noa@example.com', /ההזמנה שלך/);
    // Latin names, phone numbers, the reference and the amount keep their order inside the Hebrew sentences.
    expect(mail.subject).toContain(isolated('Horses & Dance Photography'));
    expect(mail.text).toContain(isolated('HD-1001'));
    expect(mail.text).toContain(`ביט למספר ${isolated('050-1234567')}`);
    expect(mail.text).toContain(isolated('Dana Levi'));
    expect(mail.text).toContain(isolated('https://pay.example.com/dana'));
    expect(mail.text).toMatch(new RegExp(`${FSI}[^${PDI}]*6[.,]00[^${PDI}]*${PDI}`));
    expect(mail.text).toContain('http://localhost:3000/me/orders');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('<a href="https://pay.example.com/dana" dir="ltr">');
  });

  it('shows how to pay only to the order’s client, and refuses another’s report as not found', async () => {
    const [order] = await myOrders();
    expect(await myOrders(other)).toEqual([]);
    const stolen = await report(other, order?.id ?? '', { method: 'bit' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('not-found');
    const unknown = await report(rider, '0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10', { method: 'bit' });
    expect(unknown.statusCode).toBe(404);
    const badMethod = await report(rider, order?.id ?? '', { method: 'card' });
    expect(badMethod.json().error.code).toBe('invalid-argument');
    const longNote = await report(rider, order?.id ?? '', { method: 'bit', note: 'x'.repeat(501) });
    expect(longNote.json().error.code).toBe('invalid-argument');
    expect((await myOrders())[0]?.paymentReport).toBeNull();
  });

  it('records a reported payment, replaces it when reported again, and tells the photographer', async () => {
    const [order] = await myOrders();
    const first = await report(rider, order?.id ?? '', { method: 'paybox' });
    expect(first.statusCode).toBe(200);
    expect(first.json().paymentReport).toMatchObject({ method: 'paybox', note: '' });
    const second = await report(rider, order?.id ?? '', { method: 'bank', note: 'Sent from my husband’s account' });
    expect(second.json()).toMatchObject({
      id: order?.id,
      status: 'submitted',
      paymentReport: { method: 'bank', note: 'Sent from my husband’s account', at: expect.any(String) },
    });
    expect((await myOrders())[0]?.paymentReport?.method).toBe('bank');

    const [listed] = await adminOrders();
    expect(listed).toMatchObject({ reference: 'HD-1001', paymentReport: { method: 'bank' }, payment: null });
    expect((await admin.get('/api/admin/notices')).json().payment).toBe(2);
    const mail = await outboxMailTo(t.dataDir, ADMIN.email, /.*/, /Sent from my husband’s account/);
    expect(mail.text).toContain('Noa Levi');
    expect(mail.text).toContain('HD-1001');
    expect(mail.html).toContain('/admin/orders');
  });

  it('takes no report once the order is paid, and stops showing how to pay', async () => {
    const [order] = await myOrders();
    const url = `/api/admin/orders/${order?.id}`;
    expect((await admin.request({ method: 'PATCH', url, payload: { status: 'cancelled' } })).statusCode).toBe(200);
    const late = await report(rider, order?.id ?? '', { method: 'cash' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('order-not-awaiting-payment');
    expect((await myOrders())[0]).toMatchObject({ status: 'cancelled', payment: null });
  });

  it('numbers the next order on, and writes to an English client in English', async () => {
    rider.cookies.set('lng', 'en');
    const id = await sendSelection();
    const orders = await myOrders();
    expect(orders.map((order) => order.reference).sort()).toEqual(['HD-1001', 'HD-1002']);
    expect(orders.find((order) => order.id === id)?.reference).toBe('HD-1002');
    const mail = await outboxMailTo(t.dataDir, 'noa@example.com', /Your order at/);
    expect(mail.text).toContain('Your order reference: HD-1002.');
    expect(mail.text).toContain('Bit to 050-1234567');
    expect(mail.text).toContain('PayBox: https://links.payboxapp.com/AbC');
    expect(mail.text).toContain('Credit card: https://pay.example.com/dana');
    expect(mail.text).toContain('Bank Hapoalim (12)');
    // A Latin value in a left-to-right e-mail needs no isolating.
    expect(mail.text).not.toContain(FSI);
  });
});
