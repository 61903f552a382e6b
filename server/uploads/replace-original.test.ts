import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMedia } from '../../shared/schemas/admin';
import type { MediaView } from '../../shared/schemas/media';
import type { MediaVersion } from '../../shared/schemas/media-versions';
import type { AdminOrder } from '../../shared/schemas/proofing';
import { writeTestPng } from '../media/test-images';
import { uploadReadyPhoto } from '../test/admin-upload';
import { signUpVerified, type VerifiedUser } from '../test/email-links';
import { createTestAppWithAdmin, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { until, writeTestJpeg } from '../test/support/ingest';
import { createUpload, patchUpload, uploadWhole } from '../test/support/tus';
import { TestClient } from '../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'replace-admin-secret' };
const PASSWORD = 'riding at dawn';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const fileOf = (url: string) => url.split('?')[0]?.split('/').at(-1) ?? '';

// The photographer's edit of a picked photo, told in order: the client picks and orders, the edited file replaces the
// original by id, the order and the client get its bytes, refusals change nothing, and the previous original comes
// back from its version. Each step starts where the one before left the item, so the steps run in this order.
describe.sequential.each(TEST_DATABASES)('an edited version replacing an original on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let rider: TestClient;
  let riderUser: VerifiedUser;
  let photos: AdminMedia[];
  let otherPhoto: AdminMedia;
  let orderId: string;
  const scratch = makeTempDir('replace-');
  let edited: Buffer;
  /** Before the edit: the original's bytes, its ETag, a clean derivative and the client's proof of photo 0. */
  const before = { original: Buffer.alloc(0) as Buffer, etag: '', derivative: '', derivativeBytes: '', proof: '' };

  const photo = (index: number) => photos[index] as AdminMedia;
  const folderUrl = () => `/api/admin/folders/${encodeURIComponent(riderUser.folder)}/media`;
  const adminItem = async (id: string): Promise<AdminMedia | undefined> =>
    ((await admin.get(folderUrl())).json().items as AdminMedia[]).find((item) => item.id === id);
  const proofOf = async (id: string) => {
    const items: MediaView[] = (await rider.get('/api/me/gallery?page=1')).json().items;
    return fileOf(items.find((item) => item.id === id)?.image.src ?? '');
  };
  const orderOfAdmin = async (): Promise<AdminOrder> =>
    ((await admin.get('/api/admin/orders')).json().orders as AdminOrder[]).find((o) => o.id === orderId) as AdminOrder;
  const versionsOf = async (id: string): Promise<MediaVersion[]> =>
    (await admin.get(`/api/admin/media/${id}/versions`)).json().items;
  const replaceMeta = (id: string, filename = 'jump-0 edit.jpg') => ({
    filename,
    filetype: 'image/jpeg',
    folder: riderUser.folder,
    replaces: id,
  });

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    rider = new TestClient(t.app);
    const other = new TestClient(t.app);
    riderUser = await signUpVerified(rider, t.dataDir, 'noa@example.com', PASSWORD, 'Noa Levi');
    const otherUser = await signUpVerified(other, t.dataDir, 'dan@example.com', PASSWORD, 'Dan Cohen');
    photos = [];
    for (let i = 0; i < 3; i++)
      photos.push(await uploadReadyPhoto(admin, scratch.dir, riderUser.folder, `jump-${i}.jpg`));
    otherPhoto = await uploadReadyPhoto(admin, scratch.dir, otherUser.folder, 'dressage.jpg');
    // The edit: another picture (larger, so every derivative differs too).
    edited = fs.readFileSync(await writeTestJpeg(path.join(scratch.dir, 'edited.jpg'), 240, 180));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    scratch.remove();
  });

  it('lets the client pick from proofs and order, as before any edit', async () => {
    const url = `/api/admin/folders/${encodeURIComponent(riderUser.folder)}`;
    expect((await admin.request({ method: 'PATCH', url, payload: { mode: 'proofing' } })).statusCode).toBe(200);
    await until(async () => (await proofOf(photo(0).id)).startsWith('proof-'), 'the proofs');
    for (const index of [0, 1]) {
      expect((await rider.request({ method: 'PUT', url: `/api/me/picks/${photo(index).id}` })).statusCode).toBe(200);
    }
    const sent = await rider.post('/api/me/orders', { note: '' });
    expect(sent.statusCode).toBe(201);
    orderId = sent.json().id;
    const order = await orderOfAdmin();
    expect(order.items.map((item) => [item.name, item.edited])).toEqual([
      ['jump-0.jpg', false],
      ['jump-1.jpg', false],
    ]);
    const download = await admin.get(`/api/media/${photo(0).id}/download`);
    before.original = download.rawPayload;
    before.etag = String(download.headers.etag);
    before.derivative = fileOf(photo(0).view?.image.src ?? '');
    before.derivativeBytes = sha((await admin.get(photo(0).view?.image.src ?? '')).rawPayload);
    before.proof = await proofOf(photo(0).id);
  });

  it('refuses a replacement before any byte: a client, an unknown item, another client’s item, a trashed item', async () => {
    const asRider = await createUpload(rider, edited.length, replaceMeta(photo(0).id));
    expect(asRider.statusCode).toBe(403);
    const unknown = await createUpload(admin, edited.length, replaceMeta('AAAAAAAAAAAAAAAAAAAAAA'));
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'object-not-found']);
    const foreign = await createUpload(admin, edited.length, replaceMeta(otherPhoto.id));
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([409, 'replace-other-folder']);
    expect(foreign.headers.location).toBeUndefined();
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/media/${photo(2).id}` })).statusCode).toBe(200);
    const trashed = await createUpload(admin, edited.length, replaceMeta(photo(2).id));
    expect([trashed.statusCode, trashed.json().error.code]).toEqual([409, 'media-trashed']);
    const badId = await createUpload(admin, edited.length, replaceMeta('not an id'));
    expect([badId.statusCode, badId.json().error.code]).toEqual([400, 'invalid-argument']);
  });

  it('checks again when the last byte arrives: an item trashed meanwhile is not replaced', async () => {
    const created = await createUpload(admin, edited.length, replaceMeta(photo(1).id));
    expect(created.statusCode).toBe(201);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/media/${photo(1).id}` })).statusCode).toBe(200);
    const finished = await patchUpload(admin, String(created.headers.location), 0, edited);
    expect([finished.statusCode, JSON.parse(finished.body).error.code]).toEqual([409, 'media-trashed']);
    expect((await admin.post(`/api/admin/trash/${photo(1).id}/restore`)).statusCode).toBe(200);
    expect(await versionsOf(photo(1).id)).toEqual([]);
  });

  it('replaces the original by id: the same item, its name, the new bytes, new derivatives and proofs', async () => {
    const { finished } = await uploadWhole(admin, edited, replaceMeta(photo(0).id));
    expect(finished?.statusCode, finished?.body).toBe(204);
    expect(finished?.headers['x-media-id']).toBe(photo(0).id);
    expect(decodeURIComponent(String(finished?.headers['x-media-name']))).toBe('jump-0.jpg');
    await until(async () => (await adminItem(photo(0).id))?.edited === true, 'the edited version to replace it');
    await until(async () => {
      const proof = await proofOf(photo(0).id);
      return proof.startsWith('proof-') && proof !== before.proof;
    }, 'new proofs');

    const item = (await adminItem(photo(0).id)) as AdminMedia;
    expect(item).toMatchObject({ name: 'jump-0.jpg', status: 'ready', size: edited.length, edited: true });
    const download = await admin.get(`/api/media/${photo(0).id}/download`);
    expect(sha(download.rawPayload)).toBe(sha(edited));
    expect(download.headers['content-disposition']).toContain('jump-0.jpg');
    // A browser holding the old bytes asks again and gets the new ones: the validator changed.
    expect(download.headers.etag).not.toBe(before.etag);
    const again = await admin.request({
      method: 'GET',
      url: `/api/media/${photo(0).id}/download`,
      headers: { 'if-none-match': before.etag },
    });
    expect(again.statusCode).toBe(200);
    expect(sha((await admin.get(`/media/${photo(0).id}/original`)).rawPayload)).toBe(sha(edited));

    const derivative = fileOf(item.view?.image.src ?? '');
    expect(derivative).not.toBe(before.derivative);
    expect(sha((await admin.get(item.view?.image.src ?? '')).rawPayload)).not.toBe(before.derivativeBytes);
    // The old derivative is gone with the old picture.
    expect((await admin.get(`/media/${photo(0).id}/${before.derivative}`)).statusCode).toBe(404);

    // The client's picks and the order keep the item; the order marks it edited.
    expect((await rider.get('/api/me/picks')).json()).toMatchObject({ count: 2 });
    const order = await orderOfAdmin();
    expect(order.items.map((entry) => [entry.id, entry.edited])).toEqual([
      [photo(0).id, true],
      [photo(1).id, false],
    ]);

    // The previous original is kept as a version, under the name it was uploaded with.
    const versions = await versionsOf(photo(0).id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ uploadedName: 'jump-0.jpg', size: before.original.length, edited: false });
  });

  it('gives the new bytes in the order’s archive and, once delivered, to the client', async () => {
    await admin.request({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      payload: { status: 'paid', paymentMethod: 'cash' },
    });
    const archive = await admin.get(`/api/admin/orders/${orderId}/archive`);
    expect(archive.statusCode).toBe(200);
    const zip = path.join(scratch.dir, 'order.zip');
    fs.writeFileSync(zip, archive.rawPayload);
    expect(sha(execFileSync('unzip', ['-p', zip, 'jump-0.jpg']))).toBe(sha(edited));
    // The stored CRC and size are the new file's: unzip checks them.
    execFileSync('unzip', ['-tq', zip]);

    const delivered = await admin.request({
      method: 'PATCH',
      url: `/api/admin/orders/${orderId}`,
      payload: { status: 'delivered', deliver: 'picked' },
    });
    expect(delivered.statusCode).toBe(200);
    const clientCopy = await rider.get(`/api/media/${photo(0).id}/download`);
    expect(clientCopy.statusCode).toBe(200);
    expect(sha(clientCopy.rawPayload)).toBe(sha(edited));
  });

  it('refuses a file of another type or a corrupt one when its last byte arrives, leaving the item as it is', async () => {
    const png = fs.readFileSync(await writeTestPng(path.join(scratch.dir, 'edit.png'), 200, 150));
    const other = await uploadWhole(admin, png, { ...replaceMeta(photo(0).id, 'jump-0.png'), filetype: 'image/png' });
    expect(other.finished?.statusCode).toBe(415);
    expect(JSON.parse(other.finished?.body ?? '{}').error.code).toBe('replace-other-type');

    // A JPEG's first bytes and then noise: refused by the same checks as a new upload.
    const corrupt = Buffer.concat([edited.subarray(0, 20), Buffer.alloc(4000, 7)]);
    const bad = await uploadWhole(admin, corrupt, replaceMeta(photo(0).id, 'broken.jpg'));
    expect(bad.finished?.statusCode).toBe(400);
    expect(JSON.parse(bad.finished?.body ?? '{}').error.details.reason).toBe('corrupt-file');

    expect(sha((await admin.get(`/api/media/${photo(0).id}/download`)).rawPayload)).toBe(sha(edited));
    expect(await versionsOf(photo(0).id)).toHaveLength(1);
    expect(await adminItem(photo(0).id)).toMatchObject({ status: 'ready', size: edited.length, edited: true });
  });

  it('restores the previous original from its version, keeping the edit as a version in turn', async () => {
    const [version] = await versionsOf(photo(0).id);
    const asRider = await rider.post(`/api/admin/media/${photo(0).id}/versions/${version?.id}/restore`);
    expect(asRider.statusCode).toBe(403);
    const restored = await admin.post(`/api/admin/media/${photo(0).id}/versions/${version?.id}/restore`);
    expect(restored.statusCode).toBe(202);
    await until(async () => (await adminItem(photo(0).id))?.edited === false, 'the first original to come back');

    expect(sha((await admin.get(`/api/media/${photo(0).id}/download`)).rawPayload)).toBe(sha(before.original));
    const versions = await versionsOf(photo(0).id);
    expect(versions.map((entry) => [entry.uploadedName, entry.size, entry.edited])).toEqual([
      ['jump-0 edit.jpg', edited.length, true],
    ]);
    // Derivatives are made again from the restored bytes: the same content, so the same names as at first.
    expect(fileOf((await adminItem(photo(0).id))?.view?.image.src ?? '')).toBe(before.derivative);
    const gone = await admin.post(`/api/admin/media/${photo(0).id}/versions/${version?.id}/restore`);
    expect([gone.statusCode, gone.json().error.code]).toEqual([404, 'not-found']);
  });
});
