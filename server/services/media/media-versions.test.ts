import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import type { MediaRecord } from '../../repositories/media-repository';
import { createMediaVersionRepository } from '../../repositories/media-version-repository';
import { TEST_DATABASES } from '../../test/harness';
import { drainJobs, makeTestRuntime, writeTestJpeg } from '../../test/support/ingest';
import { DRIVERS } from '../../test/support/storage/drivers';
import { openTestDatabase } from '../../test/support/test-database';
import { createOriginalReplacements } from './replace-original';

const DAY = 86_400_000;
const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/media');

/** Every database on disk storage, and S3 storage (s3rver) on SQLite: the sweep goes through the storage interface. */
const CASES = [
  ...TEST_DATABASES.map((database) => ({ database, driver: 'disk' as const })),
  { database: 'sqlite' as const, driver: 's3' as const },
];

describe.each(CASES)('kept originals on $database with $driver storage', ({ database, driver }) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let cleanupStorage: () => Promise<void> | void;
  let runtime: ReturnType<typeof makeTestRuntime>;
  let versions: ReturnType<typeof createMediaVersionRepository>;
  let item: MediaRecord;
  let n = 0;

  const copyOf = (source: string) => {
    const copy = path.join(t.dir, `upload-${++n}`);
    fs.copyFileSync(source, copy);
    return copy;
  };
  const jpeg = async (width: number) => writeTestJpeg(path.join(t.dir, `source-${++n}.jpg`), width, (width * 3) / 4);
  const stored = async (key: string) => (await runtime.storage.head(key)) !== null;
  /** The sweep as it runs on `at` (the replacements run on the real clock). */
  const sweepAt = (at: Date) =>
    createOriginalReplacements({
      media: runtime.media,
      versions,
      jobs: runtime.jobs,
      storage: runtime.storage,
      notify: () => {},
      now: () => at,
    }).purgeExpired();
  /** Stages `source` as the edit of the item (`times` over: an upload handed in again after a crash), then settles. */
  const replaceWith = async (source: string, uploadedName: string, times = 1) => {
    const uploadId = `upload-${++n}`;
    for (let i = 0; i < times; i++) {
      const staged = await runtime.replacements.stage({
        mediaId: item.id,
        folder: MAIN_GALLERY_FOLDER,
        localPath: copyOf(source),
        uploadedName,
        uploadId,
      });
      expect(staged.id).toBe(item.id);
    }
    await drainJobs(runtime);
    return (await runtime.media.findById(item.id)) as MediaRecord;
  };

  beforeAll(async () => {
    t = await openTestDatabase(database);
    const driverUnderTest = DRIVERS.find((entry) => entry.name === driver);
    if (!driverUnderTest) throw new Error(driver);
    const { storage, cleanup } = await driverUnderTest.setup();
    cleanupStorage = cleanup;
    runtime = makeTestRuntime(t.database, t.dir, storage);
    versions = createMediaVersionRepository(t.database.db);
    item = await runtime.ingest.ingestFile({
      folder: MAIN_GALLERY_FOLDER,
      localPath: copyOf(await jpeg(64)),
      originalName: 'arena.jpg',
    });
    await drainJobs(runtime);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await cleanupStorage?.();
  });

  it('keeps a failed replacement out: a file that cannot be derived leaves the item as it was', async () => {
    const first = (await runtime.media.findById(item.id)) as MediaRecord;
    // A truncated JPEG passes the upload's checks; only decoding it fails.
    const after = await replaceWith(path.join(fixtures, 'truncated.jpg'), 'broken.jpg');
    expect(after).toMatchObject({
      originalKey: first.originalKey,
      md5Hash: first.md5Hash,
      size: first.size,
      derivatives: first.derivatives,
      editedAt: null,
      status: 'ready',
    });
    expect(await versions.listOf(item.id)).toEqual([]);
    // Its bytes are gone: nothing is left under the item's originals but what it had.
    expect((await runtime.storage.list({ prefix: `_originals/${item.id}/` })).items).toEqual([]);
    expect(await stored(first.fullPath)).toBe(true);
  });

  it('keeps each previous original as a version, never at a name path another upload could take', async () => {
    const first = (await runtime.media.findById(item.id)) as MediaRecord;
    const edited = await replaceWith(await jpeg(80), 'arena edit.jpg');
    expect(edited.originalKey).toMatch(new RegExp(`^_originals/${item.id}/`));
    expect(edited.name).toBe('arena.jpg');
    expect(edited.customMetadata.originalName).toBe('arena edit.jpg');
    // The first original was moved under _originals/ with the version; its name path holds nothing now.
    expect(await stored(first.fullPath)).toBe(false);
    // The same upload handed in twice (its instance died before forgetting it) replaces the item once.
    const second = await replaceWith(await jpeg(96), 'arena edit 2.jpg', 2);
    const kept = await versions.listOf(item.id);
    expect(kept.map((version) => [version.originalName, version.md5Hash])).toEqual([
      ['arena edit.jpg', edited.md5Hash],
      ['arena.jpg', first.md5Hash],
    ]);
    for (const version of kept) {
      expect(version.storageKey).toMatch(new RegExp(`^_originals/${item.id}/`));
      expect(await stored(version.storageKey)).toBe(true);
    }
    expect(await stored(second.originalKey)).toBe(true);
  });

  it('sweeps the versions replaced more than 30 days ago, files and rows, and what nothing names', async () => {
    const [young, old] = await versions.listOf(item.id);
    if (!young || !old) throw new Error('two versions expected');
    const now = Date.now();
    // The older version was replaced 40 days before the sweep; the younger just now.
    await t.database.db
      .updateTable('media_version')
      .set({ replaced_at: new Date(now - 40 * DAY).toISOString() })
      .where('id', '=', old.id)
      .execute();
    // Bytes a crash left under _originals/ that no item, version or replacement names.
    const stray = `_originals/${item.id}/left-by-a-crash.jpg`;
    await runtime.storage.put(stray, fs.readFileSync(await jpeg(32)), { contentType: 'image/jpeg' });

    // A day later: the stray bytes are old enough to be an orphan; the younger version stays.
    expect(await sweepAt(new Date(now + DAY + 60_000))).toBe(1);
    expect((await versions.listOf(item.id)).map((version) => version.id)).toEqual([young.id]);
    expect(await stored(old.storageKey)).toBe(false);
    expect(await stored(stray)).toBe(false);
    expect(await stored(young.storageKey)).toBe(true);
    const current = (await runtime.media.findById(item.id)) as MediaRecord;
    expect(await stored(current.originalKey)).toBe(true);

    // 29 days on it is still kept; past 30 it goes, and the item's own original stays.
    expect(await sweepAt(new Date(now + 29 * DAY))).toBe(0);
    expect(await sweepAt(new Date(now + 31 * DAY))).toBe(1);
    expect(await versions.listOf(item.id)).toEqual([]);
    expect(await stored(young.storageKey)).toBe(false);
    expect(await stored(current.originalKey)).toBe(true);
  });
});
