import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { resetSecretsFromText, startMailCatcher } from '../../test/mail-catcher';
import { FAST_HASH, TestClient } from '../../test/test-client';

const PASSWORD = 'riding at dawn';
const NEW_PASSWORD = 'jumping at noon';

describe.each(TEST_DATABASES)('password reset on %s', (database) => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let counter = 0;

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await createTestApp({
      database,
      env: { SMTP_URL: mail.url, PUBLIC_URL: 'https://gallery.example', SITE_NAME: 'Horse & Dance' },
      build: FAST_HASH,
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const client = () => new TestClient(t.app, 'https://gallery.example');

  /** A fresh account, signed in on the returned client. */
  async function account() {
    counter += 1;
    const email = `rider${counter}@example.com`;
    const browser = client();
    expect((await browser.signUp(email, PASSWORD)).statusCode).toBe(200);
    // Sign-up sends the address-verification e-mail first; the reset e-mails these tests read come after it.
    expect((await mail.nextTo(email)).text).toContain('/verify-email?token=');
    return { email, browser };
  }

  async function requestReset(email: string, headers: Record<string, string> = {}) {
    const res = await client().request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      headers,
    });
    expect(res.statusCode).toBe(200);
    const message = await mail.nextTo(email);
    expect(message.to).toEqual([email]);
    return { message, ...resetSecretsFromText(message.text) };
  }

  it('sends one e-mail with the link (from PUBLIC_URL) and the code, as text and HTML, in the reader’s language', async () => {
    const { email } = await account();
    const { message, oobCode, code } = await requestReset(email, {
      host: 'evil.example',
      cookie: 'lng=he',
      'accept-language': 'fr',
    });
    // The Latin site name is isolated, so it keeps its order inside the Hebrew sentence; subject and body both
    // address the reader in the plural.
    expect(message.subject).toBe('איפוס הסיסמה שלכם באתר \u2068Horse & Dance\u2069');
    expect(message.text).toContain(`https://gallery.example/reset-password?oobCode=${oobCode}`);
    expect(message.text).not.toContain('evil.example');
    expect(message.html).toContain(`href="https://gallery.example/reset-password?oobCode=${oobCode}"`);
    expect(message.html).toContain('Horse &amp; Dance');
    expect(message.html).toContain(code);
    expect(code).toMatch(/^\d{6}$/);
    // ≥ 128 bits: 24 characters from 62 letters and digits is about 143 bits.
    expect(oobCode).toMatch(/^[A-Za-z0-9]{24,}$/);
    const french = await requestReset(email, { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(french.message.subject).toBe('Réinitialisation de votre mot de passe sur Horse & Dance');
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const { email } = await account();
    const unknown = await client().post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    const known = await client().post('/api/auth/forgot-password', { email });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json()).toEqual({ ok: true });
    expect((await mail.nextTo(email)).to).toEqual([email]);
    expect(mail.received.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
    const invalid = await client().post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(invalid.json()).toMatchObject({ error: { code: 'invalid-email' } });
  });

  it('resets by link once: every session ends, nobody is signed in, and the code of the same e-mail dies', async () => {
    const { email, browser } = await account();
    const { oobCode, code } = await requestReset(email);
    const verified = await client().post('/api/auth/reset-password/verify', { oobCode });
    expect(verified.json()).toEqual({ email });

    const weak = await client().post('/api/auth/reset-password/link', { oobCode, newPassword: 'password' });
    expect(weak.json()).toMatchObject({ error: { code: 'weak-password' } });
    const res = await client().post('/api/auth/reset-password/link', { oobCode, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await browser.session()).toBeNull();

    const again = await client().post('/api/auth/reset-password/link', { oobCode, newPassword: 'another new one' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'invalid-reset-link' } });
    const verifyAgain = await client().post('/api/auth/reset-password/verify', { oobCode });
    expect(verifyAgain.json()).toMatchObject({ error: { code: 'invalid-reset-link' } });
    const byCode = await client().post('/api/auth/reset-password/code', {
      email,
      code,
      newPassword: 'another new one',
    });
    expect(byCode.json()).toMatchObject({ error: { code: 'invalid-code' } });

    expect((await client().signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await client().signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('resets by code once, and the link of the same e-mail dies', async () => {
    const { email, browser } = await account();
    const { oobCode, code } = await requestReset(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client().post('/api/auth/reset-password/code', {
      email,
      code: wrongCode,
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid-code' } });
    const res = await client().post('/api/auth/reset-password/code', {
      email: ` ${email.toUpperCase()} `,
      code: ` ${code} `,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await browser.session()).toBeNull();
    const reused = await client().post('/api/auth/reset-password/code', {
      email,
      code,
      newPassword: 'another new one',
    });
    expect(reused.json()).toMatchObject({ error: { code: 'invalid-code' } });
    const link = await client().post('/api/auth/reset-password/link', { oobCode, newPassword: 'another new one' });
    expect(link.json()).toMatchObject({ error: { code: 'invalid-reset-link' } });
    expect((await client().signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('allows 5 tries per code, then the code is dead', async () => {
    const { email } = await account();
    const { code } = await requestReset(email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const res = await client().post('/api/auth/reset-password/code', {
        email,
        code: wrongCode,
        newPassword: NEW_PASSWORD,
      });
      expect(res.json()).toMatchObject({ error: { code: 'invalid-code' } });
    }
    const right = await client().post('/api/auth/reset-password/code', { email, code, newPassword: NEW_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    expect((await client().signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it('allows at most 10 failed codes per account in 24 hours, across codes', async () => {
    const { email } = await account();
    for (let round = 0; round < 2; round += 1) {
      const { code } = await requestReset(email);
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i += 1) {
        await client().post('/api/auth/reset-password/code', { email, code: wrongCode, newPassword: NEW_PASSWORD });
      }
    }
    const { code } = await requestReset(email);
    const res = await client().post('/api/auth/reset-password/code', { email, code, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: { code: 'too-many-requests' } });
  });

  it('expires the code after 10 minutes and the link after 30', async () => {
    const { email } = await account();
    const first = await requestReset(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    const code = await client().post('/api/auth/reset-password/code', {
      email,
      code: first.code,
      newPassword: NEW_PASSWORD,
    });
    expect(code.json()).toMatchObject({ error: { code: 'expired-code' } });
    const stillValidLink = await client().post('/api/auth/reset-password/verify', { oobCode: first.oobCode });
    expect(stillValidLink.json()).toEqual({ email });
    vi.setSystemTime(Date.now() + 20 * 60_000);
    const link = await client().post('/api/auth/reset-password/link', {
      oobCode: first.oobCode,
      newPassword: NEW_PASSWORD,
    });
    expect(link.json()).toMatchObject({ error: { code: 'invalid-reset-link' } });
    vi.useRealTimers();
    expect((await client().signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  // Reads the stored row straight from the SQLite file; the storage code is the same on PostgreSQL.
  it.runIf(database === 'sqlite')('stores the code only as a hash', async () => {
    const { email } = await account();
    const { code, oobCode } = await requestReset(email);
    const file = t.config.database.kind === 'sqlite' ? t.config.database.file : '';
    const db = new SQLite(file, { readonly: true });
    const rows = db.prepare('select identifier, value from verification').all() as Array<Record<string, string>>;
    db.close();
    const otpRow = rows.find((row) => row.identifier === `forget-password-otp-${email}`);
    expect(otpRow?.value).toBeDefined();
    expect(otpRow?.value).not.toContain(code);
    expect(rows.some((row) => row.identifier === `reset-password:${oobCode}`)).toBe(true);
  });
});
