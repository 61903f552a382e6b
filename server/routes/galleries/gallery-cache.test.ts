import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryResult } from '../../../shared/schemas/events';
import type { GalleryPage } from '../../../shared/schemas/gallery';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import type { Derivative } from '../../media/types';
import { createMediaRepository } from '../../repositories/media-repository';
import { createStorage } from '../../storage/index';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { makeReadyMedia } from '../../test/support/media-factory';
import { FAST_HASH, type TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'cached-gallery-admin' };
/** Every instance of one site shares the secret (required with PostgreSQL). */
const ENV = { AUTH_SECRET: 'a-shared-secret-of-the-test-instances-0123456789' };

const jpeg = (id: string): Derivative => ({
  file: `480w-${id.slice(0, 6).toLowerCase()}.jpg`,
  role: 'image',
  format: 'jpeg',
  contentType: 'image/jpeg',
  width: 480,
  height: 320,
  size: 1000,
});

/**
 * Ready main-gallery pictures at positions `from`…, written the way the pipeline writes them but through a connection of
 * their own, as another process would; their ids in order.
 */
async function seedMain(config: TestApp['config'], count: number, from = 0): Promise<string[]> {
  const database = await openDatabase(config.database);
  const media = createMediaRepository(database.db);
  const storage = createStorage(config.storage);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const record = await makeReadyMedia(media, { position: from + i, name: `ride-${from + i}.jpg` });
    await media.markReady(record.id, {
      width: 480,
      height: 320,
      duration: null,
      placeholder: null,
      derivatives: [jpeg(record.id)],
    });
    // The original is stored too: restoring from the trash checks for it.
    await storage.put(record.fullPath, Buffer.from('not really a picture'));
    ids.push(record.id);
  }
  await database.close();
  return ids;
}

async function publicPage(app: FastifyInstance, query = ''): Promise<GalleryPage> {
  const res = await app.inject({ url: `/api/gallery${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GalleryPage;
}

const idsOf = (page: GalleryPage) => page.items.map((item) => item.id);

describe.each(TEST_DATABASES)('the public gallery answer kept as bytes, on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let ids: string[] = [];

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN, ENV));
    ids = await seedMain(t.config, 8);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the same bytes with an ETag, 304 to a browser that has them, and Brotli or gzip of them', async () => {
    const plain = await t.app.inject({ url: '/api/gallery?type=all&page=1' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=5');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(plain.json()).toMatchObject({ page: 1, pageCount: 2, total: 8 });
    expect(idsOf(plain.json())).toEqual(ids.slice(0, 6));

    const again = await t.app.inject({ url: '/api/gallery?type=all&page=1' });
    expect(again.rawPayload).toEqual(plain.rawPayload);
    const notModified = await t.app.inject({ url: '/api/gallery', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const br = await t.app.inject({ url: '/api/gallery', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload)).toEqual(plain.rawPayload);
    const gzip = await t.app.inject({ url: '/api/gallery', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload)).toEqual(plain.rawPayload);
    expect(gzip.headers.etag).toBe(etag);
  });

  it('still refuses a bad query with 400 invalid-argument', async () => {
    const res = await t.app.inject({ url: '/api/gallery?type=everything' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
  });

  it('shows a trashed item gone, a restored one back and a new order on the very next request', async () => {
    const before = await t.app.inject({ url: '/api/gallery' });
    const [first, second] = ids;
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/media/${first}` })).statusCode).toBe(200);
    const trashed = await publicPage(t.app);
    expect(trashed.total).toBe(7);
    expect(idsOf(trashed)).toEqual(ids.slice(1, 7));
    expect(
      (await t.app.inject({ url: '/api/gallery', headers: { 'if-none-match': String(before.headers.etag) } }))
        .statusCode,
    ).toBe(200);

    expect((await admin.post(`/api/admin/trash/${first}/restore`)).statusCode).toBe(200);
    expect(idsOf(await publicPage(t.app))).toEqual(ids.slice(0, 6));

    const reordered = [second, first, ...ids.slice(2)] as string[];
    const put = await admin.request({
      method: 'PUT',
      url: '/api/admin/main-gallery/order',
      payload: { ids: reordered },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(idsOf(await publicPage(t.app))).toEqual(reordered.slice(0, 6));
    expect(idsOf(await publicPage(t.app, '?type=images&page=2'))).toEqual(reordered.slice(6));
  });

  // SQLite only: with PostgreSQL another process announces its writes over NOTIFY (the two-instance test below).
  it.runIf(database === 'sqlite')('shows what another process wrote to the database (the import command)', async () => {
    const before = await publicPage(t.app, '?page=2');
    const added = await seedMain(t.config, 1, 100);
    // The other process announces nothing; the server notices the file changed under it on its next check (1 s).
    await expect.poll(async () => (await publicPage(t.app, '?page=2')).total, { timeout: 5000 }).toBe(before.total + 1);
    expect(idsOf(await publicPage(t.app, '?page=2')).at(-1)).toBe(added[0]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let t: TestApp;
  let admin: TestClient;
  /** A second instance of the same site: same database, same files, same secret. */
  let other: FastifyInstance;
  let ids: string[] = [];

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin('postgres', ADMIN, ENV));
    other = await buildApp(t.config, { webRoot: path.join(t.dataDir, 'no-web-build'), ...FAST_HASH });
    await other.ready();
    ids = await seedMain(t.config, 8);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('shows on instance B, within a notification, what the admin changed through instance A', async () => {
    expect((await publicPage(other)).total).toBe(8);
    const [first] = ids;
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/media/${first}` })).statusCode).toBe(200);
    await expect.poll(async () => (await publicPage(other)).total, { timeout: 5000 }).toBe(7);
    expect(idsOf(await publicPage(other))).toEqual(ids.slice(1, 7));

    expect((await admin.post(`/api/admin/trash/${first}/restore`)).statusCode).toBe(200);
    await expect.poll(async () => idsOf(await publicPage(other)), { timeout: 5000 }).toEqual(ids.slice(0, 6));
  });

  it('drops instance B’s search index of an event when a ride is hidden through instance A', async () => {
    const created = await admin.post('/api/admin/events', {
      name: 'Autumn Cup',
      date: '2026-10-01',
      slug: 'autumn-cup',
      venue: 'Kfar Hess',
      visibility: 'public',
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().id as string;
    const list = [
      'number,rider,horse,class,start time',
      '7,Maya Levi,Storm,1.10,10:00',
      '8,Omer Cohen,Luna,1.10,10:03',
    ];
    const imported = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/start-list`,
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from(list.join('\r\n')),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const search = async (q: string) => {
      const res = await other.inject({ url: `/api/events/autumn-cup/search?q=${q}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().entries as EntryResult[]).map((entry) => entry.number);
    };
    expect(await search('Maya')).toEqual(['7']);
    const entries = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries as Array<{
      id: string;
      number: string;
    }>;
    const maya = entries.find((entry) => entry.number === '7')?.id;
    const hide = await admin.request({
      method: 'PATCH',
      url: `/api/admin/events/${eventId}/entries/${maya}`,
      payload: { hidden: true },
    });
    expect(hide.statusCode, hide.body).toBeLessThan(300);
    await expect.poll(() => search('Maya'), { timeout: 5000 }).toEqual([]);
    expect(await search('Omer')).toEqual(['8']);
  });
});
