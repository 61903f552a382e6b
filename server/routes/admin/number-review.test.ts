import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent } from '../../../shared/schemas/events';
import type { ReviewItem } from '../../../shared/schemas/number-review';
import { type Database, openDatabase } from '../../db/database';
import { jpegTakenAt } from '../../media/test-images';
import { createEventRepository } from '../../repositories/event-repository';
import { createMediaRepository } from '../../repositories/media-repository';
import { createEventService } from '../../services/events/events';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { until } from '../../test/support/ingest';
import { textReading } from '../../test/support/text-readings';
import { uploadWhole } from '../../test/support/tus';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'review-admin-secret' };
const START_LIST = ['מספר,רוכב,סוס,מקצה,שעת זינוק', '12,נועה לוי,Thunder,1.10,09:30', '13,Dan Cohen,Ravid,1.10,09:33'];

describe.each(TEST_DATABASES)('the review queue of start numbers on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let second: Database;
  let eventId = '';
  let photoId = '';
  const entryId = async (number: string): Promise<string> =>
    (await admin.get(`/api/admin/events/${eventId}/entries`))
      .json()
      .entries.find((entry: { number: string }) => entry.number === number).id;
  const queue = async (): Promise<ReviewItem[]> => {
    const res = await admin.get(`/api/admin/events/${eventId}/review`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };
  const decide = (body: Record<string, unknown>, mediaId = photoId) =>
    admin.request({ method: 'POST', url: `/api/admin/events/${eventId}/review/${mediaId}`, payload: body });

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(kind, ADMIN));
    const created = await admin.post('/api/admin/events', {
      name: 'Spring Cup',
      date: '2026-05-14',
      slug: 'spring-cup',
      visibility: 'public',
    });
    eventId = created.json().id;
    await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/start-list`,
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from(START_LIST.join('\r\n')),
    });
    // Taken in 12's ride (09:31), and its pad reads 13: the two signals disagree.
    const bytes = await jpegTakenAt('2026-05-14T09:31:10', { Make: 'Canon', Model: 'EOS R6' });
    const { finished } = await uploadWhole(admin, bytes, { filename: 'a.jpg', filetype: 'image/jpeg', event: eventId });
    photoId = String(finished?.headers['x-media-id']);
    await until(async () => {
      const photos = (await admin.get(`/api/admin/events/${eventId}/photos`)).json().photos;
      return photos.length === 1 && photos[0].entryId !== null;
    }, 'the photo to be placed by time');
    // The reading arrives as the pipeline would hand it over, on a connection of its own to the same database.
    second = await openDatabase(t.config.database);
    const events = createEventService({
      events: createEventRepository(second.db),
      media: createMediaRepository(second.db),
    });
    expect(await events.photoRead(photoId, textReading(['13', 0.97]))).toMatchObject({ state: 'review' });
  });

  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('lists the photo to review with its picture, the number’s crop and the candidates’ riders', async () => {
    const [item, ...rest] = await queue();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      mediaId: photoId,
      reason: 'other-ride',
      crop: { x: 0.25, y: 300 / 1067, width: 0.1, height: 90 / 1067 },
      candidates: [
        { number: '13', confidence: 0.97, entries: [{ rider: 'Dan Cohen', horse: 'Ravid', class: '1.10' }] },
      ],
    });
    expect(item?.image.image.src).toMatch(/^\/media\//);
    const events = (await admin.get('/api/admin/events')).json().events as AdminEvent[];
    expect(events.find((event) => event.id === eventId)?.reviewCount).toBe(1);
    // Out of the riders' search while it waits: neither 12 (the time) nor 13 (the number) shows it.
    const search = await new TestClient(t.app).get('/api/events/spring-cup/search?q=1');
    expect(search.json().entries.map((entry: { photoCount: number }) => entry.photoCount)).toEqual([0, 0]);
  });

  it('refuses a decision that names nothing, or a photo with no reading', async () => {
    expect((await decide({})).json().error.code).toBe('invalid-argument');
    expect((await decide({ number: '1a' })).json().error.code).toBe('invalid-argument');
    const none = await decide({ entryId: null }, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect([none.statusCode, none.json().error.code]).toEqual([404, 'not-found']);
  });

  it('confirms with one tap: placed by hand, out of the queue, found by the rider', async () => {
    const res = await decide({ entryId: await entryId('13') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: 'confirmed', entryId: await entryId('13') });
    expect(await queue()).toEqual([]);
    const [thirteen] = (await new TestClient(t.app).get('/api/events/spring-cup/search?q=13')).json().entries;
    expect(thirteen.items.map((item: { id: string }) => item.id)).toEqual([photoId]);
    // A time run leaves a photo placed so.
    await admin.post(`/api/admin/events/${eventId}/auto-assign`, {});
    const [photo] = (await admin.get(`/api/admin/events/${eventId}/photos`)).json().photos;
    expect(photo.entryId).toBe(await entryId('13'));
  });

  it('corrects by a typed number', async () => {
    const res = await decide({ number: '12' });
    expect(res.json()).toEqual({ state: 'corrected', entryId: await entryId('12') });
    expect((await decide({ number: '77' })).json().error.code).toBe('not-found');
  });

  it('names an entry, and still hides one', async () => {
    const id = await entryId('12');
    const url = `/api/admin/events/${eventId}/entries/${id}`;
    const named = await admin.request({ method: 'PATCH', url, payload: { rider: 'Noa Levi', horse: 'Storm' } });
    expect(named.statusCode, named.body).toBe(200);
    const hidden = await admin.request({ method: 'PATCH', url, payload: { hidden: true } });
    expect(hidden.statusCode).toBe(200);
    const entry = (await admin.get(`/api/admin/events/${eventId}/entries`))
      .json()
      .entries.find((one: { id: string }) => one.id === id);
    expect(entry).toMatchObject({ rider: 'Noa Levi', horse: 'Storm', hidden: true });
    expect((await admin.request({ method: 'PATCH', url, payload: {} })).statusCode).toBe(400);
  });
});
