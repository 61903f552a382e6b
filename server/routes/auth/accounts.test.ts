import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkTokenFromOutbox } from '../../test/email-links';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { FAST_HASH, PRODUCTION_HASH, TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'admin-initial-secret' };
const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password };

function cookieHeader(res: { headers: Record<string, unknown> }): string {
  const value = res.headers['set-cookie'];
  return (Array.isArray(value) ? value : [value]).filter(Boolean).join('\n');
}

describe.each(TEST_DATABASES)('accounts on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database, env, build: FAST_HASH });
  });
  afterAll(async () => t.close());

  it('signs up, sets an HttpOnly SameSite=Lax session cookie and creates the user folder, owned once verified', async () => {
    const client = new TestClient(t.app);
    const res = await client.signUp('Dana.Cohen@Example.com', 'riding at dawn', 'Chloe\u0301 \tCohen');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'dana.cohen@example.com',
      name: 'Chloé Cohen',
      isAdmin: false,
      emailVerified: false,
      folder: null,
    });
    const cookie = cookieHeader(res);
    expect(cookie).toMatch(/^gallery\.session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Secure/);
    const token = await linkTokenFromOutbox(t.dataDir, 'dana.cohen@example.com', 'verify-email');
    expect((await client.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect(await client.session()).toMatchObject({
      email: 'dana.cohen@example.com',
      emailVerified: true,
      folder: 'dana_cohen@example_com',
    });
    const root = t.config.storage.kind === 'disk' ? t.config.storage.root : '';
    expect(fs.statSync(path.join(root, 'dana_cohen@example_com', '.placeholder')).size).toBe(0);
  });

  it('refuses an address already in use, in any letter case, including the admin address', async () => {
    const client = new TestClient(t.app);
    expect((await client.signUp('taken@example.com', 'riding at dawn')).statusCode).toBe(200);
    for (const email of ['TAKEN@example.com', ADMIN.email.toUpperCase()]) {
      const res = await new TestClient(t.app).signUp(email, 'another good one');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'email-in-use' } });
    }
  });

  it('answers bad input with a 400 and a code, and stores nothing', async () => {
    const client = new TestClient(t.app);
    const email = 'careful@example.com';
    const cases: Array<[unknown, string]> = [
      [{ email }, 'invalid-argument'],
      [{ email: `${'a'.repeat(245)}@example.com`, password: 'riding at dawn' }, 'invalid-argument'],
      [{ email, password: 'x'.repeat(1025) }, 'invalid-argument'],
      [{ email, password: 'riding at dawn', fullName: 'evil\u202Eexe.jpg' }, 'invalid-argument'],
      [{ email, password: 'riding at dawn', fullName: 'bell\u0007' }, 'invalid-argument'],
      [{ email: 'not an address', password: 'riding at dawn' }, 'invalid-email'],
      [{ email, password: 'short' }, 'weak-password'],
      [{ email, password: 'qwerty123' }, 'weak-password'],
    ];
    for (const [payload, code] of cases) {
      const res = await client.post('/api/auth/sign-up', payload);
      expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status: 400, code });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The page tells a short password from a common one: each has its own message.
    const short = await client.post('/api/auth/sign-up', { email, password: 'short' });
    expect(short.json().error.details).toEqual({ reason: 'too-short' });
    const common = await client.post('/api/auth/sign-up', { email, password: 'qwerty123' });
    expect(common.json().error.details).toEqual({ reason: 'common' });
    expect(common.json().error.message).toMatch(/common/);
    const malformed = await client.request({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'invalid-json' } });
    // Nothing was stored: the address is still free.
    expect((await client.signUp(email, 'riding at dawn')).statusCode).toBe(200);
  });

  it('signs in with a new session each time and refuses wrong credentials with one message', async () => {
    const first = new TestClient(t.app);
    await first.signUp('rider@example.com', 'riding at dawn');
    const oldToken = first.cookies.get('gallery.session');
    const wrong = await new TestClient(t.app).signIn('rider@example.com', 'riding at dusk');
    const unknown = await new TestClient(t.app).signIn('nobody@example.com', 'riding at dusk');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid-credentials' } });
    const again = await first.signIn('RIDER@example.com', 'riding at dawn');
    expect(again.statusCode).toBe(200);
    expect(first.cookies.get('gallery.session')).not.toBe(oldToken);
  });

  it('signs out on the server: the old cookie stops working', async () => {
    const client = new TestClient(t.app);
    await client.signUp('leaving@example.com', 'riding at dawn');
    const copy = client.clone();
    const res = await client.post('/api/auth/sign-out');
    expect(res.statusCode).toBe(200);
    expect(await client.session()).toBeNull();
    expect(await copy.session()).toBeNull();
  });

  it('changes the password after re-checking the current one and ends the other sessions', async () => {
    const anonymous = await new TestClient(t.app).post('/api/auth/change-password', {
      currentPassword: 'riding at dawn',
      newPassword: 'jumping at noon',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });

    const phone = new TestClient(t.app);
    await phone.signUp('changer@example.com', 'riding at dawn');
    const laptop = new TestClient(t.app);
    await laptop.signIn('changer@example.com', 'riding at dawn');

    const wrong = await phone.post('/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'jumping at noon',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid-credentials' } });
    const weak = await phone.post('/api/auth/change-password', {
      currentPassword: 'riding at dawn',
      newPassword: 'abc',
    });
    expect(weak.json()).toMatchObject({ error: { code: 'weak-password' } });

    const ok = await phone.post('/api/auth/change-password', {
      currentPassword: 'riding at dawn',
      newPassword: 'jumping at noon',
    });
    expect(ok.statusCode).toBe(200);
    expect(await phone.session()).toMatchObject({ email: 'changer@example.com' });
    expect(await laptop.session()).toBeNull();
    expect((await new TestClient(t.app).signIn('changer@example.com', 'riding at dawn')).statusCode).toBe(401);
    expect((await new TestClient(t.app).signIn('changer@example.com', 'jumping at noon')).statusCode).toBe(200);
  });

  it('refuses state-changing requests from another origin or with no origin at all', async () => {
    const body = { email: 'csrf@example.com', password: 'riding at dawn' };
    const foreign = await new TestClient(t.app, 'https://evil.example').post('/api/auth/sign-up', body);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: { code: 'forbidden-origin' } });
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body });
    expect(none.statusCode).toBe(403);
    const referer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: body,
      headers: { referer: 'http://localhost:3000/signup' },
    });
    expect(referer.statusCode).toBe(200);
  });

  it('knows the admin by the configured address, and nobody else', async () => {
    const admin = new TestClient(t.app);
    const res = await admin.signIn(ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    // The admin is no client: verified from the start, and owning no private gallery.
    expect(res.json()).toMatchObject({ email: ADMIN.email, isAdmin: true, emailVerified: true, folder: null });
    expect(await new TestClient(t.app).session()).toBeNull();
  });
});

describe('session cookie over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...env, PUBLIC_URL: 'https://gallery.example' }, build: FAST_HASH });
  });
  afterAll(async () => t.close());

  it('is Secure with the __Host- prefix, Path=/ and no Domain', async () => {
    const client = new TestClient(t.app, 'https://gallery.example');
    const res = await client.signUp('secure@example.com', 'riding at dawn');
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res);
    expect(cookie).toMatch(/^__Host-gallery\.session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain/i);
    expect(await client.session()).toMatchObject({ email: 'secure@example.com' });
  });
});

describe('stored password hashes at the production cost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env, build: PRODUCTION_HASH });
  });
  afterAll(async () => t.close());

  it('keeps only an scrypt N=2^17 r=8 hash, never the password', async () => {
    await new TestClient(t.app).signUp('hashed@example.com', 'riding at dawn');
    const file = t.config.database.kind === 'sqlite' ? t.config.database.file : '';
    const db = new SQLite(file, { readonly: true });
    const rows = db.prepare('select password from account').all() as Array<{ password: string }>;
    db.close();
    expect(rows.length).toBe(2);
    for (const row of rows) expect(row.password).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(rows.some((row) => row.password.includes('riding at dawn'))).toBe(false);
  });
});
