import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { ApiKey } from '../../../shared/schemas/api-keys';
import { type Database, openDatabase } from '../../db/database';
import { writeTestJpeg } from '../../media/test-images';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { encodeTusMetadata } from '../../test/support/tus';
import type { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'api-keys-secret-1' };

describe.each(TEST_DATABASES)('API keys on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let base: string;
  let observer: Database;

  /** A real HTTP request with no cookie and no Origin, as the sync command sends it. */
  const withKey = (key: string, url: string, init: RequestInit = {}) =>
    fetch(`${base}${url}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });

  const createKey = async (name: string): Promise<{ id: string; key: string }> => {
    const created = await admin.post('/api/admin/api-keys', { name });
    expect(created.statusCode).toBe(201);
    return created.json();
  };

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(kind, ADMIN));
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    observer = await openDatabase(t.config.database);
  });

  afterAll(async () => {
    await observer?.close();
    await t?.close();
  });

  it('keeps only a hash of the key, lists it without the key, and lets it act as the admin', async () => {
    const { id, key } = await createKey('Laptop');
    expect(key).toMatch(/^gsk_[A-Za-z0-9_-]{43}$/);

    const rows = await observer.db.selectFrom('api_key').selectAll().execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(12));
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await admin.get('/api/admin/api-keys');
    const keys: ApiKey[] = listed.json().keys;
    expect(keys).toEqual([expect.objectContaining({ id, name: 'Laptop', prefix: key.slice(0, 12), revokedAt: null })]);
    expect(listed.body).not.toContain(key);

    const folders = await withKey(key, '/api/admin/folders');
    expect(folders.status).toBe(200);
    const after = await admin.get('/api/admin/api-keys');
    expect(after.json().keys[0].lastUsedAt).not.toBeNull();
  });

  it('answers 401 to a wrong, malformed or revoked key, even with the admin cookie beside it', async () => {
    const { id, key } = await createKey('Old laptop');
    expect((await withKey(key, '/api/admin/api-keys')).status).toBe(200);
    expect((await withKey(`${key.slice(0, -1)}x`, '/api/admin/api-keys')).status).toBe(401);
    expect((await withKey('', '/api/admin/api-keys')).status).toBe(401);

    const revoked = await admin.request({ method: 'DELETE', url: `/api/admin/api-keys/${id}` });
    expect(revoked.statusCode).toBe(204);
    const refused = await withKey(key, '/api/admin/api-keys');
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe('unauthenticated');

    // A request with a key is judged by the key alone: the admin's own session cookie does not rescue it.
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await withKey(key, '/api/admin/api-keys', { headers: { cookie } })).status).toBe(401);
    const listed: ApiKey[] = (await admin.get('/api/admin/api-keys')).json().keys;
    expect(listed.find((entry) => entry.id === id)?.revokedAt).not.toBeNull();
  });

  it('opens no client route: a key is no session', async () => {
    const { key } = await createKey('Scoped');
    expect((await withKey(key, '/api/session')).status).toBe(200);
    expect(await (await withKey(key, '/api/session')).json()).toBeNull();
    expect((await withKey(key, '/api/me/gallery')).status).toBe(401);
  });

  it('uploads through tus with a key alone, past the same-origin check that guards cookie sessions', async () => {
    const { key } = await createKey('Sync');
    const jpeg = fs.readFileSync(await writeTestJpeg(path.join(t.dataDir, 'key-upload.jpg')));
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await withKey(key, '/api/uploads', {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(jpeg.length),
        'upload-metadata': encodeTusMetadata({
          filename: 'key.jpg',
          filetype: 'image/jpeg',
          folder: MAIN_GALLERY_FOLDER,
        }),
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(String(created.headers.get('location')), `${base}/api/uploads/`).pathname;
    const finished = await withKey(key, location, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: jpeg,
    });
    expect(finished.status).toBe(204);
    expect(finished.headers.get('x-media-id')).toBeTruthy();

    // Without a key, the same write with no Origin is still refused as a cross-site one.
    const noKey = await fetch(`${base}/api/admin/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(noKey.status).toBe(403);
    expect((await noKey.json()).error.code).toBe('forbidden-origin');
    // A wrong key passes that check but not the key's: 401, nothing made.
    const wrong = await withKey('gsk_wrong', '/api/admin/api-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(wrong.status).toBe(401);
  });

  it('answers which contents a folder already has', async () => {
    const { key } = await createKey('Known');
    const ask = (body: object) =>
      withKey(key, '/api/admin/uploads/known', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const answer = await ask({ folder: MAIN_GALLERY_FOLDER, md5: [unknown] });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ known: [] });
    expect((await ask({ event: '00000000-0000-4000-8000-000000000000', md5: [] })).status).toBe(404);
    expect((await ask({ md5: [] })).status).toBe(400);
  });
});
