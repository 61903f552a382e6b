import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'admin-initial-secret' };

describe.each(TEST_DATABASES)('the site settings on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN, { BOOKING_FORM_URL: 'https://forms.example.com/x' }));
  });
  afterAll(async () => t.close());

  const put = (client: TestClient, payload: object) =>
    client.request({ method: 'PUT', url: '/api/admin/contact-details', payload });

  it('answers the booking form and no contact details until the photographer sets them', async () => {
    const res = await new TestClient(t.app).get('/api/site');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bookingFormUrl: 'https://forms.example.com/x',
      contact: { phone: null, whatsapp: null, email: null, instagram: null, facebook: null },
      demoPreparing: false,
    });
  });

  it('keeps what the photographer sets, as ready links, for every visitor', async () => {
    const saved = await put(admin, {
      phone: ' 050-123  4567 ',
      whatsapp: '+972 50-123-4567',
      email: 'studio@example.com',
      instagram: '@rider.photos',
      facebook: 'https://www.facebook.com/riderphotos',
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      phone: '050-123 4567',
      whatsapp: 'https://wa.me/972501234567',
      email: 'studio@example.com',
      instagram: 'https://www.instagram.com/rider.photos/',
      facebook: 'https://www.facebook.com/riderphotos',
    };
    expect(saved.json()).toEqual(expected);
    expect((await new TestClient(t.app).get('/api/site')).json().contact).toEqual(expected);

    // An empty field clears it; a wa.me link is kept as it is.
    const cleared = await put(admin, {
      ...expected,
      phone: '',
      whatsapp: 'https://wa.me/972501234567',
      facebook: '  ',
    });
    expect(cleared.json()).toMatchObject({ phone: null, whatsapp: 'https://wa.me/972501234567', facebook: null });
    expect((await new TestClient(t.app).get('/api/site')).json().contact.phone).toBeNull();
  });

  it('refuses links to other sites, plain http, local WhatsApp numbers and malformed phones, naming each field', async () => {
    const res = await put(admin, {
      phone: 'call me',
      whatsapp: '050 123 4567',
      email: 'not-an-address',
      instagram: 'https://instagram.com.evil.example/x',
      facebook: 'http://facebook.com/riderphotos',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.fields.map((f: { field: string }) => f.field);
    expect(new Set(fields)).toEqual(new Set(['phone', 'whatsapp', 'email', 'instagram', 'facebook']));
    const javascript = await put(admin, {
      phone: '',
      whatsapp: 'javascript:alert(1)',
      email: '',
      instagram: '',
      facebook: '',
    });
    expect(javascript.statusCode).toBe(400);
  });

  it('lets only the photographer change them', async () => {
    const body = { phone: '', whatsapp: '', email: 'x@example.com', instagram: '', facebook: '' };
    expect((await put(new TestClient(t.app), body)).statusCode).toBe(401);
    const client = new TestClient(t.app);
    await client.signUp('rider@example.com', 'riding at dawn');
    expect((await put(client, body)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/site')).json().contact.email).not.toBe('x@example.com');
  });
});
