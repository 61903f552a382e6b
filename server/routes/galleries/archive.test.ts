import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { signUpVerified } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'archive-admin-secret' };
const PASSWORD = 'riding at dawn';

/** Today as the server names it in the archive (its own clock, YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The name a browser saves under: `filename*` (RFC 8187) when present, else `filename`, quoted or not. */
function savedName(header: unknown): string {
  const text = String(header);
  const extended = /filename\*=UTF-8''([^;]+)/.exec(text)?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="?([^";]+)"?/.exec(text)?.[1] ?? '';
}

describe.each(TEST_DATABASES)('"Download all" of a client gallery on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
  });
  afterAll(async () => t.close());

  it('refuses an empty gallery with 409 gallery-empty instead of an empty ZIP', async () => {
    const client = new TestClient(t.app);
    await signUpVerified(client, t.dataDir, 'empty.rider@example.com', PASSWORD, 'Empty Rider');
    const res = await client.get('/api/me/gallery/archive');
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: { code: 'gallery-empty' } });
  });

  it('names the file after the site, the client and the day, as an attachment', async () => {
    const client = new TestClient(t.app);
    const user = await signUpVerified(client, t.dataDir, 'dana.levi@example.com', PASSWORD, 'Dana Levi');
    await uploadReadyPhoto(admin, t.dataDir, user.folder, 'jump.jpg');
    const res = await client.get('/api/me/gallery/archive');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(savedName(res.headers['content-disposition'])).toBe(`Horses-Dance-Photography_Dana-Levi_${today()}.zip`);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('keeps a Hebrew name whole in the RFC 8187 name, with an ASCII stand-in beside it', async () => {
    const client = new TestClient(t.app);
    const user = await signUpVerified(client, t.dataDir, 'noa@example.com', PASSWORD, 'נועה כהן');
    await uploadReadyPhoto(admin, t.dataDir, user.folder, 'canter.jpg');
    const res = await client.get('/api/me/gallery/archive');
    expect(res.statusCode, res.body).toBe(200);
    const header = String(res.headers['content-disposition']);
    expect(savedName(header)).toBe(`Horses-Dance-Photography_נועה-כהן_${today()}.zip`);
    expect(header).toMatch(
      new RegExp(`^attachment; filename="?Horses-Dance-Photography_${today()}\\.zip"?; filename\\*=`),
    );
  });

  it('names a client without a name by the part of their address before the @', async () => {
    const client = new TestClient(t.app);
    const user = await signUpVerified(client, t.dataDir, 'tal.rider@example.com', PASSWORD);
    await uploadReadyPhoto(admin, t.dataDir, user.folder, 'walk.jpg');
    const res = await client.get('/api/me/gallery/archive');
    expect(savedName(res.headers['content-disposition'])).toBe(`Horses-Dance-Photography_tal-rider_${today()}.zip`);
  });
});
