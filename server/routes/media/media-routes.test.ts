import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolAvailable } from '../../../e2e/support/required-tool';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { homeResponseSchema } from '../../../shared/schemas/media';
import { type Database, openDatabase } from '../../db/database';
import { detectVideoTools } from '../../media/video';
import { presentMedia } from '../../presenters/media-presenter';
import type { MediaRecord } from '../../repositories/media-repository';
import { createSettingsRepository } from '../../repositories/settings-repository';
import { createMediaUrls, loadMediaUrlKey } from '../../services/media/media-urls';
import { HOME_FEATURED_SETTING, HOME_HERO_SETTING } from '../../services/site/home-picks';
import { createStorage } from '../../storage/index';
import { signUpVerified, type VerifiedUser } from '../../test/email-links';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { drainJobs, makeTestRuntime, writeTestJpeg } from '../../test/support/ingest';
import { tamperSignature } from '../../test/support/media-test-app';
import { FAST_HASH, TestClient } from '../../test/test-client';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/media');
const ADMIN = { email: 'photographer@example.com', password: 'media-admin-secret' };
const hasFfmpeg = toolAvailable('ffmpeg', (await detectVideoTools()) !== null);

describe.each(TEST_DATABASES)('media routes and /api/home on %s', (kind) => {
  let t: TestApp;
  let second: Database;
  let runtime: ReturnType<typeof makeTestRuntime>;
  const clients = {} as Record<'anonymous' | 'clientA' | 'clientB' | 'admin', TestClient>;
  let userA: VerifiedUser;
  const items = {} as Record<'photo' | 'photo2' | 'svg' | 'privateA' | 'pending', MediaRecord>;
  let video: MediaRecord | undefined;
  let n = 0;

  async function ingest(folder: string, source: string, originalName: string) {
    const copy = path.join(t.dataDir, `upload-${++n}`);
    fs.copyFileSync(source, copy);
    return runtime.ingest.ingestFile({ folder, localPath: copy, originalName });
  }

  beforeAll(async () => {
    t = await createTestApp({
      database: kind,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password },
      build: FAST_HASH,
    });
    clients.anonymous = new TestClient(t.app);
    clients.clientA = new TestClient(t.app);
    userA = await signUpVerified(clients.clientA, t.dataDir, 'rider.a@example.com', 'riding at dawn');
    clients.clientB = new TestClient(t.app);
    await signUpVerified(clients.clientB, t.dataDir, 'rider.b@example.com', 'riding at dawn');
    clients.admin = new TestClient(t.app);
    await clients.admin.signIn(ADMIN.email, ADMIN.password);

    // The same database and media folder as the app, as the upload endpoint would use them.
    second = await openDatabase(t.config.database);
    runtime = makeTestRuntime(second, t.dataDir, createStorage(t.config.storage));
    const jpeg = await writeTestJpeg(path.join(t.dataDir, 'source.jpg'), 1200, 800);
    items.photo = await ingest(MAIN_GALLERY_FOLDER, jpeg, 'first.jpg');
    items.photo2 = await ingest(MAIN_GALLERY_FOLDER, jpeg, 'second.jpg');
    items.svg = await ingest(MAIN_GALLERY_FOLDER, path.join(fixtures, 'script.svg'), 'logo.svg');
    items.privateA = await ingest(userA.folder, jpeg, 'private.jpg');
    if (hasFfmpeg) {
      const clip = path.join(t.dataDir, 'clip.mp4');
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=25'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip],
      ]);
      video = await ingest(MAIN_GALLERY_FOLDER, clip, 'clip.mp4');
    }
    await drainJobs(runtime);
    // One more that stays processing: its job is never run.
    items.pending = await ingest(MAIN_GALLERY_FOLDER, jpeg, 'pending.jpg');
    await runtime.jobs.claim('parked-elsewhere', 3_600_000);
    for (const key of Object.keys(items) as Array<keyof typeof items>) {
      const fresh = await runtime.media.findById(items[key].id);
      if (fresh) items[key] = fresh;
    }
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const fileOf = (record: MediaRecord, format: string, width?: number) => {
    const found = record.derivatives.find((d) => d.format === format && (width === undefined || d.width === width));
    if (!found) throw new Error(`no ${format} derivative`);
    return found.file;
  };

  it('serves a main-gallery derivative to anyone, cached for a year as immutable, nosniff and sandboxed', async () => {
    const url = `/media/${items.photo.id}/${fileOf(items.photo, 'webp', 960)}`;
    const res = await clients.anonymous.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const again = await clients.anonymous.request({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const range = await clients.anonymous.request({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(10);
    const head = await clients.anonymous.request({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
  });

  it('serves a main-gallery original inline with its sniffed type, asked for again each time', async () => {
    const res = await clients.anonymous.get(`/media/${items.photo.id}/original`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves an SVG original only as an attachment under a sandbox CSP; its derivatives are PNG/WebP/AVIF', async () => {
    const res = await clients.anonymous.get(`/media/${items.svg.id}/original`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-security-policy']).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(items.svg.derivatives.map((d) => d.format).sort()).toContain('png');
    expect(items.svg.derivatives.some((d) => d.contentType === 'image/svg+xml')).toBe(false);
  });

  it('lets only the owner and the admin see private media, or anyone holding a valid signed URL', async () => {
    const url = `/media/${items.privateA.id}/${fileOf(items.privateA, 'jpeg', 480)}`;
    // Anyone else gets exactly the answer of an id that does not exist, so a private id cannot be confirmed.
    const unknown = await clients.anonymous.get('/media/AAAAAAAAAAAAAAAAAAAAAA/original');
    for (const refused of [await clients.anonymous.get(url), await clients.clientB.get(url)]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toBe(unknown.body);
    }
    const owner = await clients.clientA.get(url);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await clients.admin.get(url)).statusCode).toBe(200);
    expect((await clients.admin.get(`/media/${items.privateA.id}/original`)).statusCode).toBe(200);

    const urls = createMediaUrls(loadMediaUrlKey(t.config.authSecret, t.config.dataDir));
    const view = presentMedia(items.privateA, urls, { signed: true });
    expect(view.image.src).toMatch(/\?exp=\d+&sig=[A-Za-z0-9_-]{22}$/);
    expect((await clients.anonymous.get(view.image.src)).statusCode).toBe(200);
    const exp = Number(/exp=(\d+)/.exec(view.image.src)?.[1]);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(3600 * 1000);
    // A signature is bound to its item and its expiry.
    expect((await clients.anonymous.get(tamperSignature(view.image.src))).statusCode).toBe(404);
    expect((await clients.anonymous.get(view.image.src.replace(`exp=${exp}`, `exp=${exp + 60}`))).statusCode).toBe(404);
    const sig = /sig=([^&]+)/.exec(view.image.src)?.[1];
    expect(urls.verify(items.privateA.id, String(exp), sig)).toBe('full');
    expect(urls.verify(items.photo2.id, String(exp), sig)).toBeNull();
    expect(urls.verify(items.privateA.id, String(exp), sig, new Date(exp * 1000 + 1))).toBeNull();
  });

  it('answers 404 object-not-found for unknown items, unknown files and items still processing; 400 for bad ids', async () => {
    const missing = await clients.anonymous.get('/media/AAAAAAAAAAAAAAAAAAAAAA/original');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'object-not-found', message: 'Object does not exist' } });
    expect((await clients.anonymous.get(`/media/${items.photo.id}/960w-0000000000000000.webp`)).statusCode).toBe(404);
    expect((await clients.anonymous.get(`/media/${items.pending.id}/original`)).statusCode).toBe(404);
    expect((await clients.anonymous.get('/media/..%2F..%2Fetc/original')).statusCode).toBe(400);
    expect((await clients.anonymous.get(`/media/${items.photo.id}/..%2Fx.jpg`)).statusCode).toBe(400);
  });

  it('GET /api/home gives the first ready main-gallery video and images by default, then the admin picks', async () => {
    const res = await clients.anonymous.get('/api/home');
    expect(res.statusCode).toBe(200);
    const home = homeResponseSchema.parse(res.json());
    const visibleImages = [items.photo, items.photo2, items.svg].map((item) => item.id);
    expect(home.featured).toHaveLength(3);
    expect(home.featured.map((item) => item.id).sort()).toEqual(visibleImages.sort());
    expect(home.featured.map((item) => item.id)).not.toContain(items.pending.id);
    const first = home.featured.find((item) => item.id === items.photo.id);
    expect(first).toMatchObject({ kind: 'image', width: 1200, height: 800, name: 'first.jpg', video: null });
    expect(first?.image.src).toBe(`/media/${items.photo.id}/${fileOf(items.photo, 'jpeg', 960)}`);
    expect(first?.image.srcset.avif.split(', ')).toHaveLength(3);
    if (video) {
      expect(home.hero).toMatchObject({ id: video.id, kind: 'video', video: { type: 'video/mp4' } });
      expect(home.hero?.video?.src).toBe(`/media/${video.id}/original`);
      // Tiles loop the small preview clip, which is served like any derivative.
      const preview = home.hero?.video?.preview ?? '';
      expect(preview).toMatch(new RegExp(`^/media/${video.id}/preview-[0-9a-f]{16}\\.mp4$`));
      const clipResponse = await clients.anonymous.get(preview);
      expect(clipResponse.statusCode).toBe(200);
      expect(clipResponse.headers['content-type']).toBe('video/mp4');
      expect(clipResponse.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(home.hero?.duration).toBeGreaterThan(0.5);
    } else {
      expect(home.hero).toBeNull();
    }

    const settings = createSettingsRepository(second.db);
    await settings.set(HOME_FEATURED_SETTING, [items.svg.id, items.privateA.id, items.photo2.id]);
    await settings.set(HOME_HERO_SETTING, items.photo.id);
    const picked = homeResponseSchema.parse((await clients.anonymous.get('/api/home')).json());
    // Private items are never shown on the home page; an image cannot be the hero video.
    expect(picked.featured.map((item) => item.id)).toEqual([items.svg.id, items.photo2.id, items.photo.id]);
    expect(picked.hero?.id ?? null).toBe(video?.id ?? null);
  });
});
