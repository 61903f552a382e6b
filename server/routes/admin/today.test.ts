import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodayCounts } from '../../../shared/schemas/today';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { signUpVerified } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'today-admin-secret' };
const NOTHING: TodayCounts = {
  newOrders: 0,
  reportedPayments: 0,
  newBookings: 0,
  processingUploads: 0,
  reviewQueue: 0,
};

/** A competition a month from now, as the booking form sends it. */
const futureDay = () => new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

// The counts follow one client through an order and a booking, so the steps run in this order.
describe.sequential.each(TEST_DATABASES)("the photographer's Today counts on %s", (database) => {
  let t: TestApp;
  let admin: TestClient;
  let rider: TestClient;
  let orderId = '';
  const today = async (): Promise<TodayCounts> => {
    const res = await admin.get('/api/admin/today');
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    rider = new TestClient(t.app);
    const user = await signUpVerified(rider, t.dataDir, 'noa@example.com', 'riding at dawn', 'Noa Levi');
    const photo = await uploadReadyPhoto(admin, t.dataDir, user.folder, 'jump.jpg');
    const folderUrl = `/api/admin/folders/${encodeURIComponent(user.folder)}`;
    expect((await admin.request({ method: 'PATCH', url: folderUrl, payload: { mode: 'proofing' } })).statusCode).toBe(
      200,
    );
    const methods = { methods: [{ kind: 'cash' }], reminderDays: 3 };
    await admin.request({ method: 'PUT', url: '/api/admin/payment-methods', payload: methods });
    await rider.request({ method: 'PUT', url: `/api/me/picks/${photo.id}` });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('is the admin’s only: a visitor gets 401, a client 403', async () => {
    expect((await new TestClient(t.app).get('/api/admin/today')).statusCode).toBe(401);
    const refused = await rider.get('/api/admin/today');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('unauthorized');
  });

  it('starts with nothing waiting once the upload is done', async () => {
    expect(await today()).toEqual(NOTHING);
  });

  it('counts a placed order as new until its client reports paying, then as a reported payment', async () => {
    const sent = await rider.post('/api/me/orders', { note: '' });
    expect(sent.statusCode).toBe(201);
    orderId = sent.json().id;
    expect(await today()).toEqual({ ...NOTHING, newOrders: 1 });

    const reported = await rider.post(`/api/me/orders/${orderId}/payment-report`, { method: 'cash' });
    expect(reported.statusCode).toBe(200);
    expect(await today()).toEqual({ ...NOTHING, reportedPayments: 1 });
  });

  it('stops counting the payment once the photographer marks the order paid', async () => {
    const url = `/api/admin/orders/${orderId}`;
    const paid = await admin.request({ method: 'PATCH', url, payload: { status: 'paid', paymentMethod: 'cash' } });
    expect(paid.statusCode).toBe(200);
    expect(await today()).toEqual(NOTHING);
  });

  it('counts a booking request until the photographer answers it', async () => {
    const { terms } = (await rider.get('/api/agreements/current?lng=he')).json();
    expect((await rider.post('/api/agreements', { language: 'he', termsVersion: terms.version })).statusCode).toBe(201);
    const booked = await rider.post('/api/bookings', {
      event: 'Spring Cup',
      riderName: 'Noa Levi',
      horses: [{ name: 'Storm', heat: 'Class 3' }],
      package: 'entrance',
      phone: '050-123 4567',
      note: '',
      language: 'he',
      date: futureDay(),
    });
    expect(booked.statusCode).toBe(201);
    expect(await today()).toEqual({ ...NOTHING, newBookings: 1 });

    const url = `/api/admin/bookings/${booked.json().id}`;
    const answered = await admin.request({ method: 'PATCH', url, payload: { status: 'confirmed' } });
    expect(answered.statusCode).toBe(200);
    expect(await today()).toEqual(NOTHING);
  });
});
