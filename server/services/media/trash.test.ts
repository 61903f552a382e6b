import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { DERIVED_PREFIX } from '../../media/types';
import { createAdminMediaRepository } from '../../repositories/admin-media-repository';
import { createProofingRepository } from '../../repositories/proofing-repository';
import { createSettingsRepository } from '../../repositories/settings-repository';
import { TEST_DATABASES } from '../../test/harness';
import { drainJobs, makeTestRuntime, writeTestJpeg } from '../../test/support/ingest';
import { openTestDatabase } from '../../test/support/test-database';
import { createAdminMediaService } from './admin-media';
import { createTrashService } from './trash';

const DAY = 86_400_000;

describe.each(TEST_DATABASES)('trash and repairs on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let runtime: ReturnType<typeof makeTestRuntime>;
  let clock = new Date('2026-03-01T10:00:00.000Z');
  let trash: ReturnType<typeof createTrashService>;
  let admin: ReturnType<typeof createAdminMediaRepository>;
  let n = 0;

  async function ingestReady(name: string) {
    const source = await writeTestJpeg(path.join(t.dir, `source-${++n}.jpg`), 64, 48);
    const record = await runtime.ingest.ingestFile({
      folder: MAIN_GALLERY_FOLDER,
      localPath: source,
      originalName: name,
    });
    await drainJobs(runtime);
    return record;
  }
  const keysOf = async (prefix: string) => (await runtime.storage.list({ prefix })).items.map((item) => item.key);

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    runtime = makeTestRuntime(t.database, t.dir);
    admin = createAdminMediaRepository(t.database.db);
    trash = createTrashService({
      admin,
      storage: runtime.storage,
      findById: (id) => runtime.media.findById(id),
      now: () => clock,
    });
  });
  afterAll(async () => t.close());

  it('purges only what has been in the trash for more than 30 days: bytes, derivatives and row', async () => {
    const old = await ingestReady('old.jpg');
    const recent = await ingestReady('recent.jpg');
    expect(await keysOf(`${DERIVED_PREFIX}${old.id}/`)).not.toEqual([]);
    await trash.moveToTrash(old.id);
    clock = new Date(clock.getTime() + 10 * DAY);
    await trash.moveToTrash(recent.id);

    clock = new Date(clock.getTime() + 19 * DAY);
    expect(await trash.purgeExpired()).toBe(0);

    clock = new Date(clock.getTime() + 2 * DAY);
    expect(await trash.purgeExpired()).toBe(1);
    expect(await runtime.media.findById(old.id)).toBeUndefined();
    expect(await runtime.storage.head(old.fullPath)).toBeNull();
    expect(await keysOf(`${DERIVED_PREFIX}${old.id}/`)).toEqual([]);
    expect((await runtime.media.findById(recent.id))?.deletedAt).toBeTruthy();
    expect(await runtime.storage.head(recent.fullPath)).not.toBeNull();
    expect((await trash.list()).map((item) => item.record.id)).toEqual([recent.id]);
  });

  it('restores an item with its bytes, and refuses one whose bytes are gone', async () => {
    const kept = await ingestReady('kept.jpg');
    await trash.moveToTrash(kept.id);
    await trash.restore(kept.id);
    expect((await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 50 })).map((m) => m.id)).toContain(
      kept.id,
    );

    const lost = await ingestReady('lost.jpg');
    await trash.moveToTrash(lost.id);
    await runtime.storage.delete(lost.fullPath);
    await expect(trash.restore(lost.id)).rejects.toMatchObject({ code: 'object-not-found' });
  });

  it('fix-metadata rewrites the upload metadata and sends failed items back through the pipeline', async () => {
    const broken = await ingestReady('broken.jpg');
    await admin.updateMetadata(broken.id, { contentType: '', cacheControl: 'no-cache', contentDisposition: 'inline' });
    await runtime.media.markFailed(broken.id, 'processing-failed');
    const service = createAdminMediaService({
      admin,
      media: runtime.media,
      settings: createSettingsRepository(t.database.db),
      modes: createProofingRepository(t.database.db),
      notifyWorker: () => runtime.worker.notify(),
    });
    const step = await service.fixMetadata(MAIN_GALLERY_FOLDER, undefined);
    expect(step).toMatchObject({ requeued: 1, next: null });
    const fixed = await runtime.media.findById(broken.id);
    expect(fixed).toMatchObject({
      contentType: 'application/octet-stream',
      cacheControl: 'public, max-age=3600',
      status: 'processing',
    });
    expect(fixed?.contentDisposition).toBe('attachment; filename=broken.jpg');
    // Once for the breakage above, once for the repair.
    expect(fixed?.metageneration).toBe(broken.metageneration + 2);
    await drainJobs(runtime);
    expect((await runtime.media.findById(broken.id))?.status).toBe('ready');
  });

  it('tells the gallery service each time what a folder shows changes, and only then', async () => {
    const changed: string[] = [];
    const galleryChanged = (folder: string) => changed.push(folder);
    const watched = makeTestRuntime(t.database, t.dir, runtime.storage, { galleryChanged });
    const source = await writeTestJpeg(path.join(t.dir, `source-${++n}.jpg`), 64, 48);
    const record = await watched.ingest.ingestFile({
      folder: MAIN_GALLERY_FOLDER,
      localPath: source,
      originalName: 'watched.jpg',
    });
    expect(changed).toEqual([]);
    await drainJobs(watched);
    expect(changed).toEqual([MAIN_GALLERY_FOLDER]);

    const watchedTrash = createTrashService({
      admin,
      storage: runtime.storage,
      findById: (id) => runtime.media.findById(id),
      now: () => clock,
      galleryChanged,
    });
    await watchedTrash.moveToTrash(record.id);
    await watchedTrash.restore(record.id);
    const service = createAdminMediaService({
      admin,
      media: runtime.media,
      settings: createSettingsRepository(t.database.db),
      modes: createProofingRepository(t.database.db),
      notifyWorker: () => {},
      galleryChanged,
    });
    await service.reorderMainGallery([record.id]);
    expect(await service.fixMetadata(MAIN_GALLERY_FOLDER, undefined)).toMatchObject({ requeued: 0 });
    // Ingest, trash, restore, reorder, and the repair of the stored metadata (the gallery shows the content type).
    expect(changed).toEqual(Array(5).fill(MAIN_GALLERY_FOLDER));
  });
});
