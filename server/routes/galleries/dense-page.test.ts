import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryPage } from '../../../shared/schemas/gallery';
import { type Database, openDatabase } from '../../db/database';
import { createMediaRepository } from '../../repositories/media-repository';
import { signUpVerified } from '../../test/email-links';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { makeMedia } from '../../test/support/media-factory';
import { FAST_HASH, TestClient } from '../../test/test-client';

const PASSWORD = 'riding at dawn';
/** More than one dense page (48) and not a multiple of the collage's 6. */
const COUNT = 53;

describe.each(TEST_DATABASES)("a client's gallery in pages of 48 on %s", (database) => {
  let t: TestApp;
  let db: Database;
  let client: TestClient;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ database, build: FAST_HASH });
    db = await openDatabase(t.config.database);
    const media = createMediaRepository(db.db);
    client = new TestClient(t.app);
    const { folder } = await signUpVerified(client, t.dataDir, 'big.gallery@example.com', PASSWORD);
    for (let position = 0; position < COUNT; position++) {
      const id = randomBytes(16).toString('base64url');
      await makeMedia(media, {
        id,
        folder,
        name: `ride-${position}.jpg`,
        position,
        status: 'ready',
        ready: { width: 1200, height: 800, duration: null, derivatives: [] },
      });
      ids.push(id);
    }
  });
  afterAll(async () => {
    await db?.close();
    await t?.close();
  });

  async function page(query: string): Promise<GalleryPage> {
    const res = await client.get(`/api/me/gallery?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as GalleryPage;
  }

  it('answers 48 items a page in gallery order, the rest on the next, with the same total', async () => {
    const first = await page('type=all&page=1&per=48');
    const second = await page('type=all&page=2&per=48');
    expect({ ...first, items: first.items.length }).toEqual({ items: 48, page: 1, pageCount: 2, total: COUNT });
    expect({ ...second, items: second.items.length }).toEqual({ items: 5, page: 2, pageCount: 2, total: COUNT });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(ids);
    expect((await page('type=all&page=3&per=48')).items).toEqual([]);
  });

  it('keeps 6 a page by default, and gives each item the time it was added', async () => {
    const collage = await page('type=all&page=9');
    expect(collage).toMatchObject({ page: 9, pageCount: 9, total: COUNT });
    expect(collage.items.map((item) => item.id)).toEqual(ids.slice(48));
    for (const item of collage.items) expect(Number.isNaN(Date.parse(item.addedAt ?? ''))).toBe(false);
  });

  it('refuses any other page size with 400 invalid-argument', async () => {
    for (const per of ['7', '0', '1000', 'abc', '-48', '48.5']) {
      const res = await client.get(`/api/me/gallery?per=${per}`);
      expect({ per, status: res.statusCode, code: res.json().error?.code }).toEqual({
        per,
        status: 400,
        code: 'invalid-argument',
      });
    }
  });
});
