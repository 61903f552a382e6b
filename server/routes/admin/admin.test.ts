import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { AdminFolderList, AdminMedia } from '../../../shared/schemas/admin';
import { writeTestJpeg } from '../../media/test-images';
import { signUpVerified, type VerifiedUser } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { until } from '../../test/support/ingest';
import { createUpload, headUpload, patchUpload, uploadWhole } from '../../test/support/tus';
import { TestClient } from '../../test/test-client';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/media');
const ADMIN = { email: 'photographer@example.com', password: 'admin-routes-secret' };

describe.each(TEST_DATABASES)('admin panel API and tus uploads on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let rider: TestClient;
  let riderUser: VerifiedUser;
  let jpeg: Buffer;

  const mediaOf = async (folder: string): Promise<AdminMedia[]> =>
    (await admin.get(`/api/admin/folders/${encodeURIComponent(folder)}/media`)).json().items;
  const waitReady = (folder: string, id: string) =>
    until(async () => (await mediaOf(folder)).some((m) => m.id === id && m.status === 'ready'), `${id} to be ready`);
  const uploadJpeg = async (folder: string, filename: string) => {
    const { finished } = await uploadWhole(admin, jpeg, { filename, filetype: 'image/jpeg', folder });
    expect(finished?.statusCode).toBe(204);
    return String(finished?.headers['x-media-id']);
  };
  const leftoverUploads = () =>
    fs.existsSync(path.join(t.dataDir, 'uploads')) ? fs.readdirSync(path.join(t.dataDir, 'uploads')) : [];

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(kind, ADMIN));
    rider = new TestClient(t.app);
    riderUser = await signUpVerified(rider, t.dataDir, 'dana.cohen@example.com', 'riding at dawn', 'Dana Cohen');
    jpeg = fs.readFileSync(await writeTestJpeg(path.join(t.dataDir, 'source.jpg'), 120, 80));
  });
  afterAll(async () => t.close());

  it('lists every user folder with its owner, and the main gallery', async () => {
    const list: AdminFolderList = (await admin.get('/api/admin/folders')).json();
    expect(list.items).toContainEqual({
      folder: 'dana_cohen@example_com',
      email: 'dana.cohen@example.com',
      name: 'Dana Cohen',
      itemCount: 0,
      totalSize: 0,
      lastUpload: null,
      mode: 'delivered',
    });
    expect(list.mainGallery).toMatchObject({ folder: MAIN_GALLERY_FOLDER, itemCount: 0 });
  });

  it('uploads by tus into a client folder: hidden until processed, then in the client gallery with upload metadata', async () => {
    const id = await uploadJpeg(riderUser.folder, 'ride at dawn.jpg');
    expect(leftoverUploads()).toEqual([]);
    const [pending] = await mediaOf(riderUser.folder);
    expect(pending).toMatchObject({ id, name: 'ride_at_dawn.jpg', kind: 'image', contentType: 'image/jpeg' });
    await waitReady(riderUser.folder, id);
    const gallery = (await rider.get('/api/me/gallery')).json();
    expect(gallery.items.map((item: { id: string }) => item.id)).toEqual([id]);

    const list: AdminFolderList = (await admin.get('/api/admin/folders')).json();
    const folder = list.items.find((item) => item.folder === riderUser.folder);
    expect(folder).toMatchObject({ itemCount: 1, totalSize: jpeg.length });
    expect(folder?.lastUpload).toMatch(/^\d{4}-/);
  });

  it('keeps a half-sent upload invisible and resumable from the stored offset', async () => {
    const created = await createUpload(admin, jpeg.length, { filename: 'half.jpg', folder: riderUser.folder });
    const location = String(created.headers.location);
    expect(created.statusCode).toBe(201);
    const half = Math.floor(jpeg.length / 2);
    expect((await patchUpload(admin, location, 0, jpeg.subarray(0, half))).statusCode).toBe(204);
    expect((await headUpload(admin, location)).headers['upload-offset']).toBe(String(half));
    expect((await mediaOf(riderUser.folder)).map((m) => m.name)).not.toContain('half.jpg');
    const done = await patchUpload(admin, location, half, jpeg.subarray(half));
    expect(done.statusCode).toBe(204);
    expect((await mediaOf(riderUser.folder)).map((m) => m.name)).toContain('half.jpg');
  });

  it('refuses a file whose content is not media, with a stable reason, and leaves nothing behind', async () => {
    const html = fs.readFileSync(path.join(fixtures, 'html-renamed.jpg'));
    const { finished, location } = await uploadWhole(admin, html, {
      filename: 'evil.jpg',
      filetype: 'image/jpeg',
      folder: riderUser.folder,
    });
    expect(finished?.statusCode).toBe(415);
    expect(JSON.parse(String(finished?.body)).error).toMatchObject({
      code: 'unsupported-media-type',
      details: { reason: 'unsupported-type' },
    });
    expect((await mediaOf(riderUser.folder)).map((m) => m.name)).not.toContain('evil.jpg');
    expect(leftoverUploads()).toEqual([]);
    // It cannot be "resumed" into a success either.
    expect((await headUpload(admin, String(location))).statusCode).toBe(404);
  });

  it('validates the metadata when the upload is created', async () => {
    const unknown = await createUpload(admin, 10, { filename: 'a.jpg', folder: 'nobody@example_com' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.parse(unknown.body).error).toMatchObject({
      code: 'invalid-argument',
      details: { reason: 'unknown-folder' },
    });
    const nameless = await createUpload(admin, 10, { folder: MAIN_GALLERY_FOLDER });
    expect(nameless.statusCode).toBe(400);
    expect(JSON.parse(nameless.body).error.details).toEqual({ reason: 'invalid-metadata' });
    const huge = await createUpload(admin, 11 * 1024 ** 3, { filename: 'big.mp4', folder: MAIN_GALLERY_FOLDER });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a client and an anonymous visitor before tus reads a byte', async () => {
    expect((await createUpload(rider, 10, { filename: 'a.jpg', folder: riderUser.folder })).statusCode).toBe(403);
    expect(
      (await createUpload(new TestClient(t.app), 10, { filename: 'a.jpg', folder: MAIN_GALLERY_FOLDER })).statusCode,
    ).toBe(401);
  });

  it('deletes to the trash: gone from the client gallery at once, restorable from the trash', async () => {
    const id = await uploadJpeg(riderUser.folder, 'to-delete.jpg');
    await waitReady(riderUser.folder, id);
    const ids = async () => (await rider.get('/api/me/gallery')).json().items.map((item: { id: string }) => item.id);
    expect(await ids()).toContain(id);

    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/media/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().deletedAt).toBeTruthy();
    expect(await ids()).not.toContain(id);
    expect((await mediaOf(riderUser.folder)).map((m) => m.id)).not.toContain(id);
    const trash: AdminMedia[] = (await admin.get('/api/admin/trash')).json().items;
    const inTrash = trash.find((m) => m.id === id);
    expect(inTrash?.purgeAt).toBeTruthy();
    expect(Date.parse(String(inTrash?.purgeAt)) - Date.parse(String(inTrash?.deletedAt))).toBe(30 * 86_400_000);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/media/${id}` })).statusCode).toBe(404);

    expect((await admin.post(`/api/admin/trash/${id}/restore`, {})).statusCode).toBe(200);
    expect(await ids()).toContain(id);
    expect((await admin.post(`/api/admin/trash/${id}/restore`, {})).statusCode).toBe(404);
  });

  it('fixes existing files: upload metadata back in batches, failed items sent back through the pipeline', async () => {
    const folderUrl = `/api/admin/folders/${encodeURIComponent(riderUser.folder)}/fix-metadata`;
    const first = (await admin.post(folderUrl, {})).json();
    const total = (await mediaOf(riderUser.folder)).length;
    expect(first).toEqual({ processed: total, requeued: 0, total, next: null });
    expect((await admin.post('/api/admin/folders/nobody@example_com/fix-metadata', {})).statusCode).toBe(404);
  });

  it('reorders the main gallery and sets the home picks, refusing picks of the wrong kind', async () => {
    const a = await uploadJpeg(MAIN_GALLERY_FOLDER, 'a.jpg');
    const b = await uploadJpeg(MAIN_GALLERY_FOLDER, 'b.jpg');
    await waitReady(MAIN_GALLERY_FOLDER, a);
    await waitReady(MAIN_GALLERY_FOLDER, b);
    const order = async () =>
      (await t.app.inject({ url: '/api/gallery' })).json().items.map((i: { id: string }) => i.id);
    expect(await order()).toEqual([b, a]);
    expect(
      (await admin.request({ method: 'PUT', url: '/api/admin/main-gallery/order', payload: { ids: [a, b] } }))
        .statusCode,
    ).toBe(200);
    expect(await order()).toEqual([a, b]);

    const wrong = await admin.request({
      method: 'PUT',
      url: '/api/admin/home-picks',
      payload: { heroId: a, featuredIds: [] },
    });
    expect(wrong.statusCode).toBe(400);
    const picks = { heroId: null, featuredIds: [b] };
    const saved = await admin.request({ method: 'PUT', url: '/api/admin/home-picks', payload: picks });
    expect(saved.json()).toEqual(picks);
    expect((await admin.get('/api/admin/home-picks')).json()).toEqual(picks);
    expect((await t.app.inject({ url: '/api/home' })).json().featured[0].id).toBe(b);
  });
});
