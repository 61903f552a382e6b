import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMedia } from '../../../shared/schemas/admin';
import type { ClientOrder, PicksResponse } from '../../../shared/schemas/proofing';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { signUpVerified, type VerifiedUser } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { zipEntries } from '../../test/support/zip-entries';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'order-archive-admin-secret' };
const PASSWORD = 'riding at dawn';

/** The admin's (clean) URL of an item's JPEG rendition `width` pixels wide. */
function jpegAt(item: AdminMedia, width: number): string {
  const entry = item.view?.image.srcset.jpeg.split(', ').find((candidate) => candidate.endsWith(` ${width}w`));
  if (!entry) throw new Error(`no ${width} px JPEG of ${item.name}`);
  return entry.split(' ')[0] ?? '';
}

// One client's picked-only delivery, told in order: the gallery turns to proofing, two of three photos are picked and
// sent, the order is delivered, and its Download All holds exactly those two, at web size and at full size.
describe.sequential.each(TEST_DATABASES)('Download All of a delivered order on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let rider: TestClient;
  let other: TestClient;
  let riderUser: VerifiedUser;
  let large: AdminMedia;
  let small: AdminMedia;
  let notPicked: AdminMedia;
  let orderId: string;

  const myOrder = async (client = rider): Promise<ClientOrder | undefined> =>
    ((await client.get('/api/me/orders')).json().orders as ClientOrder[]).find((order) => order.id === orderId);
  const archiveOf = (size: string, client = rider) => client.get(`/api/me/orders/${orderId}/archive?size=${size}`);
  const bytesOf = async (url: string) => (await admin.get(url)).rawPayload;

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    rider = new TestClient(t.app);
    other = new TestClient(t.app);
    riderUser = await signUpVerified(rider, t.dataDir, 'dana@example.com', PASSWORD, 'Dana Levi');
    await signUpVerified(other, t.dataDir, 'dan@example.com', PASSWORD, 'Dan Cohen');
    // Wider than 2400 px, so the pipeline made a 2400 px rendition of it.
    large = await uploadReadyPhoto(admin, t.dataDir, riderUser.folder, 'IMG_1234.jpg', { width: 3000, height: 2000 });
    small = await uploadReadyPhoto(admin, t.dataDir, riderUser.folder, 'IMG_1240.jpg');
    notPicked = await uploadReadyPhoto(admin, t.dataDir, riderUser.folder, 'IMG_1250.jpg');
    const mode = `/api/admin/folders/${encodeURIComponent(riderUser.folder)}`;
    await admin.request({ method: 'PATCH', url: mode, payload: { mode: 'proofing' } });
    for (const photo of [large, small]) await rider.request({ method: 'PUT', url: `/api/me/picks/${photo.id}` });
    const sent = await rider.post('/api/me/orders', { note: '' });
    expect(sent.statusCode, sent.body).toBe(201);
    orderId = sent.json().id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('has no download before delivery: 409 order-not-delivered, and no downloads in the order', async () => {
    expect((await myOrder())?.downloads).toBeNull();
    for (const size of ['web', 'full']) {
      const res = await archiveOf(size);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('order-not-delivered');
    }
  });

  it('answers another client, and an order that does not exist, with 404', async () => {
    const foreign = await archiveOf('full', other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not-found');
    const unknown = await rider.get('/api/me/orders/00000000-0000-4000-8000-000000000000/archive?size=full');
    expect(unknown.statusCode).toBe(404);
    expect((await rider.get(`/api/me/orders/${orderId}/archive?size=huge`)).json().error.code).toBe('invalid-argument');
    expect((await new TestClient(t.app).get(`/api/me/orders/${orderId}/archive`)).statusCode).toBe(401);
  });

  it('gives a delivered order its downloads at both sizes', async () => {
    const url = `/api/admin/orders/${orderId}`;
    await admin.request({ method: 'PATCH', url, payload: { status: 'paid', paymentMethod: 'bit' } });
    const delivered = await admin.request({
      method: 'PATCH',
      url,
      payload: { status: 'delivered', deliver: 'picked' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await myOrder())?.downloads).toEqual({
      web: `/api/me/orders/${orderId}/archive?size=web`,
      full: `/api/me/orders/${orderId}/archive?size=full`,
    });
    const picks: PicksResponse = (await rider.get('/api/me/picks')).json();
    expect(picks).toMatchObject({ mode: 'proofing', delivered: 2, order: { id: orderId } });
  });

  it('holds exactly the picked originals at full size', async () => {
    const res = await archiveOf('full');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    const entries = zipEntries(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['IMG_1234.jpg', 'IMG_1240.jpg']);
    expect(entries.get('IMG_1234.jpg')?.equals(await bytesOf(`/media/${large.id}/original`))).toBe(true);
    expect(entries.get('IMG_1240.jpg')?.equals(await bytesOf(`/media/${small.id}/original`))).toBe(true);
  });

  it('holds the 2400 px renditions of exactly the picked items at web size', async () => {
    const res = await archiveOf('web');
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/_web\.zip/);
    const entries = zipEntries(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['IMG_1234.jpg', 'IMG_1240.jpg']);
    const web = entries.get('IMG_1234.jpg');
    expect(web?.equals(await bytesOf(jpegAt(large, 2400)))).toBe(true);
    expect(web?.equals(await bytesOf(`/media/${large.id}/original`))).toBe(false);
    // A picture narrower than 2400 px goes in at its own width.
    expect(entries.get('IMG_1240.jpg')?.equals(await bytesOf(jpegAt(small, 160)))).toBe(true);
  });

  it('gives the gallery’s Download All at both sizes, with the delivered items only', async () => {
    for (const size of ['web', 'full']) {
      const res = await rider.get(`/api/me/gallery/archive?size=${size}`);
      expect(res.statusCode, res.body).toBe(200);
      expect([...zipEntries(res.rawPayload).keys()].sort(), size).toEqual(['IMG_1234.jpg', 'IMG_1240.jpg']);
    }
    const web = zipEntries((await rider.get('/api/me/gallery/archive?size=web')).rawPayload);
    expect(web.get('IMG_1234.jpg')?.equals(await bytesOf(jpegAt(large, 2400)))).toBe(true);
    // Without a size, the originals, as before sizes existed.
    const full = zipEntries((await rider.get('/api/me/gallery/archive')).rawPayload);
    expect(full.get('IMG_1234.jpg')?.equals(await bytesOf(`/media/${large.id}/original`))).toBe(true);
  });

  it('refuses to pick a photo already delivered, and still picks the others', async () => {
    const again = await rider.request({ method: 'PUT', url: `/api/me/picks/${large.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already-delivered');
    const fresh = await rider.request({ method: 'PUT', url: `/api/me/picks/${notPicked.id}` });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ mediaIds: [notPicked.id], delivered: 2 });
  });
});
