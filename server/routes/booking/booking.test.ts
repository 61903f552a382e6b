import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { type CaughtMail, startMailCatcher } from '../../test/mail-catcher';
import { FAST_HASH, TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'admin-initial-secret' };

/** A competition a month from now, as the form sends it. */
function futureDay(days = 30): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const REQUEST = {
  event: 'Spring Cup Kfar Hayarok',
  riderName: 'נועה לוי',
  horses: [
    { name: 'Storm', heat: 'Class 3' },
    { name: 'Shadow', heat: 'class 3 ' },
    { name: 'ברק', heat: 'Class 5' },
  ],
  package: 'entrance',
  phone: '050-123 4567',
  note: 'Second ring, please',
  language: 'he',
};

describe.each(TEST_DATABASES)('booking requests on %s', (database) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let admin: TestClient;

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await createTestApp({
      database,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password, SMTP_URL: mail.url },
      build: FAST_HASH,
    });
    admin = new TestClient(t.app);
    await admin.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  /** Waits until a message matching `match` has arrived, and returns it. */
  async function mailWhere(match: (mail: CaughtMail) => boolean): Promise<CaughtMail> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const found = mail.received.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the expected e-mail did not arrive');
  }

  /** Signed up, but the address not proven yet. */
  async function unprovenClient(email: string, fullName = 'Noa Levi'): Promise<TestClient> {
    const client = new TestClient(t.app);
    expect((await client.signUp(email, 'riding at dawn', fullName)).statusCode).toBe(200);
    return client;
  }

  /** Signed up, with the address proven by the link of the confirmation e-mail, opened in the same browser. */
  async function signedUpClient(email: string, fullName = 'Noa Levi'): Promise<TestClient> {
    const client = await unprovenClient(email, fullName);
    const confirmation = await mailWhere((m) => m.to.includes(email) && m.text.includes('/verify-email?token='));
    const token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(confirmation.text)?.[1];
    expect((await client.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    return client;
  }

  const noticeCounts = async () => (await admin.get('/api/admin/notices')).json();

  async function acceptTerms(client: TestClient, language = 'he'): Promise<void> {
    const { terms } = (await client.get(`/api/agreements/current?lng=${language}`)).json();
    const res = await client.post('/api/agreements', { language, termsVersion: terms.version });
    expect(res.statusCode).toBe(201);
  }

  it('refuses a visitor who is not signed in, and a client who has not accepted the terms, storing nothing', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/bookings', { ...REQUEST, date: futureDay() })).statusCode).toBe(401);

    const client = await signedUpClient('no-terms@example.com');
    const refused = await client.post('/api/bookings', { ...REQUEST, date: futureDay() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'terms-not-accepted' } });
    expect((await client.get('/api/me/bookings')).json()).toEqual({ items: [] });
  });

  it('stores a request priced by the server, mails both sides, and lets only the photographer answer it', async () => {
    const client = await signedUpClient('rider@example.com');
    await acceptTerms(client);
    const date = futureDay();
    // A price sent by the browser is not the server's business: it is dropped.
    const res = await client.post('/api/bookings', { ...REQUEST, date, total: { amount: 1, currency: 'ILS' } });
    expect(res.statusCode).toBe(201);
    const booking = res.json();
    // Class 3 (two horses, one heat written two ways): 60 + 30; Class 5: 60. A 10 ₪ deposit for each heat.
    expect(booking).toMatchObject({
      status: 'new',
      event: REQUEST.event,
      date,
      riderName: 'נועה לוי',
      package: 'entrance',
      phone: '050-123 4567',
      total: { amount: 15_000, currency: 'ILS' },
      deposit: { amount: 2_000, currency: 'ILS' },
      email: 'rider@example.com',
    });

    const confirmation = await mailWhere((m) => m.to.includes('rider@example.com') && m.text.includes(REQUEST.event));
    expect(confirmation.subject).toContain('קיבלנו את הבקשה שלך להזמנת צילום');
    // What the visitor typed is in the body only, never in a subject.
    expect(confirmation.subject).not.toContain('Spring Cup');
    expect(confirmation.text).toContain('ברק (Class 5)');
    expect(confirmation.text).toContain('150.00');
    const photographer = await mailWhere(
      (m) =>
        m.to.includes(ADMIN.email) &&
        m.subject.includes('בקשה חדשה להזמנת צילום') &&
        m.text.includes('rider@example.com'),
    );
    expect(photographer.subject).not.toContain('Noa Levi');
    expect(photographer.text).toContain('Noa Levi');
    expect(photographer.text).toContain('050-123 4567');
    expect(photographer.text).toContain('Second ring, please');
    expect(photographer.html).toContain('/admin/bookings');

    // The client sees their own request; another client sees nothing of it and cannot list or answer any.
    expect((await client.get('/api/me/bookings')).json().items.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    const other = await signedUpClient('other@example.com');
    expect((await other.get('/api/me/bookings')).json()).toEqual({ items: [] });
    expect((await other.get('/api/admin/bookings')).statusCode).toBe(403);
    expect(
      (
        await other.request({
          method: 'PATCH',
          url: `/api/admin/bookings/${booking.id}`,
          payload: { status: 'confirmed' },
        })
      ).statusCode,
    ).toBe(403);

    const listed = (await admin.get('/api/admin/bookings')).json().items;
    expect(listed.map((b: { id: string }) => b.id)).toContain(booking.id);
    const answered = await admin.request({
      method: 'PATCH',
      url: `/api/admin/bookings/${booking.id}`,
      payload: { status: 'confirmed' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().status).toBe('confirmed');
    expect((await client.get('/api/me/bookings')).json().items[0].status).toBe('confirmed');

    const missing = await admin.request({
      method: 'PATCH',
      url: '/api/admin/bookings/00000000-0000-4000-8000-000000000000',
      payload: { status: 'declined' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('prices each package from the price list', async () => {
    const client = await signedUpClient('packages@example.com');
    await acceptTerms(client, 'en');
    const priced = async (pkg: string) =>
      (await client.post('/api/bookings', { ...REQUEST, language: 'en', package: pkg, date: futureDay(10) })).json();
    expect(await priced('video')).toMatchObject({ total: { amount: 15_000 }, deposit: { amount: 4_000 } });
    expect(await priced('choice')).toMatchObject({ total: null, deposit: { amount: 1_200 } });
    expect(await priced('custom')).toMatchObject({ total: null, deposit: null });
  });

  it('names every field that is missing or not valid', async () => {
    const client = await signedUpClient('fields@example.com');
    await acceptTerms(client);
    const res = await client.post('/api/bookings', {
      ...REQUEST,
      date: '2026-02-30',
      horses: [],
      package: 'gold',
      phone: 'call me',
      event: ' ',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['date', 'horses', 'package', 'phone', 'event']));

    const past = await client.post('/api/bookings', { ...REQUEST, date: '2020-05-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.fields).toEqual([{ field: 'date', message: 'not a day ahead' }]);
    expect((await client.get('/api/me/bookings')).json()).toEqual({ items: [] });
  });

  it('tells the photographer of sign-ups, accepted terms and requests, and counts them until seen', async () => {
    const before = (await admin.get('/api/admin/notices')).json();
    for (const kind of ['signup', 'agreement', 'booking']) {
      expect((await admin.post(`/api/admin/notices/${kind}/seen`)).statusCode).toBe(200);
    }
    expect((await admin.get('/api/admin/notices')).json()).toEqual({ signup: 0, agreement: 0, booking: 0, payment: 0 });
    expect(before.signup).toBeGreaterThan(0);

    const client = await signedUpClient('counted@example.com', 'Dana Cohen');
    await acceptTerms(client);
    await client.post('/api/bookings', { ...REQUEST, date: futureDay() });
    expect((await admin.get('/api/admin/notices')).json()).toEqual({ signup: 1, agreement: 1, booking: 1, payment: 0 });

    // In the language the photographer uses the panel in (this one asks without a language: English). The name the
    // visitor typed is in the body, never in the subject.
    const signup = await mailWhere(
      (m) =>
        m.to.includes(ADMIN.email) && m.subject.startsWith('New sign-up') && m.text.includes('counted@example.com'),
    );
    expect(signup.subject).toBe('New sign-up on Horses & Dance Photography');
    expect(signup.text).toContain('Dana Cohen');
    const agreement = await mailWhere(
      (m) =>
        m.to.includes(ADMIN.email) && m.subject.startsWith('Booking terms') && m.text.includes('counted@example.com'),
    );
    expect(agreement.subject).toBe('Booking terms accepted: Horses & Dance Photography');
    expect(agreement.text).toContain('Dana Cohen (counted@example.com) has just accepted the booking terms');

    const seen = await admin.post('/api/admin/notices/booking/seen');
    expect(seen.json()).toEqual({ signup: 1, agreement: 1, booking: 0, payment: 0 });
    expect((await client.get('/api/admin/notices')).statusCode).toBe(403);
    expect((await client.post('/api/admin/notices/booking/seen')).statusCode).toBe(403);
  });

  it('refuses the terms and a request from an account whose address is not proven, telling no one', async () => {
    const before = await noticeCounts();
    const client = await unprovenClient('unproven@example.com', 'Your account is suspended');
    const { terms } = (await client.get('/api/agreements/current?lng=he')).json();
    const agreed = await client.post('/api/agreements', { language: 'he', termsVersion: terms.version });
    expect(agreed.statusCode).toBe(403);
    expect(agreed.json()).toMatchObject({ error: { code: 'email-not-verified' } });
    const booked = await client.post('/api/bookings', {
      ...REQUEST,
      event: 'Your account is suspended – verify at http://evil.example',
      date: futureDay(),
    });
    expect(booked.statusCode).toBe(403);
    expect(booked.json()).toMatchObject({ error: { code: 'email-not-verified' } });
    expect((await client.get('/api/me/bookings')).json()).toEqual({ items: [] });
    expect((await client.get('/api/agreements/current?lng=he')).json().acceptedAt).toBeNull();
    const after = await noticeCounts();
    expect({ agreement: after.agreement, booking: after.booking }).toEqual({
      agreement: before.agreement,
      booking: before.booking,
    });
  });

  it('tells the photographer once per account and terms version, however often the terms are accepted', async () => {
    const client = await signedUpClient('again-and-again@example.com', 'Tamar Again');
    const before = await noticeCounts();
    for (let i = 0; i < 3; i += 1) await acceptTerms(client, 'he');
    expect((await noticeCounts()).agreement).toBe(before.agreement + 1);
    // Another text (another language, or changed terms) is news again.
    await acceptTerms(client, 'en');
    await acceptTerms(client, 'en');
    expect((await noticeCounts()).agreement).toBe(before.agreement + 2);
    const told = await mailWhere(
      (m) =>
        m.to.includes(ADMIN.email) &&
        m.subject.startsWith('Booking terms') &&
        m.text.includes('again-and-again@example.com'),
    );
    expect(told.text).toContain('Tamar Again (again-and-again@example.com) has just accepted');
  });
});
