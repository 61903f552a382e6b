import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsDocument } from '../../services/site/terms';
import { signUpVerified } from '../../test/email-links';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { FAST_HASH, TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'admin-initial-secret' };

describe('the terms document', () => {
  it('is built from the shared prices and terms in each language, with a version per text', () => {
    const he = termsDocument('he');
    const en = termsDocument('en');
    expect(he.title).toBe('תנאי הזמנת צילום');
    expect(he.sections[0]?.items).toContain('הקבצים יימסרו תוך 10 ימי עסקים מתום התחרות.');
    expect(en.sections[0]?.items).toContain('Cancelling at least 10 hours before your heat starts gets a full refund.');
    expect(en.sections[1]?.items[0]).toBe(
      'Images by entrance: ₪60 per person · Includes a ₪10 deposit · ₪30 for each additional horse in the same heat',
    );
    expect(en.sections[2]?.items).toEqual(['Bit · Cash · PayBox']);
    expect(he.version).toMatch(/^[0-9a-f]{64}$/);
    expect(he.version).not.toBe(en.version);
    expect(termsDocument('he').version).toBe(he.version);
  });
});

describe.each(TEST_DATABASES)('agreements on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password },
      build: FAST_HASH,
    });
  });
  afterAll(async () => t.close());

  it('records an acceptance with the server time and the version of the text shown', async () => {
    const client = new TestClient(t.app);
    await signUpVerified(client, t.dataDir, 'rider@example.com', 'riding at dawn');
    const before = await client.get('/api/agreements/current?lng=he');
    expect(before.statusCode).toBe(200);
    const { terms, acceptedAt } = before.json();
    expect(acceptedAt).toBeNull();
    expect(terms.language).toBe('he');

    const startedAt = Date.now();
    const res = await client.request({
      method: 'POST',
      url: '/api/agreements',
      headers: { 'user-agent': 'RiderPhone/1.0' },
      payload: { language: 'he', termsVersion: terms.version },
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    expect(saved.termsVersion).toBe(terms.version);
    expect(Date.parse(saved.agreedAt)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(saved.agreedAt)).toBeLessThanOrEqual(Date.now() + 1000);

    const after = await client.get('/api/agreements/current?lng=he');
    expect(after.json().acceptedAt).toBe(saved.agreedAt);
    // Accepting the Hebrew text says nothing about the English one: a different text asks again.
    expect((await client.get('/api/agreements/current?lng=en')).json().acceptedAt).toBeNull();

    const admin = new TestClient(t.app);
    await admin.signIn(ADMIN.email, ADMIN.password);
    const list = await admin.get('/api/admin/agreements');
    expect(list.statusCode).toBe(200);
    const me = (await client.session()) as { id: string };
    expect(list.json().items).toContainEqual({
      id: saved.id,
      userId: me.id,
      email: 'rider@example.com',
      agreedAt: saved.agreedAt,
      language: 'he',
      termsVersion: terms.version,
      userAgent: 'RiderPhone/1.0',
    });
    expect(saved.id).toBe(`${me.id}_${Date.parse(saved.agreedAt)}`);
  });

  it('refuses a version that is not the current text, and bad input, storing nothing', async () => {
    const client = new TestClient(t.app);
    await signUpVerified(client, t.dataDir, 'careful-rider@example.com', 'riding at dawn');
    const stale = await client.post('/api/agreements', { language: 'en', termsVersion: 'a'.repeat(64) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'terms-changed' } });
    for (const payload of [{ language: 'de', termsVersion: termsDocument('en').version }, { language: 'en' }, {}]) {
      const res = await client.post('/api/agreements', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    }
    expect((await client.get('/api/agreements/current?lng=en')).json().acceptedAt).toBeNull();
  });

  it('requires a signed-in user to accept', async () => {
    const anonymous = new TestClient(t.app);
    const res = await anonymous.post('/api/agreements', { language: 'en', termsVersion: termsDocument('en').version });
    expect(res.statusCode).toBe(401);
  });

  it('limits acceptances per IP address to 20 a minute, with the too-many-requests answer', async () => {
    const eager = new TestClient(t.app);
    await signUpVerified(eager, t.dataDir, 'eager-rider@example.com', 'riding at dawn');
    const payload = { language: 'en', termsVersion: termsDocument('en').version };
    for (let i = 0; i < 20; i += 1) expect((await eager.post('/api/agreements', payload)).statusCode).toBe(201);
    const limited = await eager.post('/api/agreements', payload);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    // Another address is not affected.
    const calm = new TestClient(t.app);
    await signUpVerified(calm, t.dataDir, 'calm-rider@example.com', 'riding at dawn');
    expect((await calm.post('/api/agreements', payload)).statusCode).toBe(201);
  });

  it('exports the agreements as CSV for the admin, safe to open in a spreadsheet', async () => {
    const sneaky = new TestClient(t.app);
    await signUpVerified(sneaky, t.dataDir, 'sneaky@example.com', 'riding at dawn');
    await sneaky.request({
      method: 'POST',
      url: '/api/agreements',
      headers: { 'user-agent': '=HYPERLINK("http://evil.example","click"), "quoted"' },
      payload: { language: 'ar', termsVersion: termsDocument('ar').version },
    });
    const admin = new TestClient(t.app);
    await admin.signIn(ADMIN.email, ADMIN.password);
    const res = await admin.get('/api/admin/agreements.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="agreements-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"id","userId","email","agreedAt","language","termsVersion","userAgent"');
    const row = lines.find((line) => line.includes('sneaky@example.com'));
    expect(row).toContain(
      `,"ar","${termsDocument('ar').version}","'=HYPERLINK(""http://evil.example"",""click""), ""quoted"""`,
    );

    const client = new TestClient(t.app);
    await client.signUp('nosy@example.com', 'riding at dawn');
    expect((await client.get('/api/admin/agreements.csv')).statusCode).toBe(403);
    expect((await client.get('/api/admin/agreements')).statusCode).toBe(403);
  });
});
