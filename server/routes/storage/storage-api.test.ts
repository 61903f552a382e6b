import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { MediaRecord } from '../../repositories/media-repository';
import { TEST_DATABASES } from '../../test/harness';
import { writeTestJpeg } from '../../test/support/ingest';
import { type MediaTestApp, startMediaTestApp } from '../../test/support/media-test-app';

const NOT_FOUND = { error: { code: 'object-not-found', message: 'Object does not exist' } };
const FOLDER_A = 'rider_a@example_com';
const FOLDER_B = 'rider_b@example_com';
const MAIN_NAMES = ['a.jpg', 'b.jpg', 'c.jpg', 'delete-me.jpg', 'trashed.jpg', 'רכיבה.jpg'];

interface ListBody {
  items: Array<Record<string, unknown> & { fullPath: string; name: string }>;
  prefixes: string[];
  nextPageToken?: string;
}

describe.each(TEST_DATABASES)('storage-style API /api/storage/o on %s', (database) => {
  let m: MediaTestApp;
  let jpeg: string;
  const items: Record<string, MediaRecord> = {};
  let pending: MediaRecord;

  const objectUrl = (fullPath: string) => `/api/storage/o/${encodeURIComponent(fullPath)}`;
  const admin = () => m.clients.admin;
  const list = async (query: Record<string, string>) => {
    const res = await admin().get(`/api/storage/o?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListBody;
  };
  const patch = (fullPath: string, payload: unknown) =>
    admin().request({ method: 'PATCH', url: objectUrl(fullPath), payload: payload as object });

  beforeAll(async () => {
    m = await startMediaTestApp({ driver: 'disk', database });
    jpeg = await writeTestJpeg(path.join(m.t.dataDir, 'source.jpg'), 64, 48);
    const ingested: Record<string, MediaRecord> = {};
    for (const name of MAIN_NAMES) ingested[name] = await m.ingest(MAIN_GALLERY_FOLDER, jpeg, name);
    ingested.private = await m.ingest(FOLDER_A, jpeg, 'private.jpg');
    Object.assign(items, await m.settle(ingested));
    pending = await m.addProcessing(FOLDER_B, jpeg, 'pending.jpg');
  });
  afterAll(async () => m?.close());

  it('is for the admin only: 401 before any validation for visitors, 403 for clients', async () => {
    const anonymous = await m.clients.anonymous.get('/api/storage/o?maxResults=0');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    const client = await m.clients.clientA.get(objectUrl(`${FOLDER_A}/private.jpg`));
    expect(client.statusCode).toBe(403);
    expect(client.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const patchByClient = await m.clients.clientA.request({
      method: 'PATCH',
      url: objectUrl(`${FOLDER_A}/private.jpg`),
      payload: { cacheControl: 'no-store' },
    });
    expect(patchByClient.statusCode).toBe(403);
  });

  it('lists the folders as prefixes at the root, a page at a time', async () => {
    const all = await list({ delimiter: '/' });
    expect(all).toEqual({ items: [], prefixes: [`${MAIN_GALLERY_FOLDER}/`, `${FOLDER_A}/`, `${FOLDER_B}/`] });
    const first = await list({ delimiter: '/', maxResults: '2' });
    expect(first.prefixes).toEqual([`${MAIN_GALLERY_FOLDER}/`, `${FOLDER_A}/`]);
    expect(first.nextPageToken).toEqual(expect.any(String));
    const second = await list({ delimiter: '/', maxResults: '2', pageToken: first.nextPageToken ?? '' });
    expect(second).toEqual({ items: [], prefixes: [`${FOLDER_B}/`] });
    expect(await list({ delimiter: '/', prefix: 'rider_' })).toEqual({
      items: [],
      prefixes: [`${FOLDER_A}/`, `${FOLDER_B}/`],
    });
  });

  it("lists a folder's objects in path order with every stored-object metadata field", async () => {
    const page = await list({ prefix: `${MAIN_GALLERY_FOLDER}/`, delimiter: '/' });
    expect(page.prefixes).toEqual([]);
    expect(page.nextPageToken).toBeUndefined();
    // Path order is UTF-8 byte order: the Hebrew name comes after every ASCII one.
    expect(page.items.map((item) => item.name)).toEqual(MAIN_NAMES);
    const bytes = fs.readFileSync(jpeg);
    const a = page.items[0];
    expect(a).toEqual({
      bucket: 'media',
      name: 'a.jpg',
      fullPath: `${MAIN_GALLERY_FOLDER}/a.jpg`,
      size: bytes.length,
      contentType: 'image/jpeg',
      md5Hash: createHash('md5').update(bytes).digest('base64'),
      generation: expect.stringMatching(/^\d+$/),
      metageneration: '1',
      timeCreated: items['a.jpg']?.timeCreated,
      updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      cacheControl: 'public, max-age=3600',
      contentDisposition: 'attachment; filename=a.jpg',
      contentEncoding: null,
      contentLanguage: null,
      // The ingest keeps the name the file was uploaded under.
      customMetadata: { originalName: 'a.jpg' },
    });
    const partial = await list({ prefix: `${MAIN_GALLERY_FOLDER}/de` });
    expect(partial.items.map((item) => item.fullPath)).toEqual([`${MAIN_GALLERY_FOLDER}/delete-me.jpg`]);
  });

  it('pages through a folder with maxResults and pageToken, and a flat listing spans every folder', async () => {
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await list({
        prefix: `${MAIN_GALLERY_FOLDER}/`,
        maxResults: '4',
        ...(pageToken ? { pageToken } : {}),
      });
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((item) => item.name));
      pageToken = page.nextPageToken;
      pages++;
    } while (pageToken);
    expect(pages).toBe(2);
    expect(seen).toEqual(MAIN_NAMES);
    const flat = await list({});
    expect(flat.prefixes).toEqual([]);
    expect(flat.items.map((item) => item.fullPath)).toEqual([
      ...MAIN_NAMES.map((name) => `${MAIN_GALLERY_FOLDER}/${name}`),
      `${FOLDER_A}/private.jpg`,
      `${FOLDER_B}/pending.jpg`,
    ]);
  });

  it('never shows derivatives or .placeholder files, although storage holds them', async () => {
    expect((await m.storage.list({ prefix: '_derived/' })).items.length).toBeGreaterThan(0);
    expect(await m.storage.head(`${FOLDER_A}/.placeholder`)).not.toBeNull();
    expect((await list({ prefix: '_derived/' })).items).toEqual([]);
    expect((await list({ prefix: `${FOLDER_A}/` })).items.map((item) => item.name)).toEqual(['private.jpg']);
    const derivative = items['a.jpg']?.derivatives[0]?.file;
    expect(derivative).toBeDefined();
    const res = await admin().get(objectUrl(`_derived/${items['a.jpg']?.id}/${derivative}`));
    expect(res.statusCode).toBe(404);
    expect((await admin().get(objectUrl(`${FOLDER_A}/.placeholder`))).statusCode).toBe(404);
  });

  it('refuses bad list arguments with 400 invalid-argument', async () => {
    const bad = [
      'maxResults=0',
      'maxResults=1001',
      'maxResults=abc',
      'maxResults=1.5',
      'maxResults=-1',
      'delimiter=%2C',
      'pageToken=not-a-token',
      'prefix=..%2Fetc%2F',
      'unknown=1',
    ];
    for (const query of bad) {
      const res = await admin().get(`/api/storage/o?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'invalid-argument' } });
    }
    // A page token belongs to its listing.
    const first = await list({ prefix: `${MAIN_GALLERY_FOLDER}/`, maxResults: '1' });
    const reused = await admin().get(`/api/storage/o?prefix=${FOLDER_A}%2F&pageToken=${first.nextPageToken}`);
    expect(reused.statusCode).toBe(400);
  });

  it('reads one object by its encoded path; 404 object-not-found when absent, 400 for a malformed path', async () => {
    const res = await admin().get(objectUrl(`${MAIN_GALLERY_FOLDER}/רכיבה.jpg`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'רכיבה.jpg',
      fullPath: `${MAIN_GALLERY_FOLDER}/רכיבה.jpg`,
      metageneration: '1',
    });
    const processing = await admin().get(objectUrl(`${FOLDER_B}/pending.jpg`));
    expect(processing.json()).toMatchObject({ fullPath: pending.fullPath });
    const missing = await admin().get(objectUrl(`${MAIN_GALLERY_FOLDER}/nothing.jpg`));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    expect((await admin().get(objectUrl(`${MAIN_GALLERY_FOLDER}/../secrets`))).statusCode).toBe(400);
  });

  it('updates metadata with PATCH: validated fields, custom keys merged, metageneration and updated bumped', async () => {
    const before = (await admin().get(objectUrl(`${MAIN_GALLERY_FOLDER}/b.jpg`))).json() as Record<string, string>;
    const first = await patch(`${MAIN_GALLERY_FOLDER}/b.jpg`, {
      cacheControl: 'public, max-age=600',
      contentLanguage: 'he',
      contentDisposition: "attachment; filename*=UTF-8''%D7%90.jpg",
      customMetadata: { event: 'Spring show', heat: '3' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      cacheControl: 'public, max-age=600',
      contentLanguage: 'he',
      contentDisposition: "attachment; filename*=UTF-8''%D7%90.jpg",
      customMetadata: { event: 'Spring show', heat: '3' },
      metageneration: '2',
      generation: before.generation,
      contentType: 'image/jpeg',
    });
    expect(new Date(first.json().updated).getTime()).toBeGreaterThanOrEqual(new Date(before.updated ?? '').getTime());

    const second = await patch(`${MAIN_GALLERY_FOLDER}/b.jpg`, {
      customMetadata: { heat: null, rider: 'Noa' },
      contentLanguage: null,
      contentType: 'application/octet-stream',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().customMetadata).toEqual({ originalName: 'b.jpg', event: 'Spring show', rider: 'Noa' });
    expect(second.json()).toMatchObject({
      contentLanguage: null,
      cacheControl: 'public, max-age=600',
      contentType: 'application/octet-stream',
      metageneration: '3',
    });
    expect((await admin().get(objectUrl(`${MAIN_GALLERY_FOLDER}/b.jpg`))).json()).toEqual(second.json());
  });

  it('refuses metadata that is not valid, changing nothing', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`key${i}`, 'x']));
    const bad: unknown[] = [
      {},
      { contentType: 'text/html' },
      { contentType: 'video/mp4' },
      { cacheControl: 'public\r\nSet-Cookie: a=b' },
      { contentDisposition: 'attachment; filename=' },
      { contentDisposition: 'attachment; filename="unterminated' },
      { contentDisposition: "attachment; filename*=UTF-8''not-encoded-א.jpg" },
      { contentDisposition: 'form-data; name="x"' },
      { contentLanguage: 'he he' },
      { contentEncoding: 'gzip' },
      { customMetadata: { 'bad key': 'x' } },
      { customMetadata: { note: 'x'.repeat(1025) } },
      { customMetadata: tooMany },
      { customMetadata: { note: 7 } },
    ];
    for (const payload of bad) {
      const res = await patch(`${MAIN_GALLERY_FOLDER}/c.jpg`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: { code: 'invalid-argument' } });
    }
    expect((await admin().get(objectUrl(`${MAIN_GALLERY_FOLDER}/c.jpg`))).json()).toMatchObject({
      metageneration: '1',
      contentType: 'image/jpeg',
      cacheControl: 'public, max-age=3600',
      customMetadata: { originalName: 'c.jpg' },
    });
    const missing = await patch(`${MAIN_GALLERY_FOLDER}/nothing.jpg`, { cacheControl: 'no-store' });
    expect(missing.json()).toEqual(NOT_FOUND);
  });

  it('deletes an object for good: row, original and derivatives; a second delete is 404', async () => {
    const record = items['delete-me.jpg'] as MediaRecord;
    expect(await m.storage.head(record.fullPath)).not.toBeNull();
    const res = await admin().request({ method: 'DELETE', url: objectUrl(record.fullPath) });
    expect(res.statusCode).toBe(204);
    expect(await m.runtime.media.findById(record.id)).toBeUndefined();
    expect(await m.storage.head(record.fullPath)).toBeNull();
    expect((await m.storage.list({ prefix: `_derived/${record.id}/` })).items).toEqual([]);
    expect((await admin().get(objectUrl(record.fullPath))).json()).toEqual(NOT_FOUND);
    expect((await list({ prefix: `${MAIN_GALLERY_FOLDER}/` })).items.map((item) => item.name)).not.toContain(
      'delete-me.jpg',
    );
    const again = await admin().request({ method: 'DELETE', url: objectUrl(record.fullPath) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
  });

  it('finishes a delete that stopped after marking the row (here: an item in the trash)', async () => {
    const record = items['trashed.jpg'] as MediaRecord;
    const trashed = await admin().request({ method: 'DELETE', url: `/api/admin/media/${record.id}` });
    expect(trashed.statusCode).toBeLessThan(300);
    expect(await m.storage.head(record.fullPath)).not.toBeNull();
    expect((await admin().get(objectUrl(record.fullPath))).statusCode).toBe(404);
    const res = await admin().request({ method: 'DELETE', url: objectUrl(record.fullPath) });
    expect(res.statusCode).toBe(204);
    expect(await m.runtime.media.findById(record.id)).toBeUndefined();
    expect(await m.storage.head(record.fullPath)).toBeNull();
    expect((await m.storage.list({ prefix: `_derived/${record.id}/` })).items).toEqual([]);
  });

  it('refuses to delete an item still being processed (409), leaving it whole', async () => {
    const res = await admin().request({ method: 'DELETE', url: objectUrl(pending.fullPath) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'conflict' } });
    expect(await m.storage.head(pending.fullPath)).not.toBeNull();
    expect((await m.runtime.media.findById(pending.id))?.deletedAt).toBeNull();
  });
});
