import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent, EntryResult } from '../../../shared/schemas/events';
import { jpegTakenAt } from '../../media/test-images';
import { signUpVerified } from '../../test/email-links';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { until } from '../../test/support/ingest';
import { uploadWhole } from '../../test/support/tus';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'events-admin-secret' };
const CAMERA = { Make: 'Canon', Model: 'EOS R6' };

/** A start list as Hebrew Excel saves it as CSV: UTF-8 with a BOM, Hebrew headers. */
const START_LIST = [
  'מספר,רוכב,סוס,מקצה,שעת זינוק',
  '12,נועה לוי,Thunder,1.10,09:30',
  '13,Dan Cohen,Ravid,1.10,09:33',
  '14,Noa נועה Levi,Bella,1.20,09:36',
].join('\r\n');

/** Hebrew letters in Windows-1255 sit at 0xE0–0xFA, in alphabet order; ASCII is itself. */
function windows1255(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code >= 0x05d0 && code <= 0x05ea) return 0xe0 + (code - 0x05d0);
      if (code < 0x80) return code;
      throw new Error(`not in the test table: ${char}`);
    }),
  );
}

describe.each(TEST_DATABASES)('competitions on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let eventId = '';
  const visitor = () => new TestClient(t.app);
  const putCsv = (body: Buffer, type = 'text/csv') =>
    admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/start-list`,
      headers: { 'content-type': type },
      payload: body,
    });
  const search = async (q: string, key?: string): Promise<EntryResult[]> => {
    const res = await visitor().get(
      `/api/events/spring-cup/search?q=${encodeURIComponent(q)}${key ? `&key=${key}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries;
  };
  const adminEvent = async (): Promise<AdminEvent> =>
    ((await admin.get('/api/admin/events')).json().events as AdminEvent[]).find(
      (event) => event.id === eventId,
    ) as AdminEvent;

  /** A photo the camera took at `localTime` (its own clock, no offset in the file), uploaded into the event. */
  async function uploadShot(name: string, localTime: string): Promise<string> {
    const bytes = await jpegTakenAt(localTime, CAMERA);
    const { finished } = await uploadWhole(admin, bytes, { filename: name, filetype: 'image/jpeg', event: eventId });
    expect(finished?.statusCode, finished?.body).toBe(204);
    return String(finished?.headers['x-media-id']);
  }

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates an event with its own address, once', async () => {
    const body = {
      name: 'Spring Cup',
      date: '2026-05-14',
      slug: 'spring-cup',
      venue: 'Kfar Hess',
      visibility: 'public',
    };
    const created = await admin.post('/api/admin/events', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'spring-cup' });
    eventId = created.json().id;
    const again = await admin.post('/api/admin/events', body);
    expect(again.statusCode).toBe(409);
    const badSlug = await admin.post('/api/admin/events', { ...body, slug: 'Spring Cup!' });
    expect(badSlug.json().error.code).toBe('invalid-argument');
    expect((await visitor().post('/api/admin/events', { ...body, slug: 'other' })).statusCode).toBe(401);
  });

  it('imports a start list with Hebrew headers, with or without a BOM, or in Windows-1255', async () => {
    const withBom = await putCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(START_LIST)]));
    expect(withBom.statusCode, withBom.body).toBe(200);
    expect(withBom.json()).toEqual({ entries: 3 });
    const legacy = await putCsv(
      windows1255(
        ['מספר;רוכב;סוס;מקצה;שעת זינוק', '12;נועה;Thunder;1.10;09:30', '13;Dan Cohen;Ravid;1.10;09:33'].join('\r\n'),
      ),
    );
    expect(legacy.json()).toEqual({ entries: 2 });
    const entries = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries;
    expect(entries[0]).toMatchObject({ number: '12', rider: 'נועה', class: '1.10' });
    // Back to the full list; 09:30 at the showground in May is 06:30 UTC.
    expect((await putCsv(Buffer.from(START_LIST))).json()).toEqual({ entries: 3 });
    const full = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries;
    expect(full.map((entry: { startTime: string }) => entry.startTime)).toEqual([
      '2026-05-14T06:30:00.000Z',
      '2026-05-14T06:33:00.000Z',
      '2026-05-14T06:36:00.000Z',
    ]);
  });

  it('refuses a start list with a bad row whole, naming the line', async () => {
    const bad = `${START_LIST}\r\n,Noa,Storm,1.20,09:39\r\n16,Lior,Storm,1.20,nine`;
    const res = await putCsv(Buffer.from(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-start-list');
    expect(res.json().error.details.line).toBe(5);
    expect(res.json().error.details.problems.map((problem: { line: number }) => problem.line)).toEqual([5, 6]);
    expect((await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries).toHaveLength(3);
    const wrongType = await putCsv(Buffer.from(START_LIST), 'application/json');
    expect(wrongType.statusCode).toBe(400);
  });

  it('places uploaded photos by their capture time, within each class’s round', async () => {
    const early = await uploadShot('entry-12.jpg', '2026-05-14T09:31:10');
    const dan = await uploadShot('entry-13.jpg', '2026-05-14T09:34:10');
    const late = await uploadShot('after-14.jpg', '2026-05-14T09:39:30');
    await until(async () => {
      const photos = (await admin.get(`/api/admin/events/${eventId}/photos`)).json().photos as Array<{
        entryId: string | null;
      }>;
      return photos.length === 3 && photos.filter((photo) => photo.entryId !== null).length === 2;
    }, 'the photos to be placed');
    const unassigned = (await admin.get(`/api/admin/events/${eventId}/photos?unassigned=1`)).json().photos;
    expect(unassigned.map((photo: { id: string }) => photo.id)).toEqual([late]);
    expect(unassigned[0]).toMatchObject({ camera: 'Canon EOS R6', capturedAt: '2026-05-14T06:39:30.000Z' });
    const [twelve] = await search('12');
    expect(twelve?.items.map((item) => item.id)).toEqual([early]);
    expect(twelve?.photoCount).toBe(1);
    // The cover is one of the event's photos, shown as a proof; a photo from elsewhere is refused.
    const setCover = (coverMediaId: string) =>
      admin.request({ method: 'PATCH', url: `/api/admin/events/${eventId}`, payload: { coverMediaId } });
    expect((await setCover('AAAAAAAAAAAAAAAAAAAAAA')).json().error.code).toBe('invalid-argument');
    expect((await setCover(early)).statusCode).toBe(200);
    const page = await visitor().get('/api/events/spring-cup');
    expect(page.json().cover, page.body).toMatchObject({ id: early, proof: true });
    const all = await visitor().get(`/api/events/spring-cup/entries/${twelve?.id}/photos`);
    expect(all.json().items.map((item: { id: string; proof?: boolean }) => [item.id, item.proof])).toEqual([
      [early, true],
    ]);
    const [thirteen] = await search('ravid');
    expect(thirteen?.items.map((item) => item.id)).toEqual([dan]);
  });

  it('moves photos when the camera’s clock is corrected, or the class round is longer', async () => {
    const [late] = (await admin.get(`/api/admin/events/${eventId}/photos?unassigned=1`)).json().photos;
    // The camera ran a minute fast: 09:39:30 on it was 09:38:30, inside entry 14's three minutes.
    const res = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/cameras/${encodeURIComponent('Canon EOS R6')}`,
      payload: { mediaId: late.id, trueTime: '2026-05-14T09:38:30+03:00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ offsetSeconds: -60, unassigned: 0 });
    expect((await adminEvent()).cameras).toEqual([{ camera: 'Canon EOS R6', offsetSeconds: -60 }]);
    const [fourteen] = await search('14');
    expect(fourteen?.items.map((item) => item.id)).toEqual([late.id]);
    // Without the correction, a four-minute round for class 1.20 reaches the photo too.
    await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/cameras/${encodeURIComponent('Canon EOS R6')}`,
      payload: { offsetSeconds: 0 },
    });
    expect((await search('14'))[0]?.items).toEqual([]);
    const classes = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/classes`,
      payload: { classes: [{ name: '1.20', roundSeconds: 240 }] },
    });
    expect(classes.json()).toMatchObject({ unassigned: 0 });
  });

  it('finds riders and horses in Hebrew and Latin, ignoring niqqud, final letters, case and accents', async () => {
    const numbers = async (q: string) => (await search(q)).map((entry) => entry.number).sort();
    expect(await numbers('נוע')).toEqual(['12', '14']);
    // With niqqud, as a name is sometimes typed: נוֹעָה is נועה.
    expect(await numbers('נוֹעָה')).toEqual(['12', '14']);
    expect(await numbers('לוי')).toEqual(['12']);
    expect(await numbers('THUNDER')).toEqual(['12']);
    expect(await numbers('bélla')).toEqual(['14']);
    expect(await numbers('noa levi')).toEqual(['14']);
    expect(await numbers('nobody')).toEqual([]);
    const [result] = await search('13');
    expect(result).toMatchObject({ number: '13', rider: 'Dan Cohen', horse: 'Ravid', class: '1.10' });
    // Proofs only, under proof signatures.
    for (const item of result?.items ?? []) {
      expect(item.proof).toBe(true);
      expect(item.image.srcset.jpeg).toBe('');
    }
  });

  it('keeps photo placements of unchanged entries when the list is imported again, and the hand placements', async () => {
    const before = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries as Array<{
      id: string;
      number: string;
    }>;
    const [dan] = (await search('13'))[0]?.items ?? [];
    // The photographer moves Dan's photo to entry 12 by hand, then the organiser fixes entry 14's horse.
    const twelve = before.find((entry) => entry.number === '12');
    await admin.post(`/api/admin/events/${eventId}/assign`, { mediaIds: [dan?.id], entryId: twelve?.id });
    const fixed = START_LIST.replace('Bella', 'Belle');
    expect((await putCsv(Buffer.from(fixed))).json()).toEqual({ entries: 3 });
    const after = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries as Array<{
      id: string;
      number: string;
      photoCount: number;
    }>;
    expect(after.find((entry) => entry.number === '12')).toMatchObject({ id: twelve?.id, photoCount: 2 });
    expect(after.find((entry) => entry.number === '14')?.id).not.toBe(
      before.find((entry) => entry.number === '14')?.id,
    );
  });

  it('sells a whole entry at the price per entry, and delivers its photos into the rider’s own gallery', async () => {
    const rider = new TestClient(t.app);
    const user = await signUpVerified(rider, t.dataDir, 'noa.rider@example.com', 'riding at dawn', 'Noa Levi');
    const [entry] = await search('12');
    expect(entry?.wholeEntry).toEqual({ horses: 1, total: { amount: 6000, currency: 'ILS' } });
    expect((await visitor().post('/api/events/spring-cup/orders', { entryId: entry?.id })).statusCode).toBe(401);
    const [first, second] = await Promise.all([
      rider.post('/api/events/spring-cup/orders', { entryId: entry?.id, note: 'The jump please' }),
      rider.post('/api/events/spring-cup/orders', { entryId: entry?.id, note: 'The jump please' }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 201]);
    expect(first?.json()).toMatchObject({ id: second?.json().id, status: 'submitted', total: { amount: 6000 } });
    const orders = (await admin.get('/api/admin/orders')).json().orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      kind: 'entry',
      event: { name: 'Spring Cup', slug: 'spring-cup' },
      entry: { number: '12', rider: 'נועה לוי', horse: 'Thunder', class: '1.10' },
      client: { email: 'noa.rider@example.com', folder: user.folder },
    });
    const url = `/api/admin/orders/${orders[0].id}`;
    await admin.request({ method: 'PATCH', url, payload: { status: 'paid', paymentMethod: 'paybox' } });
    const delivered = await admin.request({
      method: 'PATCH',
      url,
      payload: { status: 'delivered', deliver: 'picked' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    let mine: Array<{ id: string; name: string; proof?: boolean }> = [];
    await until(async () => {
      mine = (await rider.get('/api/me/gallery')).json().items;
      return mine.length === entry?.items.length;
    }, 'the bought photos in the rider’s gallery');
    expect(mine.map((item) => item.name).sort()).toEqual(entry?.items.map((item) => item.name).sort());
    for (const item of mine) {
      expect(item.proof).toBeUndefined();
      expect((await rider.get(`/api/media/${item.id}/download`)).statusCode).toBe(200);
    }
    // The event keeps its photo, still a proof for everyone else.
    expect((await search('12'))[0]?.items.map((item) => item.id)).toEqual(entry?.items.map((item) => item.id));
  });

  it('sells picks from the event page without the booking deposit, only of shown entries', async () => {
    const rider = new TestClient(t.app);
    await signUpVerified(rider, t.dataDir, 'dan.rider@example.com', 'riding at dawn', 'Dan Cohen');
    // Dan's photo was placed with entry 12 by hand, above.
    const [entry] = await search('12');
    const photo = entry?.items[1]?.id;
    const [fourteen] = await search('14');
    const entries = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries as Array<{
      id: string;
      number: string;
    }>;
    const hiddenId = entries.find((line) => line.number === '14')?.id;
    await admin.request({
      method: 'PATCH',
      url: `/api/admin/events/${eventId}/entries/${hiddenId}`,
      payload: { hidden: true },
    });
    const ofHidden = await rider.request({
      method: 'PUT',
      url: `/api/events/spring-cup/picks/${fourteen?.items[0]?.id}`,
    });
    expect(ofHidden.statusCode).toBe(404);
    await admin.request({
      method: 'PATCH',
      url: `/api/admin/events/${eventId}/entries/${hiddenId}`,
      payload: { hidden: false },
    });
    const picked = await rider.request({ method: 'PUT', url: `/api/events/spring-cup/picks/${photo}` });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ count: 1, includedLimit: 0, total: { amount: 600 }, mode: 'proofing' });
    const sent = await rider.post('/api/events/spring-cup/orders', { note: '' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().total.amount).toBe(600);
    const order = (await admin.get('/api/admin/orders'))
      .json()
      .orders.find((candidate: { id: string }) => candidate.id === sent.json().id);
    expect(order).toMatchObject({ kind: 'picks', event: { slug: 'spring-cup' }, entry: null, count: 1 });
    // While the order is open, the selection cannot change.
    const own = await rider.request({ method: 'PUT', url: `/api/events/spring-cup/picks/${photo}` });
    expect(own.json().error.code).toBe('selection-locked');
  });

  it('keeps a hidden entry out of search, an unlisted event behind its key, and only public events indexable', async () => {
    const entries = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries as Array<{
      id: string;
      number: string;
    }>;
    const dan = entries.find((entry) => entry.number === '13');
    await admin.request({
      method: 'PATCH',
      url: `/api/admin/events/${eventId}/entries/${dan?.id}`,
      payload: { hidden: true },
    });
    expect(await search('ravid')).toEqual([]);
    expect(await search('13')).toEqual([]);

    const page = await visitor().get('/api/events/spring-cup');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBeUndefined();
    expect((await visitor().get('/api/events')).json().events.map((event: { slug: string }) => event.slug)).toEqual([
      'spring-cup',
    ]);

    await admin.request({ method: 'PATCH', url: `/api/admin/events/${eventId}`, payload: { visibility: 'unlisted' } });
    const { accessKey } = await adminEvent();
    expect((await visitor().get('/api/events/spring-cup')).statusCode).toBe(404);
    expect((await visitor().get('/api/events/spring-cup/search?q=12')).statusCode).toBe(404);
    const unlisted = await visitor().get(`/api/events/spring-cup?key=${accessKey}`);
    expect(unlisted.statusCode).toBe(200);
    expect(unlisted.headers['x-robots-tag']).toBe('noindex');
    expect(unlisted.json().indexable).toBe(false);
    expect(await search('12', accessKey)).toHaveLength(1);
    expect((await visitor().get('/api/events')).json().events).toEqual([]);

    await admin.request({ method: 'PATCH', url: `/api/admin/events/${eventId}`, payload: { visibility: 'hidden' } });
    expect((await visitor().get(`/api/events/spring-cup?key=${accessKey}`)).statusCode).toBe(404);
  });

  it('refuses an upload for an event that does not exist', async () => {
    const bytes = await jpegTakenAt('2026-05-14T09:31:10', CAMERA);
    const { created } = await uploadWhole(admin, bytes, {
      filename: 'x.jpg',
      filetype: 'image/jpeg',
      event: '00000000-0000-4000-8000-000000000000',
    });
    expect(created.statusCode).toBe(400);
    const both = await uploadWhole(admin, bytes, { filename: 'x.jpg', folder: 'MainGallery', event: eventId });
    expect(both.created.statusCode).toBe(400);
  });
});
