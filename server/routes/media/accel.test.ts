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
  let items: Record<'hebrew' | 'privateA' | 'doomed' | 'leaving' | 'trashed', MediaRecord>;

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
      leaving: await m.ingest(MAIN_GALLERY_FOLDER, source, 'leaving.jpg'),
      trashed: await m.ingest(MAIN_GALLERY_FOLDER, source, 'trashed.jpg'),
    });
    mediaRoot = path.join(m.t.dataDir, 'media');
    const appUrl = await m.t.app.listen({ host: '127.0.0.1', port: 0 });
    nginx = await startDeployedProxy({ appUrl, dataDir: m.t.dataDir });
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
    const derivative = items.privateA.derivatives[0];
    if (!derivative) throw new Error('the photo has no derivatives');
    const small = await m.clients.clientA.get(`/media/${items.privateA.id}/${derivative.file}`);
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

  /** Where the public mirror links a derivative of `item` (the path of its URL under DATA_DIR/public). */
  const linkOf = (item: MediaRecord, file: string) => path.join(m.t.dataDir, 'public', 'media', item.id, file);
  const firstDerivative = (item: MediaRecord) => {
    const derivative = item.derivatives.find((candidate) => candidate.role === 'image');
    if (!derivative) throw new Error('the photo has no derivatives');
    return derivative;
  };
  /** Asks once through nginx (the app answers and links the file), then waits for the link to appear. */
  async function publishThrough(item: MediaRecord, file: string): Promise<void> {
    if (fs.existsSync(linkOf(item, file))) return;
    const first = await through(`/media/${item.id}/${file}`);
    expect(first.status).toBe(200);
    // The app's own validator (the MD5 of the bytes), not nginx's: this one was the app's answer.
    expect(first.headers.get('etag')).not.toMatch(NGINX_ETAG);
    await first.arrayBuffer();
    await expect.poll(() => fs.existsSync(linkOf(item, file)), { timeout: 10_000 }).toBe(true);
  }

  it('a public derivative: sent by the app once, then by nginx from the public mirror, with the app’s headers', async () => {
    const derivative = firstDerivative(items.hebrew);
    const url = `/media/${items.hebrew.id}/${derivative.file}`;
    const storedPath = path.join(mediaRoot, derivativeKey(items.hebrew.id, derivative.file));
    const stored = fs.readFileSync(storedPath);
    expect(fs.existsSync(linkOf(items.hebrew, derivative.file))).toBe(false);
    await publishThrough(items.hebrew, derivative.file);
    const fromApp = await m.clients.anonymous.get(url);
    expect(fs.readlinkSync(linkOf(items.hebrew, derivative.file))).toBe(storedPath);

    const again = await through(url);
    expect(again.status).toBe(200);
    // nginx's validator: the file was sent by nginx, not by the app.
    expect(again.headers.get('etag')).toMatch(NGINX_ETAG);
    expect(again.headers.get('x-accel-redirect')).toBeNull();
    expect(Buffer.from(await again.arrayBuffer()).equals(stored)).toBe(true);
    for (const name of ['cache-control', 'content-type', 'content-security-policy', 'x-content-type-options']) {
      expect(again.headers.get(name), name).toBe(fromApp.headers[name]);
    }
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(again.headers.get('content-type')).toBe(derivative.contentType);
    expect(again.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');

    const head = await fetch(`${nginx.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toMatch(NGINX_ETAG);
    expect(head.headers.get('content-length')).toBe(String(stored.length));
    // A signed URL of a public item names the same public file.
    const signed = await through(`${url}?exp=1&sig=whatever`);
    expect(signed.headers.get('etag')).toMatch(NGINX_ETAG);
    expect(Buffer.from(await signed.arrayBuffer()).equals(stored)).toBe(true);
  });

  it('the public mirror answers Range, If-Range, If-None-Match and 416 itself; other methods go to the app', async () => {
    const derivative = firstDerivative(items.hebrew);
    const url = `/media/${items.hebrew.id}/${derivative.file}`;
    const stored = fs.readFileSync(path.join(mediaRoot, derivativeKey(items.hebrew.id, derivative.file)));
    await publishThrough(items.hebrew, derivative.file);
    const whole = await through(url);
    const etag = String(whole.headers.get('etag'));
    expect(etag).toMatch(NGINX_ETAG);
    await whole.arrayBuffer();

    const part = await through(url, { range: 'bytes=5-14' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 5-14/${stored.length}`);
    expect(part.headers.get('content-type')).toBe(derivative.contentType);
    expect(part.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await part.arrayBuffer()).equals(stored.subarray(5, 15))).toBe(true);
    const stale = await through(url, { range: 'bytes=5-14', 'if-range': '"0-0"' });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(stored)).toBe(true);
    const unchanged = await through(url, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const past = await through(url, { range: `bytes=${stored.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${stored.length}`);
    // nginx makes a 416 after the headers were set and adds them once more: the same value twice, read as one.
    expect(new Set(past.headers.get('x-content-type-options')?.split(/,\s*/))).toEqual(new Set(['nosniff']));
    await past.arrayBuffer();

    // Only GET and HEAD are the mirror's: a POST is the app's to answer (here its refusal of a POST from another
    // site), never the file and never nginx's own 405.
    const posted = await fetch(`${nginx.url}${url}`, { method: 'POST', body: 'x' });
    expect(posted.status).toBe(403);
    expect(posted.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await posted.json()) as { error: { code: string } }).error.code).toBe('forbidden-origin');
  });

  it('an item moved to a client folder or trashed through the admin API is no longer sent publicly', async () => {
    const derivative = firstDerivative(items.leaving);
    const leavingUrl = `/media/${items.leaving.id}/${derivative.file}`;
    const trashedUrl = `/media/${items.trashed.id}/${derivative.file}`;
    const keptUrl = `/media/${items.hebrew.id}/${firstDerivative(items.hebrew).file}`;
    await publishThrough(items.leaving, derivative.file);
    await publishThrough(items.trashed, firstDerivative(items.trashed).file);
    await publishThrough(items.hebrew, firstDerivative(items.hebrew).file);
    expect((await through(leavingUrl)).headers.get('etag')).toMatch(NGINX_ETAG);

    const moved = await m.clients.admin.post(`/api/admin/folders/${MAIN_GALLERY_FOLDER}/media/move`, {
      ids: [items.leaving.id],
      to: m.userA.folder,
    });
    expect(moved.statusCode).toBe(200);
    const trashed = await m.clients.admin.post(`/api/admin/folders/${MAIN_GALLERY_FOLDER}/media/trash`, {
      ids: [items.trashed.id],
    });
    expect(trashed.statusCode).toBe(200);

    // The app takes the links away after the change (within a fraction of a second); from then on it is asked.
    for (const url of [leavingUrl, trashedUrl]) {
      await expect
        .poll(
          async () => {
            const res = await through(url);
            await res.arrayBuffer();
            return res.status;
          },
          { timeout: 10_000 },
        )
        .toBe(404);
      const stranger = await through(url);
      expect(stranger.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('object-not-found');
    }
    expect(fs.existsSync(path.dirname(linkOf(items.leaving, derivative.file)))).toBe(false);
    // Its new owner still gets it, from the app (authorized on every request), never from the mirror.
    const owner = await through(leavingUrl, { cookie: cookieOf(m.clients.clientA) });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    await owner.arrayBuffer();
    // What is still public stays in the mirror.
    const kept = await through(keptUrl);
    expect(kept.headers.get('etag')).toMatch(NGINX_ETAG);
    await kept.arrayBuffer();
  });

  it('a private derivative is never linked: each request is authorized by the app', async () => {
    const derivative = items.privateA.derivatives[0];
    if (!derivative) throw new Error('the photo has no derivatives');
    const url = `/media/${items.privateA.id}/${derivative.file}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const owner = await through(url, { cookie: cookieOf(m.clients.clientA) });
      expect(owner.status).toBe(200);
      expect(owner.headers.get('etag')).toMatch(NGINX_ETAG);
      await owner.arrayBuffer();
    }
    expect(fs.existsSync(path.join(m.t.dataDir, 'public', 'media', items.privateA.id))).toBe(false);
    const stranger = await through(url);
    expect(stranger.status).toBe(404);
  });

  it('a private original: 404 from the app for a stranger, the bytes for its owner, attachment as a download', async () => {
    const stranger = await through(`/media/${items.privateA.id}/original`);
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('object-not-found');
    const owner = await through(`/media/${items.privateA.id}/original`, { cookie: cookieOf(m.clients.clientA) });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('cache-control')).toBe('private, no-cache');
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
