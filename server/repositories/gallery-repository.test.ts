import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import type { Database } from '../db/database';
import { TEST_DATABASES } from '../test/harness';
import { makeReadyMedia } from '../test/support/media-factory';
import { openTestDatabase } from '../test/support/test-database';
import { createGalleryRepository } from './gallery-repository';
import { createMediaRepository } from './media-repository';

describe.each(TEST_DATABASES)('gallery page index on %s', (kind) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  const order: string[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase(kind);
    database = opened.database;
    cleanup = opened.close;
    const media = createMediaRepository(database.db);
    // 13 ready items; two share a position, so the id decides their order.
    for (let i = 0; i < 13; i++) {
      await makeReadyMedia(media, { name: `item-${i}.jpg`, isVideo: i % 4 === 0, position: i === 7 ? 6 : i });
    }
    const all = await media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 100 });
    order.push(...all.map((record) => record.id));
  });
  afterAll(async () => cleanup?.());

  it('counts the items and finds the last item of every full page, however small the steps', async () => {
    const gallery = createGalleryRepository(database.db);
    for (const chunkRows of [1, 4, 6, 7, 6000]) {
      const index = await gallery.pageIndex({ folder: MAIN_GALLERY_FOLDER, kind: 'all' }, 6, chunkRows);
      expect(index.total).toBe(13);
      expect(index.boundaries.map((cursor) => cursor.id)).toEqual([order[5], order[11]]);
    }
  });

  it('indexes one kind at a time, and an empty folder as nothing', async () => {
    const gallery = createGalleryRepository(database.db);
    expect(await gallery.pageIndex({ folder: MAIN_GALLERY_FOLDER, kind: 'videos' }, 6, 2)).toMatchObject({ total: 4 });
    expect((await gallery.pageIndex({ folder: MAIN_GALLERY_FOLDER, kind: 'images' }, 6, 2)).total).toBe(9);
    expect(await gallery.pageIndex({ folder: 'nobody@example_com', kind: 'all' }, 6)).toEqual({
      total: 0,
      boundaries: [],
    });
  });
});
