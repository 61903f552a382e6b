import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_CARDS } from '../../../shared/pricing';
import type { AdminMedia } from '../../../shared/schemas/admin';
import type { MediaView } from '../../../shared/schemas/media';
import type { AdminOrder, PicksResponse } from '../../../shared/schemas/proofing';
import { uploadReadyPhoto } from '../../test/admin-upload';
import { signUpVerified, type VerifiedUser } from '../../test/email-links';
import { createTestAppWithAdmin, makeTempDir, TEST_DATABASES, type TestApp } from '../../test/harness';
import { outboxMailTo } from '../../test/mail-catcher';
import { until } from '../../test/support/ingest';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'proofing-admin-secret' };
const PASSWORD = 'riding at dawn';

const fileOf = (url: string) => url.split('?')[0]?.split('/').at(-1) ?? '';
const queryOf = (url: string) => url.split('?')[1] ?? '';

// One client's season told in order: the gallery turns to proofing, the client picks, sends, the order moves on, is
// delivered, and a later order is charged for every pick. Each step starts where the one before left the selection
// and the order, as a client's own would, so the steps run in this order (sequential) and one failure explains the
// ones after it. Rules that need no history have tests of their own (server/services/proofing/orders.test.ts, picks pricing in
// shared/pricing.test.ts).
describe.sequential.each(TEST_DATABASES)('proofing galleries, picks and orders on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let rider: TestClient;
  let other: TestClient;
  const anonymous = () => new TestClient(t.app);
  let riderUser: VerifiedUser;
  let otherUser: VerifiedUser;
  let photos: AdminMedia[];
  let otherPhoto: AdminMedia;

  const picks = async (client = rider): Promise<PicksResponse> => (await client.get('/api/me/picks')).json();
  const ordersOfAdmin = async (): Promise<AdminOrder[]> => (await admin.get('/api/admin/orders')).json().orders;
  const gallery = async (): Promise<MediaView[]> => (await rider.get('/api/me/gallery?page=1')).json().items;
  /** A clean derivative name of an item, as the admin's (clean) view lists it. */
  const cleanFile = (item: AdminMedia) => fileOf(item.view?.image.src ?? '');

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    rider = new TestClient(t.app);
    other = new TestClient(t.app);
    // The rider chose Hebrew on the site: their order's e-mails are in Hebrew.
    rider.cookies.set('lng', 'he');
    riderUser = await signUpVerified(rider, t.dataDir, 'noa@example.com', PASSWORD, 'Noa Levi');
    otherUser = await signUpVerified(other, t.dataDir, 'dan@example.com', PASSWORD, 'Dan Cohen');
    photos = [];
    for (let i = 0; i < 4; i++)
      photos.push(await uploadReadyPhoto(admin, t.dataDir, riderUser.folder, `jump-${i}.jpg`));
    otherPhoto = await uploadReadyPhoto(admin, t.dataDir, otherUser.folder, 'dressage.jpg');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lets only the admin set a client gallery’s mode, never the main gallery’s', async () => {
    const url = `/api/admin/folders/${encodeURIComponent(riderUser.folder)}`;
    expect((await rider.request({ method: 'PATCH', url, payload: { mode: 'proofing' } })).statusCode).toBe(403);
    const main = await admin.request({
      method: 'PATCH',
      url: '/api/admin/folders/MainGallery',
      payload: { mode: 'proofing' },
    });
    expect(main.statusCode).toBe(400);
    const unknown = await admin.request({
      method: 'PATCH',
      url: '/api/admin/folders/nobody',
      payload: { mode: 'proofing' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await admin.request({ method: 'PATCH', url, payload: { mode: 'sold' } });
    expect(bad.json().error.code).toBe('invalid-argument');
    const res = await admin.request({ method: 'PATCH', url, payload: { mode: 'proofing' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ folder: riderUser.folder, mode: 'proofing' });
  });

  it('refuses the proofing client every clean file, and hides them from everyone else', async () => {
    const photo = photos[0] as AdminMedia;
    const clean = [
      `/media/${photo.id}/original`,
      `/media/${photo.id}/${cleanFile(photo)}`,
      `/api/media/${photo.id}/download`,
    ];
    for (const url of clean) {
      const res = await rider.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('not-delivered');
      for (const stranger of [other, anonymous()]) {
        const hidden = await stranger.get(url);
        expect(hidden.statusCode, url).toBe(404);
        expect(hidden.json().error.code).toBe('object-not-found');
      }
      // The photographer's own views stay clean.
      expect((await admin.get(url)).statusCode, url).toBe(200);
    }
    const archive = await rider.get('/api/me/gallery/archive');
    expect(archive.statusCode).toBe(403);
    expect(archive.json().error.code).toBe('not-delivered');
    // A delivered gallery next door is unaffected.
    expect((await other.get(`/api/media/${otherPhoto.id}/download`)).statusCode).toBe(200);
  });

  it('lists watermarked proofs only, under signatures that open no clean file', async () => {
    let items: MediaView[] = [];
    await until(async () => {
      items = await gallery();
      return items.length === 4 && items.every((item) => fileOf(item.image.src).startsWith('proof-'));
    }, 'the proofs to be made');
    for (const item of items) {
      expect(item.proof).toBe(true);
      expect(item.image.srcset.avif).toBe('');
      expect(item.image.srcset.jpeg).toBe('');
      const urls = item.image.srcset.webp.split(', ').map((entry) => entry.split(' ')[0] ?? '');
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(fileOf(url)).toMatch(/^proof-\d+w-[0-9a-f]{16}\.webp$/);
      const proof = await anonymous().get(item.image.src);
      expect(proof.statusCode).toBe(200);
      expect(proof.headers['content-type']).toBe('image/webp');
      // The proof signature put on the clean file's name, or on the original, opens nothing clean.
      const photo = photos.find((candidate) => candidate.id === item.id) as AdminMedia;
      for (const file of [cleanFile(photo), 'original']) {
        const forged = await anonymous().get(`/media/${item.id}/${file}?${queryOf(item.image.src)}`);
        expect(forged.statusCode, file).toBe(403);
        expect(forged.json().error.code).toBe('not-delivered');
      }
    }
  });

  it('prices picks from the price list as they are made: the first 2 included, then 6 ₪ each', async () => {
    expect(await picks()).toMatchObject({ count: 0, total: { amount: 0, currency: 'ILS' }, mode: 'proofing' });
    const totals: number[] = [];
    for (const photo of photos.slice(0, 3)) {
      const res = await rider.request({ method: 'PUT', url: `/api/me/picks/${photo.id}` });
      expect(res.statusCode).toBe(200);
      totals.push(res.json().total.amount);
    }
    expect(totals).toEqual([0, 0, 600]);
    // Picking twice is picking once; un-picking and picking again changes nothing either.
    await rider.request({ method: 'PUT', url: `/api/me/picks/${photos[0]?.id}` });
    await rider.request({ method: 'DELETE', url: `/api/me/picks/${photos[3]?.id}` });
    const summary = await picks();
    expect(summary).toMatchObject({
      count: 3,
      included: 2,
      includedLimit: 2,
      unitPrice: { amount: 600 },
      total: { amount: 600 },
    });
    expect(summary.mediaIds).toEqual(photos.slice(0, 3).map((photo) => photo.id));
    const items = (await rider.get('/api/me/picks/items')).json().items as MediaView[];
    expect(items.map((item) => item.id)).toEqual(summary.mediaIds);
    expect(items.every((item) => item.proof === true)).toBe(true);
  });

  it('refuses picks of someone else’s photo, and picks in a delivered gallery', async () => {
    const foreign = await rider.request({ method: 'PUT', url: `/api/me/picks/${otherPhoto.id}` });
    expect(foreign.statusCode).toBe(404);
    const delivered = await other.request({ method: 'PUT', url: `/api/me/picks/${otherPhoto.id}` });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().error.code).toBe('not-proofing');
    expect((await other.post('/api/me/orders', { note: '' })).json().error.code).toBe('not-proofing');
  });

  it('makes one order of a selection sent twice at once, and locks the selection', async () => {
    const [first, second] = await Promise.all([
      rider.post('/api/me/orders', { note: 'Please brighten the jump over the oxer' }),
      rider.post('/api/me/orders', { note: 'Please brighten the jump over the oxer' }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 201]);
    expect(first?.json().id).toBe(second?.json().id);
    expect(first?.json()).toMatchObject({ status: 'submitted', total: { amount: 600, currency: 'ILS' } });
    expect(await ordersOfAdmin()).toHaveLength(1);
    const locked = await rider.request({ method: 'PUT', url: `/api/me/picks/${photos[3]?.id}` });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('selection-locked');
    expect(await picks()).toMatchObject({ locked: true, count: 3, order: { status: 'submitted' } });
  });

  it('tells the photographer, with the client’s note and the amount', async () => {
    // Nothing a client typed goes into a subject, so the order's e-mail is found by its note; the client is named in it.
    const mail = await outboxMailTo(t.dataDir, ADMIN.email, /.*/, /Please brighten the jump over the oxer/);
    expect(mail.text).toContain('Noa Levi');
    expect(mail.text).toContain('Please brighten the jump over the oxer');
    expect(mail.text).toMatch(/3/);
    expect(mail.html).toContain('/admin/orders');
  });

  it('keeps the prices the order was made at when the price list changes', async () => {
    const card = PRICE_CARDS.find((candidate) => candidate.id === 'choice') as { amount: number };
    const before = card.amount;
    card.amount = 9;
    try {
      expect((await picks()).total.amount).toBe(600);
      expect((await ordersOfAdmin())[0]?.total.amount).toBe(600);
    } finally {
      card.amount = before;
    }
  });

  it('takes an order forward one step at a time, keeping its history, and tells the client in their language', async () => {
    const [order] = await ordersOfAdmin();
    if (!order) throw new Error('no order');
    expect(order).toMatchObject({ status: 'submitted', count: 3, note: 'Please brighten the jump over the oxer' });
    expect(order.client).toEqual({ name: 'Noa Levi', email: 'noa@example.com', folder: riderUser.folder });
    expect(order.items.map((item) => item.id)).toEqual(photos.slice(0, 3).map((photo) => photo.id));
    // The photographer's thumbnails are clean.
    for (const item of order.items) expect(fileOf(item.thumbnail)).not.toMatch(/^proof-/);
    const url = `/api/admin/orders/${order.id}`;
    const early = await admin.request({ method: 'PATCH', url, payload: { status: 'delivered', deliver: 'picked' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('order-transition');
    const badMethod = await admin.request({ method: 'PATCH', url, payload: { status: 'paid', paymentMethod: 'card' } });
    expect(badMethod.json().error.code).toBe('invalid-argument');
    const paid = await admin.request({
      method: 'PATCH',
      url,
      payload: { status: 'paid', paymentMethod: 'bit', paidAt: '2026-11-20' },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().history.map((step: { status: string }) => step.status)).toEqual(['submitted', 'paid']);
    const again = await admin.request({ method: 'PATCH', url, payload: { status: 'paid', paymentMethod: 'cash' } });
    expect(again.statusCode).toBe(409);
    const [listed] = await ordersOfAdmin();
    expect(listed?.payment).toEqual({ method: 'bit', amount: { amount: 600, currency: 'ILS' }, paidAt: '2026-11-20' });

    const mail = await outboxMailTo(t.dataDir, 'noa@example.com', /התשלום התקבל/);
    // The Latin site name and the amount keep their own order inside the Hebrew sentence.
    expect(mail.subject).toContain('\u2068Horses & Dance Photography\u2069');
    expect(mail.text).toMatch(/\u2068[^\u2069]*6[.,]00[^\u2069]*\u2069/);
    expect(mail.html).toContain('dir="rtl"');
  });

  it('gives the photographer the picked originals as one ZIP', async () => {
    const [order] = await ordersOfAdmin();
    const res = await admin.get(`/api/admin/orders/${order?.id}/archive`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const temp = makeTempDir('order-zip-');
    try {
      const file = path.join(temp.dir, 'order.zip');
      fs.writeFileSync(file, res.rawPayload);
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      expect(names.sort()).toEqual(['jump-0.jpg', 'jump-1.jpg', 'jump-2.jpg']);
    } finally {
      temp.remove();
    }
    expect((await rider.get(`/api/admin/orders/${order?.id}/archive`)).statusCode).toBe(403);
  });

  it('delivers the picked items clean, and only those', async () => {
    const [order] = await ordersOfAdmin();
    const res = await admin.request({
      method: 'PATCH',
      url: `/api/admin/orders/${order?.id}`,
      payload: { status: 'delivered', deliver: 'picked' },
    });
    expect(res.statusCode).toBe(200);
    for (const photo of photos.slice(0, 3))
      expect((await rider.get(`/api/media/${photo.id}/download`)).statusCode).toBe(200);
    const notPicked = await rider.get(`/api/media/${photos[3]?.id}/download`);
    expect(notPicked.json().error.code).toBe('not-delivered');
    const listed = await gallery();
    const delivered = listed.filter((item) => !item.proof).map((item) => item.id);
    expect(delivered.sort()).toEqual(
      photos
        .slice(0, 3)
        .map((photo) => photo.id)
        .sort(),
    );
    const archive = await rider.get('/api/me/gallery/archive');
    expect(archive.statusCode).toBe(200);
    await outboxMailTo(t.dataDir, 'noa@example.com', /התמונות שבחרת מוכנות/);
    expect(await picks()).toMatchObject({ locked: false, count: 0, order: { status: 'delivered' } });
  });

  it('charges every pick of a later order, and can deliver the whole gallery', async () => {
    await rider.request({ method: 'PUT', url: `/api/me/picks/${photos[3]?.id}` });
    expect(await picks()).toMatchObject({ includedLimit: 0, included: 0, total: { amount: 600 } });
    const sent = await rider.post('/api/me/orders', { note: '' });
    expect(sent.statusCode).toBe(201);
    const url = `/api/admin/orders/${sent.json().id}`;
    await admin.request({ method: 'PATCH', url, payload: { status: 'paid', paymentMethod: 'cash', amount: 600 } });
    await admin.request({ method: 'PATCH', url, payload: { status: 'delivered', deliver: 'gallery' } });
    expect((await picks()).mode).toBe('delivered');
    expect((await gallery()).every((item) => !item.proof)).toBe(true);
    expect((await rider.get(`/media/${photos[3]?.id}/original`)).statusCode).toBe(200);
  });

  it('lets an order be cancelled before delivery, giving the selection back to change', async () => {
    const mode = `/api/admin/folders/${encodeURIComponent(riderUser.folder)}`;
    await admin.request({ method: 'PATCH', url: mode, payload: { mode: 'proofing' } });
    // Every earlier photo was delivered (and cannot be picked again): a new one is added to choose from.
    const fresh = await uploadReadyPhoto(admin, t.dataDir, riderUser.folder, 'jump-new.jpg');
    await rider.request({ method: 'PUT', url: `/api/me/picks/${fresh.id}` });
    const sent = await rider.post('/api/me/orders', { note: '' });
    const url = `/api/admin/orders/${sent.json().id}`;
    expect((await admin.request({ method: 'PATCH', url, payload: { status: 'cancelled' } })).statusCode).toBe(200);
    expect(await picks()).toMatchObject({ locked: false, count: 1, order: { status: 'cancelled' } });
    await rider.request({ method: 'DELETE', url: `/api/me/picks/${fresh.id}` });
    expect((await rider.post('/api/me/orders', { note: '' })).json().error.code).toBe('no-picks');
  });
});
