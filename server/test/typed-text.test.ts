import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTERS } from '../../shared/text-rule';
import { signUpVerified } from './email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from './harness';
import { TestClient } from './test-client';

const ADMIN = { email: 'photographer@example.com', password: 'typed-text-secret' };
const BOOKING = {
  event: 'Spring Cup',
  date: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
  riderName: 'Noa Levi',
  horses: [{ name: 'Storm', heat: 'Class 3' }],
  package: 'entrance',
  phone: '050-123 4567',
  note: 'Second ring,\r\nplease',
  language: 'en',
};

/** A 400 `invalid-argument` naming exactly `fields`, each refused for hidden characters with a readable message. */
function expectRefused(res: LightMyRequestResponse, fields: string[]): void {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = res.json();
  expect(error.code).toBe('invalid-argument');
  expect(error.details.fields).toEqual(
    fields.map((field) => ({
      field,
      reason: HIDDEN_CHARACTERS,
      message: expect.stringMatching(/hidden control characters \(such as direction overrides\)/),
    })),
  );
}

describe.each(TEST_DATABASES)('typed text with hidden characters on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
  });
  afterAll(async () => t?.close());

  it('a booking request with a bidi override or a control character is refused, and nothing is stored', async () => {
    const client = new TestClient(t.app);
    await signUpVerified(client, t.dataDir, 'rider@example.com', 'riding at dawn');
    const { terms } = (await client.get('/api/agreements/current?lng=en')).json();
    expect((await client.post('/api/agreements', { language: 'en', termsVersion: terms.version })).statusCode).toBe(
      201,
    );

    expectRefused(await client.post('/api/bookings', { ...BOOKING, riderName: 'Rider \u202Eevil' }), ['riderName']);
    expectRefused(
      await client.post('/api/bookings', {
        ...BOOKING,
        horses: [{ name: 'Storm\u2066', heat: 'Class 3' }],
        note: 'bell\u0007',
      }),
      ['horses.0.name', 'note'],
    );
    expect((await client.get('/api/me/bookings')).json().items).toEqual([]);

    // The same request typed cleanly goes through: a note keeps its line breaks, a name loses its direction marks.
    const sent = await client.post('/api/bookings', { ...BOOKING, riderName: '\u200FNoa Levi' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ riderName: 'Noa Levi', note: 'Second ring,\nplease' });
  });

  it('the admin cannot add or rename a client with a bidi override or a control character', async () => {
    expectRefused(
      await admin.post('/api/admin/clients', { email: 'dana@example.com', fullName: 'Dana \u202Egnp.exe' }),
      ['fullName'],
    );
    const clients = async () => (await admin.get('/api/admin/clients')).json().items as Array<{ email: string }>;
    expect((await clients()).map((client) => client.email)).not.toContain('dana@example.com');

    const created = await admin.post('/api/admin/clients', { email: 'dana@example.com', fullName: 'Dana\tCohen' });
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await admin.request({
      method: 'PATCH',
      url: `/api/admin/clients/${created.json().id}`,
      payload: { fullName: 'Dana\u001B[2J' },
    });
    expectRefused(renamed, ['fullName']);
    expect(await clients()).toContainEqual(
      expect.objectContaining({ email: 'dana@example.com', fullName: 'Dana Cohen' }),
    );
  });
});
