import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEvent } from '../../../shared/schemas/events';
import { type Database, openDatabase } from '../../db/database';
import { createEventRepository } from '../../repositories/event-repository';
import { createMediaRepository } from '../../repositories/media-repository';
import { eventFolder } from '../../services/events/events';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { makeReadyMedia } from '../../test/support/media-factory';
import { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'photo-count-secret' };
const START_LIST = [
  'number,rider,horse,class,start time',
  '7,Noa Levi,Storm,1.10,09:30',
  '8,Dan Cohen,Ravid,1.10,09:33',
];

describe.each(TEST_DATABASES)('what a public event counts on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let second: Database;
  let eventId = '';
  const entryIds = new Map<string, string>();

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    const created = await admin.post('/api/admin/events', {
      name: 'Summer Cup',
      date: '2026-06-10',
      slug: 'summer-cup',
      visibility: 'public',
    });
    expect(created.statusCode, created.body).toBe(201);
    eventId = created.json().id;
    const imported = await admin.request({
      method: 'PUT',
      url: `/api/admin/events/${eventId}/start-list`,
      headers: { 'content-type': 'text/csv' },
      payload: Buffer.from(START_LIST.join('\r\n')),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const entries = (await admin.get(`/api/admin/events/${eventId}/entries`)).json().entries;
    for (const entry of entries as Array<{ id: string; number: string }>) entryIds.set(entry.number, entry.id);

    // Ready photos in the event's folder, as the pipeline leaves them (no file needed to be counted).
    second = await openDatabase(t.config.database);
    const media = createMediaRepository(second.db);
    const events = createEventRepository(second.db);
    const place = async (count: number, entryNumber: string | null) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const photo = await makeReadyMedia(media, { folder: eventFolder(eventId) });
        await events.insertPhoto({ mediaId: photo.id, eventId, capturedAt: null, camera: null });
        ids.push(photo.id);
      }
      if (entryNumber === null) return;
      const res = await admin.post(`/api/admin/events/${eventId}/assign`, {
        mediaIds: ids,
        entryId: entryIds.get(entryNumber),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await place(3, '7');
    await place(2, '8');
    await place(1, null);
  });

  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const publicCounts = async () => {
    const page = (await new TestClient(t.app).get('/api/events/summer-cup')).json();
    const listed = (await new TestClient(t.app).get('/api/events')).json().events[0];
    return { page: [page.entryCount, page.photoCount], listed: [listed.entryCount, listed.photoCount] };
  };

  it('counts only the photos of shown entries once an entry is hidden; the photographer still sees them all', async () => {
    expect(await publicCounts()).toEqual({ page: [2, 5], listed: [2, 5] });

    const hidden = await admin.request({
      method: 'PATCH',
      url: `/api/admin/events/${eventId}/entries/${entryIds.get('8')}`,
      payload: { hidden: true },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await publicCounts()).toEqual({ page: [1, 3], listed: [1, 3] });

    const event = ((await admin.get('/api/admin/events')).json().events as AdminEvent[]).find(
      (item) => item.id === eventId,
    );
    expect(event).toMatchObject({ photoCount: 5, unassignedCount: 1 });
    expect((await admin.get(`/api/admin/events/${eventId}/photos`)).json().photos).toHaveLength(6);
  });
});
