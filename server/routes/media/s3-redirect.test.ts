import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { derivativeKey, isProof } from '../../media/types';
import type { MediaRecord } from '../../repositories/media-repository';
import { createMediaUrls, loadMediaUrlKey, type MediaUrls } from '../../services/media/media-urls';
import { writeTestJpeg } from '../../test/support/ingest';
import { type MediaTestApp, startMediaTestApp, tamperSignature } from '../../test/support/media-test-app';
import type { TestClient } from '../../test/test-client';
import { PRESIGNED_VIEW_SECONDS, VIEW_REDIRECT_REUSE_SECONDS } from './index';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/media');
const NOT_FOUND = { error: { code: 'object-not-found', message: 'Object does not exist' } };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Private media on S3 go by short-lived presigned redirects: a permitted GET of a private item's file answers 302 to
 * the bucket, which then sends the bytes (and answers Range and conditional requests itself), while every refusal,
 * every HEAD and every public file stay as the app answers them. Against a real S3-compatible server (s3rver), the
 * redirects are followed with fetch and the bytes compared with what was stored. The database plays no part in the
 * redirect, so SQLite alone is used here; the access rule itself runs on both databases in media-routes.test.ts.
 */
describe('private media on S3 storage', () => {
  let m: MediaTestApp;
  let urls: MediaUrls;
  let items: Record<'privateA' | 'svgA' | 'publicPhoto' | 'trashed' | 'proofingB', MediaRecord>;
  let jpegBytes: Buffer;
  let bucketRoot: string;

  beforeAll(async () => {
    m = await startMediaTestApp({ driver: 's3', database: 'sqlite' });
    const storage = m.t.config.storage;
    if (storage.kind !== 's3' || !storage.endpoint) throw new Error('the app should run on S3 with an endpoint');
    bucketRoot = `${storage.endpoint}/${storage.bucket}/`;
    urls = createMediaUrls(loadMediaUrlKey(m.t.config.authSecret, m.t.config.dataDir));
    const jpeg = await writeTestJpeg(path.join(m.t.dataDir, 'source.jpg'), 320, 240);
    jpegBytes = fs.readFileSync(jpeg);
    const folderB = ((await m.clients.clientB.session()) as { folder: string }).folder;
    items = await m.settle({
      privateA: await m.ingest(m.userA.folder, jpeg, 'private.jpg'),
      svgA: await m.ingest(m.userA.folder, path.join(fixtures, 'script.svg'), 'logo.svg'),
      publicPhoto: await m.ingest(MAIN_GALLERY_FOLDER, jpeg, 'public.jpg'),
      trashed: await m.ingest(m.userA.folder, jpeg, 'trashed.jpg'),
      proofingB: await m.ingest(folderB, jpeg, 'jump.jpg'),
    });
    // Client B's gallery goes into proofing: its items get watermarked proofs (a job), and B sees only those.
    const proofing = await m.clients.admin.request({
      method: 'PATCH',
      url: `/api/admin/folders/${encodeURIComponent(folderB)}`,
      payload: { mode: 'proofing' },
    });
    expect(proofing.statusCode).toBe(200);
    ({ proofingB: items.proofingB } = await m.settle({ proofingB: items.proofingB }));
    const removed = await m.clients.admin.request({ method: 'DELETE', url: `/api/admin/media/${items.trashed.id}` });
    expect(removed.statusCode).toBeLessThan(300);
  }, 120_000);
  afterAll(async () => m?.close());

  /** A picture a gallery grid shows (a clean one). */
  const picture = (item: MediaRecord) => {
    const found = item.derivatives.find((derivative) => derivative.role === 'image');
    if (!found) throw new Error(`${item.name} has no pictures`);
    return found;
  };
  const proofOf = (item: MediaRecord) => {
    const found = item.derivatives.find((derivative) => derivative.role === 'proof');
    if (!found) throw new Error(`${item.name} has no proofs`);
    return found;
  };
  const storedBytes = async (key: string) => {
    const { stream } = await m.storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  /**
   * Asks the app for `url` as `client`, expects the redirect into the bucket, and returns where it leads. A
   * derivative's redirect may be reused a while; an original's never (an edited version may replace it).
   */
  async function expectRedirect(client: TestClient, url: string, key: string): Promise<string> {
    const res = await client.get(url);
    expect(res.statusCode, url).toBe(302);
    expect(res.headers['cache-control']).toBe(
      url.endsWith('/original') ? 'private, no-store' : `private, max-age=${VIEW_REDIRECT_REUSE_SECONDS}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload).toHaveLength(0);
    const location = String(res.headers.location);
    expect(location.startsWith(bucketRoot)).toBe(true);
    const target = new URL(location);
    expect(decodeURIComponent(target.pathname.slice(new URL(bucketRoot).pathname.length))).toBe(key);
    expect(target.searchParams.get('X-Amz-Expires')).toBe(String(PRESIGNED_VIEW_SECONDS));
    expect(target.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    return location;
  }

  it('keeps the redirect reusable by the browser for less than the presigned URL lives', () => {
    expect(VIEW_REDIRECT_REUSE_SECONDS).toBeGreaterThan(0);
    expect(VIEW_REDIRECT_REUSE_SECONDS).toBeLessThan(PRESIGNED_VIEW_SECONDS);
  });

  it("redirects the owner's and the admin's GET of a private picture; the bucket sends its bytes, type and cache life", async () => {
    const file = picture(items.privateA);
    const key = derivativeKey(items.privateA.id, file.file);
    const stored = await storedBytes(key);
    for (const who of ['clientA', 'admin'] as const) {
      const location = await expectRedirect(m.clients[who], `/media/${items.privateA.id}/${file.file}`, key);
      const fetched = await fetch(location);
      expect(fetched.status, who).toBe(200);
      expect(sha256(Buffer.from(await fetched.arrayBuffer())), who).toBe(sha256(stored));
      expect(fetched.headers.get('content-type')).toBe(file.contentType);
      expect(fetched.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    }
  });

  it('redirects a private original to the bucket inline under its name, and an SVG original only as an attachment', async () => {
    const original = await expectRedirect(
      m.clients.clientA,
      `/media/${items.privateA.id}/original`,
      items.privateA.fullPath,
    );
    const photo = await fetch(original);
    expect(photo.status).toBe(200);
    expect(sha256(Buffer.from(await photo.arrayBuffer()))).toBe(sha256(jpegBytes));
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('content-disposition')).toBe('inline; filename=private.jpg');
    expect(photo.headers.get('cache-control')).toBe('private, no-cache');

    const svg = await fetch(
      await expectRedirect(m.clients.clientA, `/media/${items.svgA.id}/original`, items.svgA.fullPath),
    );
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-disposition')).toBe('attachment; filename=logo.svg');
    expect(sha256(Buffer.from(await svg.arrayBuffer()))).toBe(
      sha256(fs.readFileSync(path.join(fixtures, 'script.svg'))),
    );
  });

  it('lets the bucket answer Range, If-None-Match and a range past the end when a signed URL is followed over HTTP', async () => {
    const appUrl = await m.t.app.listen({ host: '127.0.0.1', port: 0 });
    const signed = `${appUrl}${urls.url(items.privateA.id, 'original', { signed: true })}`;
    const partial = await fetch(signed, { headers: { range: 'bytes=2-5' } });
    expect(partial.redirected).toBe(true);
    expect(partial.url.startsWith(bucketRoot)).toBe(true);
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 2-5/${jpegBytes.length}`);
    expect(Buffer.from(await partial.arrayBuffer()).equals(jpegBytes.subarray(2, 6))).toBe(true);

    const whole = await fetch(signed);
    expect(whole.status).toBe(200);
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(jpegBytes));
    const etag = whole.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(signed, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    const past = await fetch(signed, { headers: { range: `bytes=${jpegBytes.length + 10}-` } });
    expect(past.status).toBe(416);
  });

  it('answers HEAD itself, a presigned GET URL being no use for it', async () => {
    const file = picture(items.privateA);
    const head = await m.clients.clientA.request({ method: 'HEAD', url: `/media/${items.privateA.id}/${file.file}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers.location).toBeUndefined();
    expect(head.headers['content-type']).toBe(file.contentType);
    expect(head.headers['content-length']).toBe(
      String((await storedBytes(derivativeKey(items.privateA.id, file.file))).length),
    );
    expect(head.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('presigns nothing for a viewer who may not read the file: the same 404 as before', async () => {
    const file = picture(items.privateA);
    const signed = urls.url(items.privateA.id, file.file, { signed: true });
    const attempts: Array<[TestClient, string]> = [
      [m.clients.anonymous, `/media/${items.privateA.id}/${file.file}`],
      [m.clients.clientB, `/media/${items.privateA.id}/${file.file}`],
      [m.clients.clientB, `/media/${items.privateA.id}/original`],
      [m.clients.anonymous, tamperSignature(signed)],
      // The trash shows the admin an item's pictures, never its original; its owner sees neither.
      [m.clients.admin, `/media/${items.trashed.id}/original`],
      [m.clients.clientA, `/media/${items.trashed.id}/${picture(items.trashed).file}`],
    ];
    for (const [client, url] of attempts) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(NOT_FOUND);
      expect(res.headers.location, url).toBeUndefined();
    }
    // The admin's trash view itself goes by redirect like any other private picture.
    const trashed = picture(items.trashed);
    const location = await expectRedirect(
      m.clients.admin,
      `/media/${items.trashed.id}/${trashed.file}`,
      derivativeKey(items.trashed.id, trashed.file),
    );
    expect((await fetch(location)).status).toBe(200);
  });

  it('sends the client of a proofing gallery to the proof object, never to a clean file', async () => {
    const { proofingB } = items;
    const proof = proofOf(proofingB);
    expect(isProof(proof)).toBe(true);
    const proofKey = derivativeKey(proofingB.id, proof.file);
    const location = await expectRedirect(m.clients.clientB, `/media/${proofingB.id}/${proof.file}`, proofKey);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(sha256(Buffer.from(await fetched.arrayBuffer()))).toBe(sha256(await storedBytes(proofKey)));
    expect(fetched.headers.get('content-type')).toBe(proof.contentType);

    // The clean files, by session or by a proof signature put on their names: the same 403 as before, no redirect.
    const proofSignature = urls.url(proofingB.id, proof.file, { signed: true, proofOnly: true }).split('?')[1];
    for (const file of [picture(proofingB).file, 'original']) {
      for (const [client, url] of [
        [m.clients.clientB, `/media/${proofingB.id}/${file}`],
        [m.clients.anonymous, `/media/${proofingB.id}/${file}?${proofSignature}`],
      ] as const) {
        const res = await client.get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code, url).toBe('not-delivered');
        expect(res.headers.location, url).toBeUndefined();
      }
    }
  });

  it('serves the main gallery itself, as before: public, cacheable by the proxy, never a redirect', async () => {
    const file = picture(items.publicPhoto);
    for (const who of ['anonymous', 'admin'] as const) {
      const res = await m.clients[who].get(`/media/${items.publicPhoto.id}/${file.file}`);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const key = derivativeKey(items.publicPhoto.id, file.file);
      expect(sha256(res.rawPayload)).toBe(sha256(await storedBytes(key)));
    }
    const original = await m.clients.anonymous.get(`/media/${items.publicPhoto.id}/original`);
    expect(original.statusCode).toBe(200);
    expect(sha256(original.rawPayload)).toBe(sha256(jpegBytes));
  });
});
