import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../shared/schemas/session';
import { type Database, openDatabase } from '../../db/database';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { allLinkTokensFromOutbox, linkTokenFromOutbox } from '../../test/email-links';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { outboxFiles, resetSecretsFromText } from '../../test/mail-catcher';
import { FAST_HASH, TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'verify-admin-secret' };
const PASSWORD = 'riding at dawn';

describe.each(TEST_DATABASES)('proving the address on %s', (database) => {
  let t: TestApp;
  let db: Database;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password, PUBLIC_URL: 'https://gallery.example' },
      build: FAST_HASH,
    });
    db = await openDatabase(t.config.database);
  });
  afterAll(async () => {
    await db.close();
    await t.close();
  });
  afterEach(() => vi.useRealTimers());

  const browser = () => new TestClient(t.app, 'https://gallery.example');
  async function unverified(headers: Record<string, string> = {}) {
    counter += 1;
    const email = `rider${counter}@example.com`;
    const client = browser();
    const res = await client.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email, password: PASSWORD },
      headers,
    });
    expect(res.statusCode).toBe(200);
    return { email, client, user: res.json() as SessionUser };
  }

  async function mailTo(email: string) {
    await linkTokenFromOutbox(t.dataDir, email, 'verify-email');
    for (const file of outboxFiles(t.dataDir).reverse()) {
      const mail = await simpleParser(fs.readFileSync(file));
      if (mail.to && !Array.isArray(mail.to) && mail.to.text === email) return mail;
    }
    throw new Error('unreachable');
  }

  it('e-mails a link built from PUBLIC_URL, in the visitor’s language, as text and HTML', async () => {
    const { email, user } = await unverified({ cookie: 'lng=he', host: 'evil.example' });
    expect(user).toMatchObject({ emailVerified: false, folder: null });
    const mail = await mailTo(email);
    expect(mail.subject).toContain('אישור כתובת המייל');
    // The Latin site name keeps its order inside the Hebrew sentence.
    expect(mail.subject).toContain('\u2068');
    expect(mail.text).toMatch(/https:\/\/gallery\.example\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail.html).toContain('href="https://gallery.example/verify-email?token=');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).not.toContain('evil.example');
  });

  it('keeps only a SHA-256 hash of a token with 256 bits, usable once', async () => {
    const { email, client } = await unverified();
    const token = await linkTokenFromOutbox(t.dataDir, email, 'verify-email');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await db.db.selectFrom('email_token').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    // Opened in the browser that signed up: that session stays (any other one of the account would end).
    const first = await client.post('/api/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email });
    expect(await client.session()).toMatchObject({ emailVerified: true, folder: expect.stringContaining('rider') });
    const again = await browser().post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'invalid-verification-link' } });
  });

  it('refuses an unknown, malformed or expired link alike', async () => {
    const { email } = await unverified();
    const token = await linkTokenFromOutbox(t.dataDir, email, 'verify-email');
    for (const bad of [
      '',
      'short',
      `${token.slice(0, -1)}A`.replace(token, `${token.slice(0, -2)}zz`),
      'x'.repeat(43),
    ]) {
      const res = await browser().post('/api/auth/verify-email', { token: bad });
      expect({ bad, status: res.statusCode, code: res.json().error.code }).toEqual({
        bad,
        status: 400,
        code: 'invalid-verification-link',
      });
    }
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 1000 });
    const expired = await browser().post('/api/auth/verify-email', { token });
    expect(expired.json()).toMatchObject({ error: { code: 'invalid-verification-link' } });
  });

  it('shows an unproven account nothing private, then its gallery once proven', async () => {
    const { email, client } = await unverified();
    for (const url of ['/api/me/gallery', '/api/me/gallery/archive', '/api/media/AAAAAAAAAAAAAAAAAAAAAA/download']) {
      const res = await client.get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toMatchObject({
        url,
        status: 403,
        body: { error: { code: 'email-not-verified' } },
      });
    }
    const token = await linkTokenFromOutbox(t.dataDir, email, 'verify-email');
    await client.post('/api/auth/verify-email', { token });
    const user = (await client.session()) as SessionUser;
    const admin = browser();
    await admin.signIn(ADMIN.email, ADMIN.password);
    const photo = await uploadReadyPhoto(admin, t.dataDir, user.folder ?? '');
    expect((await client.get('/api/me/gallery')).json().items.map((i: { id: string }) => i.id)).toEqual([photo.id]);
    expect((await client.get(`/api/media/${photo.id}/download`)).statusCode).toBe(200);
  });

  it('sends the link again on request, a few times an hour at most, and never to a proven address', async () => {
    const { email, client } = await unverified();
    const first = await linkTokenFromOutbox(t.dataDir, email, 'verify-email');
    expect((await client.post('/api/auth/verification-email', { language: 'fr' })).statusCode).toBe(200);
    const second = await linkTokenFromOutbox(t.dataDir, email, 'verify-email', [first]);
    // The newer link replaces the older one.
    expect((await browser().post('/api/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await client.post('/api/auth/verification-email', {})).statusCode).toBe(200);
    expect((await client.post('/api/auth/verification-email', {})).statusCode).toBe(200);
    const limited = await client.post('/api/auth/verification-email', {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    // Four links went out (sign-up and three resends); only the newest one works.
    const all = await allLinkTokensFromOutbox(t.dataDir, email, 'verify-email', 4);
    expect(all).toHaveLength(4);
    expect(all).toContain(second);
    const answers = [];
    for (const token of all) answers.push((await client.post('/api/auth/verify-email', { token })).statusCode);
    expect(answers.toSorted()).toEqual([200, 400, 400, 400]);
    expect(await client.session()).toMatchObject({ emailVerified: true });
    expect((await client.post('/api/auth/verification-email', {})).statusCode).toBe(200);
    // A later e-mail to the same address as a marker: once it has arrived, a link sent by the request before it would
    // have arrived too, so the count below is final, with no waiting for a time.
    expect((await browser().post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    await linkTokenFromOutbox(t.dataDir, email, 'reset-password');
    expect(await allLinkTokensFromOutbox(t.dataDir, email, 'verify-email', 4)).toHaveLength(4);
  });

  it('counts a password reset by the e-mailed code as proof of the address', async () => {
    const { email, client } = await unverified();
    await linkTokenFromOutbox(t.dataDir, email, 'verify-email');
    const before = outboxFiles(t.dataDir).length;
    expect((await browser().post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    let text = '';
    for (let i = 0; i < 200 && !text; i++) {
      for (const file of outboxFiles(t.dataDir).slice(before)) {
        const mail = await simpleParser(fs.readFileSync(file));
        if (mail.text?.includes('oobCode=')) text = mail.text;
      }
      if (!text) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const { code } = resetSecretsFromText(text);
    const res = await browser().post('/api/auth/reset-password/code', {
      email,
      code,
      newPassword: 'a new long secret',
    });
    expect(res.statusCode).toBe(200);
    expect(await client.session()).toBeNull();
    const again = browser();
    await again.signIn(email, 'a new long secret');
    expect(await again.session()).toMatchObject({ emailVerified: true });
  });
});
