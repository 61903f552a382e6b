import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { GalleryPage } from '../../../shared/schemas/gallery';
import { type Database, openDatabase } from '../../db/database';
import type { Derivative } from '../../media/types';
import { createMediaRepository, type MediaRepository } from '../../repositories/media-repository';
import { createStorage } from '../../storage/index';
import { signUpVerified } from '../../test/email-links';
import { createTestApp, makeTempDir, TEST_DATABASES, type TestApp } from '../../test/harness';
import { makeMedia } from '../../test/support/media-factory';
import { FAST_HASH, TestClient } from '../../test/test-client';

const CLIENT_A = 'rider.a@example.com';
const CLIENT_B = 'rider.b@example.com';
const PASSWORD = 'riding at dawn';

function derivatives(id: string): Derivative[] {
  return (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
    [480, 960].map((width) => ({
      file: `${width}w-${id
        .slice(0, 8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}.${format === 'jpeg' ? 'jpg' : format}`,
      role: 'image' as const,
      format,
      contentType: `image/${format}`,
      width,
      height: Math.round(width * 0.75),
      size: 1000,
    })),
  );
}

/** Inserts one media row through the repository and brings it to `status`; returns its id. */
async function seed(
  media: MediaRepository,
  folder: string,
  position: number,
  options: { video?: boolean; status?: 'ready' | 'processing' | 'failed' } = {},
): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const video = options.video ?? false;
  const record = await makeMedia(media, {
    id,
    folder,
    name: `item-${position + 100}.${video ? 'mp4' : 'jpg'}`,
    size: 1000,
    md5Hash: id.slice(0, 32),
    isVideo: video,
    position,
    status: options.status ?? 'ready',
    ready: { width: 1200, height: 900, duration: video ? 12.5 : null, derivatives: derivatives(id) },
  });
  return record.id;
}

async function pageOf(client: TestClient | TestApp['app'], url: string): Promise<GalleryPage> {
  const res = client instanceof TestClient ? await client.get(url) : await client.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GalleryPage;
}

