import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { AdminMedia } from '../../../shared/schemas/admin';
import type { TrashItem } from '../../../shared/schemas/admin-bulk';
import { mainGalleryCopyId } from '../../services/media/bulk-media';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { signUpVerified, type VerifiedUser } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { until } from '../../test/support/ingest';
import { uploadWhole } from '../../test/support/tus';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'bulk-routes-secret' };
const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/media');

describe.each(TEST_DATABASES)('bulk actions of the folder view on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let dana: TestClient;
  let noa: TestClient;
  let danaUser: VerifiedUser;
  let noaUser: VerifiedUser;

  const mediaUrl = (folder: string) => `/api/admin/folders/${encodeURIComponent(folder)}/media`;
  const idsIn = async (folder: string): Promise<string[]> =>
    ((await admin.get(mediaUrl(folder))).json().items as AdminMedia[]).map((item) => item.id);
  const itemsIn = async (folder: string): Promise<AdminMedia[]> => (await admin.get(mediaUrl(folder))).json().items;
  const galleryIds = async (client: TestClient) =>
    (await client.get('/api/me/gallery')).json().items.map((item: { id: string }) => item.id);
  const bulk = (client: TestClient, folder: string, action: string, payload: object) =>
    client.post(`${mediaUrl(folder)}/${action}`, payload);
  const photo = (folder: string, name: string) => uploadReadyPhoto(admin, t.dataDir, folder, name);
  const onDisk = (fullPath: string) => fs.existsSync(path.join(t.dataDir, 'media', fullPath));

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(kind, ADMIN));
    dana = new TestClient(t.app);
    noa = new TestClient(t.app);
    danaUser = await signUpVerified(dana, t.dataDir, 'dana.cohen@example.com', 'riding at dawn', 'Dana Cohen');
    noaUser = await signUpVerified(noa, t.dataDir, 'noa.levi@example.com', 'dressage at noon', 'Noa Levi');
  });
  afterAll(async () => t.close());

  it('lets only the admin call them, and checks the body before anything changes', async () => {
    const one = await photo(danaUser.folder, 'guarded.jpg');
    for (const action of ['trash', 'move', 'add-to-main-gallery']) {
      const body = { ids: [one.id], to: noaUser.folder };
      expect((await bulk(new TestClient(t.app), danaUser.folder, action, body)).statusCode, action).toBe(401);
      const client = await bulk(dana, danaUser.folder, action, body);
      expect(client.statusCode, action).toBe(403);
      expect(client.json().error.code).toBe('unauthorized');
      for (const bad of [{ ids: [] }, { ids: [one.id, one.id], to: noaUser.folder }, { ids: ['not-an-id'] }]) {
        const refused = await bulk(admin, danaUser.folder, action, bad);
        expect(refused.statusCode, `${action} ${JSON.stringify(bad)}`).toBe(400);
        expect(refused.json().error.code).toBe('invalid-argument');
      }
    }
    const tooMany = Array.from({ length: 2001 }, (_, i) => `${String(i).padStart(22, 'a')}`);
    expect((await bulk(admin, danaUser.folder, 'trash', { ids: tooMany })).statusCode).toBe(400);
    expect((await bulk(admin, danaUser.folder, 'move', { ids: [one.id] })).statusCode).toBe(400);
    expect(await idsIn(danaUser.folder)).toContain(one.id);
    expect((await bulk(admin, danaUser.folder, 'trash', { ids: [one.id] })).statusCode).toBe(200);
  });

  it('trashes many items in one request, and shows them in the trash with thumbnails and the client’s name', async () => {
    const items = [await photo(danaUser.folder, 'a.jpg'), await photo(danaUser.folder, 'b.jpg')];
    const kept = await photo(danaUser.folder, 'kept.jpg');
    const ids = items.map((item) => item.id);
    const res = await bulk(admin, danaUser.folder, 'trash', { ids });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2, unchanged: 0 });
    expect(await galleryIds(dana)).toEqual([kept.id]);
    expect(await idsIn(danaUser.folder)).toEqual([kept.id]);

    const trash: TrashItem[] = (await admin.get('/api/admin/trash')).json().items;
    for (const id of ids) {
      const entry = trash.find((item) => item.id === id);
      expect(entry?.owner).toEqual({ name: 'Dana Cohen', email: 'dana.cohen@example.com' });
      const thumbnail = String(entry?.view?.image.src);
      // The admin sees the thumbnail; the client whose photo it was, and anyone else, do not.
      expect((await admin.get(thumbnail)).statusCode).toBe(200);
      expect((await dana.get(thumbnail)).statusCode).toBe(404);
      expect((await new TestClient(t.app).get(thumbnail)).statusCode).toBe(404);
    }
  });

  it('changes nothing when one selected item is not a visible item of the folder', async () => {
    const mine = await photo(danaUser.folder, 'mine.jpg');
    const theirs = await photo(noaUser.folder, 'theirs.jpg');
    for (const [action, extra] of [
      ['trash', {}],
      ['move', { to: noaUser.folder }],
      ['add-to-main-gallery', {}],
    ] as const) {
      const res = await bulk(admin, danaUser.folder, action, { ids: [mine.id, theirs.id], ...extra });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error.code).toBe('selection-changed');
    }
    expect(await idsIn(danaUser.folder)).toContain(mine.id);
    expect(await idsIn(noaUser.folder)).toEqual([theirs.id]);
    expect(await idsIn(MAIN_GALLERY_FOLDER)).toEqual([]);
    // A trashed item is no longer selectable either.
    await admin.request({ method: 'DELETE', url: `/api/admin/media/${mine.id}` });
    const stale = await bulk(admin, danaUser.folder, 'trash', { ids: [mine.id] });
    expect(stale.json().error.code).toBe('selection-changed');
    const unknown = await bulk(admin, 'nobody@example_com', 'trash', { ids: [mine.id] });
    expect(unknown.statusCode).toBe(404);
  });

  it('moves items to another client under free names, bytes and all', async () => {
    const first = await photo(danaUser.folder, 'jump.jpg');
    const second = await photo(danaUser.folder, 'gallop.jpg');
    const existing = await photo(noaUser.folder, 'jump.jpg');
    const res = await bulk(admin, danaUser.folder, 'move', { ids: [first.id, second.id], to: noaUser.folder });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2, unchanged: 0 });

    expect(await galleryIds(dana)).not.toContain(first.id);
    expect(await galleryIds(noa)).toEqual(expect.arrayContaining([existing.id, first.id, second.id]));
    const moved = (await itemsIn(noaUser.folder)).find((item) => item.id === first.id);
    expect(moved?.name).toBe('jump_2.jpg');
    expect(onDisk(`${noaUser.folder}/jump_2.jpg`)).toBe(true);
    expect(onDisk(`${danaUser.folder}/jump.jpg`)).toBe(false);
    const download = await noa.get(`/api/media/${first.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('jump_2.jpg');
    expect((await dana.get(`/api/media/${first.id}/download`)).statusCode).toBe(404);
  });

  it('refuses to move into the same folder, the main gallery or an unknown one', async () => {
    const item = await photo(danaUser.folder, 'stay.jpg');
    for (const to of [danaUser.folder, MAIN_GALLERY_FOLDER]) {
      const res = await bulk(admin, danaUser.folder, 'move', { ids: [item.id], to });
      expect(res.statusCode, to).toBe(400);
    }
    expect((await bulk(admin, danaUser.folder, 'move', { ids: [item.id], to: 'nobody@example_com' })).statusCode).toBe(
      404,
    );
    expect(await idsIn(danaUser.folder)).toContain(item.id);
  });

  it('adds ready client photos to the main gallery as copies, once, and refuses what is not ready', async () => {
    const items = [await photo(danaUser.folder, 'podium.jpg'), await photo(danaUser.folder, 'lap.jpg')];
    const ids = items.map((item) => item.id);
    const res = await bulk(admin, danaUser.folder, 'add-to-main-gallery', { ids });
    expect(res.json()).toEqual({ count: 2, unchanged: 0 });
    const copies = ids.map(mainGalleryCopyId);
    const publicIds = async () =>
      (await t.app.inject({ url: '/api/gallery' })).json().items.map((item: { id: string }) => item.id);
    expect(new Set(await publicIds())).toEqual(new Set(copies));
    // The client keeps their own.
    expect(await galleryIds(dana)).toEqual(expect.arrayContaining(ids));
    const again = await bulk(admin, danaUser.folder, 'add-to-main-gallery', { ids });
    expect(again.json()).toEqual({ count: 0, unchanged: 2 });
    // A copy deleted from the main gallery comes back from the trash when added again.
    await admin.request({ method: 'DELETE', url: `/api/admin/media/${copies[0]}` });
    expect((await bulk(admin, danaUser.folder, 'add-to-main-gallery', { ids })).json()).toEqual({
      count: 1,
      unchanged: 1,
    });
    expect(new Set(await publicIds())).toEqual(new Set(copies));

    const { finished } = await uploadWhole(admin, fs.readFileSync(path.join(fixtures, 'truncated.jpg')), {
      filename: 'broken.jpg',
      filetype: 'image/jpeg',
      folder: danaUser.folder,
    });
    const broken = String(finished?.headers['x-media-id']);
    await until(
      async () => (await itemsIn(danaUser.folder)).some((m) => m.id === broken && m.status === 'failed'),
      'the broken file to fail',
    );
    const refused = await bulk(admin, danaUser.folder, 'add-to-main-gallery', { ids: [ids[0], broken] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'media-not-ready', details: { ids: [broken] } });
  });

  it('keeps photos an order lists with their client', async () => {
    const ordered = await photo(noaUser.folder, 'ordered.jpg');
    const free = await photo(noaUser.folder, 'free.jpg');
    const modeUrl = `/api/admin/folders/${encodeURIComponent(noaUser.folder)}`;
    expect((await admin.request({ method: 'PATCH', url: modeUrl, payload: { mode: 'proofing' } })).statusCode).toBe(
      200,
    );
    expect((await noa.request({ method: 'PUT', url: `/api/me/picks/${ordered.id}` })).statusCode).toBe(200);
    expect((await noa.post('/api/me/orders', { note: '' })).statusCode).toBe(201);
    const res = await bulk(admin, noaUser.folder, 'move', { ids: [free.id, ordered.id], to: danaUser.folder });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'media-in-order', details: { ids: [ordered.id] } });
    expect(await idsIn(noaUser.folder)).toEqual(expect.arrayContaining([free.id, ordered.id]));
    expect(await idsIn(danaUser.folder)).not.toContain(free.id);
  });

  it('saves the main gallery’s order, refusing an item listed twice and anyone but the admin', async () => {
    const ids = await idsIn(MAIN_GALLERY_FOLDER);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const reversed = ids.toReversed();
    const put = (client: TestClient, order: string[]) =>
      client.request({ method: 'PUT', url: '/api/admin/main-gallery/order', payload: { ids: order } });
    expect((await put(dana, reversed)).statusCode).toBe(403);
    expect((await put(admin, [ids[0] as string, ids[0] as string])).statusCode).toBe(400);
    expect(await idsIn(MAIN_GALLERY_FOLDER)).toEqual(ids);
    expect((await put(admin, reversed)).statusCode).toBe(200);
    expect(await idsIn(MAIN_GALLERY_FOLDER)).toEqual(reversed);
    const publicOrder = (await t.app.inject({ url: '/api/gallery' })).json().items.map((i: { id: string }) => i.id);
    expect(publicOrder).toEqual(reversed);
  });
});
