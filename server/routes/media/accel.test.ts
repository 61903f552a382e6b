import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { derivativeKey } from '../../media/types';
import type { MediaRecord } from '../../repositories/media-repository';
import { startDeployedProxy } from '../../test/support/deployed-proxy';
import { writeTestJpeg } from '../../test/support/ingest';
import { type MediaTestApp, startMediaTestApp } from '../../test/support/media-test-app';
import type { RunningNginx } from '../../test/support/nginx';

/** nginx's validator (mtime-size in hex); the app's own is the MD5 of the bytes. */
const NGINX_ETAG = /^"[0-9a-f]+-[0-9a-f]+"$/;
const HEBREW_NAME = 'רכיבה ראשונה #1 100%.jpg';

/**
 * MEDIA_ACCEL=nginx with the shipped configuration (deploy/nginx/gallery-locations.conf): the app decides who may
 * read what, nginx sends the bytes. The Range / If-Range / 304 / 416 matrix through it is in range-matrix.test.ts.
 */
describe('media behind nginx with X-Accel-Redirect', () => {
  let m: MediaTestApp;
  let nginx: RunningNginx;
  let mediaRoot: string;
  let jpeg: Buffer;
  let items: Record<'hebrew' | 'privateA' | 'doomed', MediaRecord>;

  const through = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${nginx.url}${url}`, { headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' });
  const cookieOf = (client: MediaTestApp['clients']['clientA']) =>
    [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  beforeAll(async () => {
    m = await startMediaTestApp({ driver: 'disk', database: 'sqlite', env: { MEDIA_ACCEL: 'nginx' } });
    const source = await writeTestJpeg(path.join(m.t.dataDir, 'source.jpg'), 1200, 800);
    jpeg = fs.readFileSync(source);
    items = await m.settle({
      hebrew: await m.ingest(MAIN_GALLERY_FOLDER, source, HEBREW_NAME),
      privateA: await m.ingest(m.userA.folder, source, 'private.jpg'),
      doomed: await m.ingest(MAIN_GALLERY_FOLDER, source, 'doomed.jpg'),
    });
    mediaRoot = path.join(m.t.dataDir, 'media');
    const appUrl = await m.t.app.listen({ host: '127.0.0.1', port: 0 });
    nginx = await startDeployedProxy({ appUrl, mediaRoot });
  });
  afterAll(async () => {
    await nginx?.stop();
    await m?.close();
  });

  it('the app answers a permitted request with the internal location of the file and no bytes', async () => {
    const res = await m.clients.anonymous.get(`/media/${items.hebrew.id}/original`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe(
      `/_stored-media/${items.hebrew.fullPath.split('/').map(encodeURIComponent).join('/')}`,
    );
    expect(items.hebrew.fullPath).toMatch(/[#%א-ת ]/);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload).toHaveLength(0);
    // A public answer bounds the proxy's keeping of it; a private one is never kept, so it needs no bound.
    expect(res.headers['x-accel-expires']).toBe('600');
    const derivative = items.privateA.derivatives[0];
    if (!derivative) throw new Error('the photo has no derivatives');
    const small = await m.clients.clientA.get(`/media/${items.privateA.id}/${derivative.file}`);
    expect(small.headers['x-accel-expires']).toBeUndefined();
    expect(small.headers['x-accel-redirect']).toBe(
      `/_stored-media/${derivativeKey(items.privateA.id, derivative.file)}`,
    );
  });

  it('nginx sends an original under a Hebrew name with #, % and spaces, with the app’s headers', async () => {
    const direct = await m.clients.anonymous.get(`/media/${items.hebrew.id}/original`);
    const res = await through(`/media/${items.hebrew.id}/original`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(res.headers.get('etag')).toMatch(NGINX_ETAG);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe(direct.headers['content-disposition']);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''%D7%A8");
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-accel-redirect')).toBeNull();
  });

  it('a public derivative: sent by the app once, then by nginx from its cache, ranges and 304 included', async () => {
    const derivative = items.hebrew.derivatives[0];
    if (!derivative) throw new Error('the photo has no derivatives');
    const url = `/media/${items.hebrew.id}/${derivative.file}`;
    const stored = fs.readFileSync(path.join(mediaRoot, derivativeKey(items.hebrew.id, derivative.file)));
    const first = await through(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(Buffer.from(await first.arrayBuffer()).equals(stored)).toBe(true);
    const again = await through(url);
    expect(again.headers.get('x-cache-status')).toBe('HIT');
    expect(again.headers.get('x-accel-expires')).toBeNull();
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(again.headers.get('content-type')).toBe(derivative.contentType);
    expect(again.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await again.arrayBuffer()).equals(stored)).toBe(true);
    const part = await through(url, { range: 'bytes=5-14' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(5, 15))).toBe(true);
    const unchanged = await through(url, { 'if-none-match': String(again.headers.get('etag')) });
    expect(unchanged.status).toBe(304);
  });

  it('a private derivative is never kept in the cache: each request is authorized by the app', async () => {
    const derivative = items.privateA.derivatives[0];
    if (!derivative) throw new Error('the photo has no derivatives');
    const url = `/media/${items.privateA.id}/${derivative.file}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const owner = await through(url, { cookie: cookieOf(m.clients.clientA) });
      expect(owner.status).toBe(200);
      expect(owner.headers.get('etag')).toMatch(NGINX_ETAG);
      expect(owner.headers.get('x-cache-status')).not.toBe('HIT');
      await owner.arrayBuffer();
    }
    const stranger = await through(url);
    expect(stranger.status).toBe(404);
  });

  it('a private original: 404 from the app for a stranger, the bytes for its owner, attachment as a download', async () => {
    const stranger = await through(`/media/${items.privateA.id}/original`);
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('object-not-found');
    const owner = await through(`/media/${items.privateA.id}/original`, { cookie: cookieOf(m.clients.clientA) });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await owner.arrayBuffer()).equals(jpeg)).toBe(true);
    const download = await through(`/api/media/${items.privateA.id}/download`, {
      cookie: cookieOf(m.clients.clientA),
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('etag')).toMatch(NGINX_ETAG);
    expect(Buffer.from(await download.arrayBuffer()).equals(jpeg)).toBe(true);
  });

  it('the internal location is not reachable from outside', async () => {
    const res = await through(`/_stored-media/${items.privateA.fullPath}`);
    expect(res.status).toBe(404);
    expect(Buffer.from(await res.arrayBuffer()).includes(jpeg.subarray(0, 64))).toBe(false);
  });

  it('a file missing from disk answers the JSON 404 of a missing object', async () => {
    fs.rmSync(path.join(mediaRoot, items.doomed.fullPath));
    const res = await through(`/media/${items.doomed.id}/original`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('object-not-found');
  });
});