describe.each(TEST_DATABASES)('gallery API on %s', (database) => {
  let t: TestApp;
  let db: Database;
  /** Main-gallery ids in display order: images at even positions 0–14, videos at 1, 3, 5, 7, 9. */
  const images: string[] = [];
  const videos: string[] = [];
  const hidden: string[] = [];
  const clientItems: string[] = [];
  const otherClientItems: string[] = [];
  const inOrder = () => {
    const all = [...images.map((id, i) => [i * 2, id] as const), ...videos.map((id, i) => [i * 2 + 1, id] as const)];
    return all.sort((a, b) => a[0] - b[0]).map(([, id]) => id);
  };

  /** Clients A and B, signed up and verified before anything is uploaded for them, as the photographer works. */
  let a: TestClient;
  let b: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ database, build: FAST_HASH });
    db = await openDatabase(t.config.database);
    const media = createMediaRepository(db.db);
    a = new TestClient(t.app);
    b = new TestClient(t.app);
    const folderA = (await signUpVerified(a, t.dataDir, CLIENT_A, PASSWORD)).folder;
    const folderB = (await signUpVerified(b, t.dataDir, CLIENT_B, PASSWORD)).folder;
    for (let i = 0; i < 8; i++) images.push(await seed(media, MAIN_GALLERY_FOLDER, i * 2));
    for (let i = 0; i < 5; i++) videos.push(await seed(media, MAIN_GALLERY_FOLDER, i * 2 + 1, { video: true }));
    hidden.push(await seed(media, MAIN_GALLERY_FOLDER, -10, { status: 'processing' }));
    hidden.push(await seed(media, MAIN_GALLERY_FOLDER, -9, { status: 'failed', video: true }));
    for (let i = 0; i < 7; i++) clientItems.push(await seed(media, folderA, i, { video: i === 3 }));
    hidden.push(await seed(media, folderA, -1, { status: 'processing' }));
    otherClientItems.push(await seed(media, folderB, 0));
    // The originals of A's items exist in storage (1000 bytes each, as the rows say), for the archive.
    const storage = createStorage(t.config.storage);
    for (const [index, id] of clientItems.entries()) {
      const record = await media.findById(id);
      if (record) await storage.put(record.fullPath, Buffer.alloc(1000, index));
    }
  });
  afterAll(async () => {
    await db?.close();
    await t?.close();
  });

  it('pages through the main gallery, 6 at a time, in display order, each item once', async () => {
    const first = await pageOf(t.app, '/api/gallery');
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 13 });
    expect(first.items).toHaveLength(6);
    const seen = [...first.items.map((item) => item.id)];
    for (const page of [2, 3]) {
      const next = await pageOf(t.app, `/api/gallery?type=all&page=${page}`);
      expect(next).toMatchObject({ page, pageCount: 3, total: 13 });
      seen.push(...next.items.map((item) => item.id));
    }
    expect(seen).toEqual(inOrder());
    const past = await pageOf(t.app, '/api/gallery?page=4');
    expect(past).toMatchObject({ page: 4, pageCount: 3, total: 13, items: [] });
  });

  it('answers each item with what the grid needs and public URLs', async () => {
    const { items } = await pageOf(t.app, '/api/gallery?type=videos');
    const video = items[0];
    expect(video).toMatchObject({ kind: 'video', width: 1200, height: 900, duration: 12.5 });
    expect(video?.video?.src).toMatch(/^\/media\/[\w-]{22}\/original$/);
    expect(video?.image.srcset.avif).toMatch(/^\/media\/\S+ 480w, \/media\/\S+ 960w$/);
    expect(JSON.stringify(items)).not.toMatch(/fullPath|folder|MainGallery|sig=/);
  });

  it('filters images and videos, each paged on its own', async () => {
    const onlyImages = await pageOf(t.app, '/api/gallery?type=images');
    expect(onlyImages).toMatchObject({ total: 8, pageCount: 2 });
    const secondImages = await pageOf(t.app, '/api/gallery?type=images&page=2');
    expect([...onlyImages.items, ...secondImages.items].map((item) => item.id)).toEqual(images);
    expect(new Set([...onlyImages.items, ...secondImages.items].map((item) => item.kind))).toEqual(new Set(['image']));
    const onlyVideos = await pageOf(t.app, '/api/gallery?type=videos');
    expect(onlyVideos).toMatchObject({ total: 5, pageCount: 1 });
    expect(onlyVideos.items.map((item) => item.id)).toEqual(videos);
  });

  it('never shows items that are processing or failed', async () => {
    const all = [];
    for (const page of [1, 2, 3]) all.push(...(await pageOf(t.app, `/api/gallery?page=${page}`)).items);
    for (const id of hidden) expect(all.map((item) => item.id)).not.toContain(id);
  });

  it('refuses a bad type or page with 400 invalid-argument', async () => {
    for (const query of ['type=photos', 'type=', 'page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=99999999']) {
      for (const path of ['/api/gallery', '/api/me/gallery']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
        if (path === '/api/me/gallery' && res.statusCode === 401) continue;
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'invalid-argument' } });
      }
    }
  });

  it('asks for a sign-in before showing a private gallery', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/gallery' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it("shows a client only their own folder's ready items, with signed URLs", async () => {
    const first = await pageOf(a, '/api/me/gallery');
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 7 });
    const second = await pageOf(a, '/api/me/gallery?page=2');
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(clientItems);
    expect(first.items[0]?.image.src).toMatch(/\?exp=\d+&sig=[\w-]+$/);
    const videosOnly = await pageOf(a, '/api/me/gallery?type=videos');
    expect(videosOnly.items.map((item) => item.id)).toEqual([clientItems[3]]);
    const res = await a.get('/api/me/gallery');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("never shows client B anything of client A's", async () => {
    const page = await pageOf(b, '/api/me/gallery');
    expect(page).toMatchObject({ total: 1, pageCount: 1 });
    expect(page.items.map((item) => item.id)).toEqual(otherClientItems);
    for (const type of ['all', 'images', 'videos']) {
      for (const n of [1, 2]) {
        const other = await pageOf(b, `/api/me/gallery?type=${type}&page=${n}`);
        for (const id of clientItems) expect(other.items.map((item) => item.id)).not.toContain(id);
      }
    }
    // A's files stay closed to B: by their plain URL (no signature) B gets the answer of an id that does not exist.
    const aFile = derivatives(clientItems[0] ?? '')[0]?.file;
    const res = await b.get(`/media/${clientItems[0]}/${aFile}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'object-not-found' } });
  });

  it("streams client A's whole folder as a ZIP whose entries are exactly the folder's items", async () => {
    const again = new TestClient(t.app);
    expect((await again.signIn(CLIENT_A, PASSWORD)).statusCode).toBe(200);
    const res = await again.request({ method: 'GET', url: '/api/me/gallery/archive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const temp = makeTempDir('gallery-zip-');
    try {
      const file = path.join(temp.dir, 'a.zip');
      fs.writeFileSync(file, res.rawPayload);
      execFileSync('unzip', ['-tq', file]);
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      const expected = [];
      for (const id of clientItems) expected.push((await createMediaRepository(db.db).findById(id))?.name);
      expect(names).toEqual(expected);
    } finally {
      temp.remove();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me/gallery/archive' })).statusCode).toBe(401);
  });

  it('shows an empty private gallery as page 1 of 0', async () => {
    const c = new TestClient(t.app);
    await signUpVerified(c, t.dataDir, 'new.client@example.com', PASSWORD);
    expect(await pageOf(c, '/api/me/gallery')).toEqual({ items: [], page: 1, pageCount: 0, total: 0 });
  });
});
