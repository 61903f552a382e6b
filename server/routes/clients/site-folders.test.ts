import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { ClientList } from '../../../shared/schemas/clients';
import { type Database, openDatabase } from '../../db/database';
import { createMediaRepository } from '../../repositories/media-repository';
import { eventFolder } from '../../services/events/events';
import { createTestAppWithAdmin, TEST_DATABASES, type TestApp } from '../../test/harness';
import { makeReadyMedia } from '../../test/support/media-factory';
import type { TestClient } from '../../test/test-client';

const ADMIN = { email: 'photographer@example.com', password: 'site-folders-secret' };
/** A folder left without an owner the ordinary way (its client was removed, or it came in by `npm run import`). */
const ORPHAN = 'orphan@example_com';

describe.each(TEST_DATABASES)('folders the site owns on %s', (database) => {
  let t: TestApp;
  let admin: TestClient;
  let second: Database;
  let competition = '';

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithAdmin(database, ADMIN));
    const created = await admin.post('/api/admin/events', {
      name: 'Autumn Cup',
      date: '2026-10-01',
      slug: 'autumn-cup',
      visibility: 'public',
    });
    expect(created.statusCode, created.body).toBe(201);
    competition = eventFolder(created.json().id);
    second = await openDatabase(t.config.database);
    const media = createMediaRepository(second.db);
    for (const folder of [competition, competition, MAIN_GALLERY_FOLDER, '_imported', ORPHAN]) {
      await makeReadyMedia(media, { folder });
    }
  });

  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const clientList = async (): Promise<ClientList> => (await admin.get('/api/admin/clients')).json();
  const giveTo = (folder: string, clientId: string) =>
    admin.request({
      method: 'PUT',
      url: `/api/admin/folders/${encodeURIComponent(folder)}/owner`,
      payload: { clientId },
    });

  it('lists only ordinary folders as without an owner, never a competition’s or the main gallery', async () => {
    const listed = (await clientList()).unownedFolders.map((folder) => folder.folder);
    expect(listed).toEqual([ORPHAN]);
  });

  it('refuses to give a folder the site owns to a client, whatever is sent, and still gives an ordinary one', async () => {
    const added = await admin.post('/api/admin/clients', { email: 'lucky@example.com', fullName: 'Lucky Rider' });
    expect(added.statusCode, added.body).toBe(201);
    const { id, folder } = added.json() as { id: string; folder: string };

    for (const siteFolder of [competition, MAIN_GALLERY_FOLDER, '_imported', '_derived', '.placeholder']) {
      const refused = await giveTo(siteFolder, id);
      expect(refused.statusCode, `${siteFolder}: ${refused.body}`).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'site-folder',
        message: expect.stringMatching(/site itself/),
      });
    }
    expect((await clientList()).items.find((client) => client.id === id)).toMatchObject({ folder, itemCount: 0 });

    const given = await giveTo(ORPHAN, id);
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ id, folder: ORPHAN, itemCount: 1 });
  });
});
