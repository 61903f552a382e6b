import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database';
import { makePostgresSchema, makeTempDir, TEST_DATABASES } from '../test/harness';
import { createGalleryRepository } from './gallery-repository';
import { createMediaRepository } from './media-repository';

const PARKED_JOB = { type: 'gallery-test-parked', payload: {}, runAfter: new Date('2999-01-01T00:00:00Z') };

describe.each(TEST_DATABASES)('gallery page index on %s', (kind) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  const order: string[] = [];

  beforeAll(async () => {
    if (kind === 'postgres') {
      const schema = await makePostgresSchema();
      database = await openDatabase({ kind: 'postgres', url: schema.url });
      cleanup = schema.drop;
    } else {
      const temp = makeTempDir();
      database = await openDatabase({ kind: 'sqlite', file: `${temp.dir}/app.db` });
      cleanup = async () => temp.remove();
    }
    const media = createMediaRepository(database.db);
    // 13 ready items; two share a position, so the id decides their order.
    for (let i = 0; i < 13; i++) {
      const id = randomBytes(16).toString('base64url');
      const name = `item-${i}.jpg`;
      await media.insertWithJob(
        {
          id,
          folder: 'MainGallery',
          name,
          fullPath: `MainGallery/${name}`,
          extension: 'jpg',
          contentType: 'image/jpeg',
          size: 1,
          md5Hash: id,
          isVideo: i % 4 === 0,
          isDemo: false,
          position: i === 7 ? 6 : i,
        },
        PARKED_JOB,
      );
      await media.markReady(id, { width: 10, height: 10, duration: null, placeholder: null, derivatives: [] });
    }
    const all = await media.listVisible({ folder: 'MainGallery', limit: 100 });
    order.push(...all.map((record) => record.id));
  });
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });

  it('counts the items and finds the last item of every full page, however small the steps', async () => {
    const gallery = createGalleryRepository(database.db);
    for (const chunkRows of [1, 4, 6, 7, 6000]) {
      const index = await gallery.pageIndex({ folder: 'MainGallery', kind: 'all' }, 6, chunkRows);
      expect(index.total).toBe(13);
      expect(index.boundaries.map((cursor) => cursor.id)).toEqual([order[5], order[11]]);
    }
  });

  it('indexes one kind at a time, and an empty folder as nothing', async () => {
    const gallery = createGalleryRepository(database.db);
    expect(await gallery.pageIndex({ folder: 'MainGallery', kind: 'videos' }, 6, 2)).toMatchObject({ total: 4 });
    expect((await gallery.pageIndex({ folder: 'MainGallery', kind: 'images' }, 6, 2)).total).toBe(9);
    expect(await gallery.pageIndex({ folder: 'nobody@example_com', kind: 'all' }, 6)).toEqual({
      total: 0,
      boundaries: [],
    });
  });
});
