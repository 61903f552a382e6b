import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { MediaRecord } from '../../repositories/media-repository';
import { createMediaUrls, loadMediaUrlKey } from '../../services/media/media-urls';
import { TEST_DATABASES } from '../../test/harness';
import { writeTestJpeg } from '../../test/support/ingest';
import { type MediaTestApp, startMediaTestApp, tamperSignature } from '../../test/support/media-test-app';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/media');
const HEBREW_NAME = 'רכיבה בבוקר.jpg';
const NOT_FOUND = { error: { code: 'object-not-found', message: 'Object does not exist' } };

/** The `filename*` value of a Content-Disposition header, decoded (RFC 8187). */
function extendedFilename(header: unknown): string | undefined {
  const match = /filename\*=UTF-8''([^;]+)/.exec(String(header));
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

describe.each(TEST_DATABASES)('GET /api/media/:id/download on disk storage and %s', (database) => {
  let m: MediaTestApp;
  let items: Record<'hebrew' | 'svg' | 'privateA' | 'trashed', MediaRecord>;
  let pending: MediaRecord;
  let jpegBytes: Buffer;

  beforeAll(async () => {
    m = await startMediaTestApp({ driver: 'disk', database });
    const jpeg = await writeTestJpeg(path.join(m.t.dataDir, 'source.jpg'), 320, 240);
    jpegBytes = fs.readFileSync(jpeg);
    items = await m.settle({
      hebrew: await m.ingest(MAIN_GALLERY_FOLDER, jpeg, HEBREW_NAME),
      svg: await m.ingest(MAIN_GALLERY_FOLDER, path.join(fixtures, 'script.svg'), 'logo.svg'),
      privateA: await m.ingest(m.userA.folder, jpeg, 'private.jpg'),
      trashed: await m.ingest(MAIN_GALLERY_FOLDER, jpeg, 'trashed.jpg'),
    });
    pending = await m.addProcessing(MAIN_GALLERY_FOLDER, jpeg, 'pending.jpg');
    expect(
      (await m.clients.admin.request({ method: 'DELETE', url: `/api/admin/media/${items.trashed.id}` })).statusCode,
    ).toBeLessThan(300);
  });
  afterAll(async () => m?.close());

  const url = (item: MediaRecord) => `/api/media/${item.id}/download`;

  it('sends a main-gallery original to anyone as an octet-stream attachment with its Hebrew name intact', async () => {
    expect(items.hebrew.name).toBe('רכיבה_בבוקר.jpg');
    const res = await m.clients.anonymous.get(url(items.hebrew));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(jpegBytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-length']).toBe(String(jpegBytes.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename=file\.jpg; filename\*=UTF-8''%D7%A8/);
    expect(extendedFilename(disposition)).toBe('רכיבה_בבוקר.jpg');
  });

  it('answers Range, If-None-Match and HEAD like the media route', async () => {
    const first = await m.clients.anonymous.get(url(items.hebrew));
    const etag = String(first.headers.etag);
    const notModified = await m.clients.anonymous.request({
      method: 'GET',
      url: url(items.hebrew),
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    const range = await m.clients.anonymous.request({
      method: 'GET',
      url: url(items.hebrew),
      headers: { range: 'bytes=2-5' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 2-5/${jpegBytes.length}`);
    expect(range.rawPayload.equals(jpegBytes.subarray(2, 6))).toBe(true);
    const head = await m.clients.anonymous.request({ method: 'HEAD', url: url(items.hebrew) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(jpegBytes.length));
    expect(head.headers['content-type']).toBe('application/octet-stream');
    expect(head.rawPayload).toHaveLength(0);
  });

  it('never lets an SVG original render: octet-stream, attachment, sandbox CSP', async () => {
    const res = await m.clients.anonymous.get(url(items.svg));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment; filename=logo.svg');
    expect(res.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(fixtures, 'script.svg')))).toBe(true);
  });

  it('gives a private original to its owner, the admin and a valid signed URL; everyone else the 404 of a missing id', async () => {
    const missing = await m.clients.clientA.get('/api/media/AAAAAAAAAAAAAAAAAAAAAA/download');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
    for (const who of ['anonymous', 'clientB'] as const) {
      const res = await m.clients[who].get(url(items.privateA));
      expect(res.statusCode, who).toBe(404);
      expect(res.json(), who).toEqual(NOT_FOUND);
      const head = await m.clients[who].request({ method: 'HEAD', url: url(items.privateA) });
      expect(head.statusCode, who).toBe(404);
    }
    for (const who of ['clientA', 'admin'] as const) {
      const res = await m.clients[who].get(url(items.privateA));
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['cache-control'], who).toBe('private, no-cache');
      expect(res.rawPayload.equals(jpegBytes), who).toBe(true);
    }
    const urls = createMediaUrls(loadMediaUrlKey(m.t.config.authSecret, m.t.config.dataDir));
    const signed = urls.url(items.privateA.id, 'original', { signed: true });
    const query = signed.slice(signed.indexOf('?'));
    expect((await m.clients.anonymous.get(`${url(items.privateA)}${query}`)).statusCode).toBe(200);
    const tampered = tamperSignature(query);
    expect((await m.clients.anonymous.get(`${url(items.privateA)}${tampered}`)).statusCode).toBe(404);
    // A signature is bound to its item.
    const otherItem = urls.url(items.hebrew.id, 'original', { signed: true });
    const borrowed = otherItem.slice(otherItem.indexOf('?'));
    expect((await m.clients.anonymous.get(`${url(items.privateA)}${borrowed}`)).statusCode).toBe(404);
  });

  it('answers 404 for items still processing or in the trash, and 400 for a malformed id', async () => {
    for (const item of [pending, items.trashed]) {
      const res = await m.clients.admin.get(url(item));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const bad = await m.clients.anonymous.get('/api/media/..%2F..%2Fetc/download');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });
});

describe('GET /api/media/:id/download on S3 storage', () => {
  let m: MediaTestApp;
  let items: Record<'hebrew' | 'privateA', MediaRecord>;
  let jpegBytes: Buffer;

  beforeAll(async () => {
    m = await startMediaTestApp({ driver: 's3', database: 'sqlite' });
    const jpeg = await writeTestJpeg(path.join(m.t.dataDir, 'source.jpg'), 320, 240);
    jpegBytes = fs.readFileSync(jpeg);
    items = await m.settle({
      hebrew: await m.ingest(MAIN_GALLERY_FOLDER, jpeg, HEBREW_NAME),
      privateA: await m.ingest(m.userA.folder, jpeg, 'private.jpg'),
    });
  });
  afterAll(async () => m?.close());

  it('redirects a GET to a short-lived presigned URL that downloads under the same type and name', async () => {
    const res = await m.clients.anonymous.get(`/api/media/${items.hebrew.id}/download`);
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = String(res.headers.location);
    const storage = m.t.config.storage;
    if (storage.kind !== 's3') throw new Error('the app should run on S3');
    expect(location.startsWith(`${storage.endpoint}/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Signature=/);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(jpegBytes)).toBe(true);
    expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
    expect(extendedFilename(fetched.headers.get('content-disposition'))).toBe('רכיבה_בבוקר.jpg');
  });

  it("lets the page follow that redirect: the bucket's origin may be fetched and framed (a video's hidden iframe)", async () => {
    const storage = m.t.config.storage;
    if (storage.kind !== 's3' || !storage.endpoint) throw new Error('the app should run on S3 with an endpoint');
    const origin = new URL(storage.endpoint).origin;
    const res = await m.clients.anonymous.get(`/api/media/${items.hebrew.id}/download`);
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([key]) => key === name)
        ?.slice(1) ?? [];
    expect(directive('connect-src')).toContain(origin);
    expect(directive('frame-src')).toEqual(expect.arrayContaining(["'self'", origin]));
  });

  it('answers HEAD itself, and redirects a private item only for those allowed to have it', async () => {
    const head = await m.clients.anonymous.request({ method: 'HEAD', url: `/api/media/${items.hebrew.id}/download` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(jpegBytes.length));
    expect(head.headers['content-type']).toBe('application/octet-stream');
    const privateUrl = `/api/media/${items.privateA.id}/download`;
    const stranger = await m.clients.clientB.get(privateUrl);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers.location).toBeUndefined();
    const owner = await m.clients.clientA.get(privateUrl);
    expect(owner.statusCode).toBe(302);
    expect((await fetch(String(owner.headers.location))).status).toBe(200);
  });
});
