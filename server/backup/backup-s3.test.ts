import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import type { AdminMedia } from '../../shared/schemas/admin';
import { buildApp } from '../app';
import { connectDatabase } from '../db/database';
import { isEmptyDatabase } from '../db/snapshot';
import { writeTestJpeg } from '../media/test-images';
import { createStorage } from '../storage/index';
import type { Storage } from '../storage/storage';
import { uploadReadyPhoto } from '../test/admin-upload';
import { createTestAppWithAdmin, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { type RunningS3rver, s3rverEnv, startS3rver } from '../test/support/storage/s3rver';
import { createUpload, patchUpload } from '../test/support/tus';
import { FAST_HASH, TestClient } from '../test/test-client';
import { UPLOADS_PREFIX } from '../uploads/s3-upload-store';
import { readManifest } from './manifest';
import { freshRestoreTarget, makePostgresDatabase, type RestoreTarget, runCommand } from './restore-test-support';

const ADMIN = { email: 'photographer@example.com', password: 'backup-admin-secret' };

async function keysUnder(storage: Storage, prefix: string): Promise<string[]> {
  return (await storage.list({ prefix, maxResults: 1000 })).items.map((item) => item.key);
}

/** The restored site, started as usual, answers the public photo with the source's bytes. */
async function expectServes(target: RestoreTarget, photo: AdminMedia, bytes: Buffer): Promise<void> {
  const app = await buildApp(target.config, {
    webRoot: path.join(target.config.dataDir, 'no-web-build'),
    ...FAST_HASH,
  });
  try {
    await app.ready();
    const served = await new TestClient(app).get(`/media/${photo.id}/original`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  } finally {
    await app.close();
  }
}

/**
 * A site on S3 (s3rver) keeps the bytes in the bucket; a snapshot lists the objects. Restores go into fresh
 * databases (and DATA_DIRs) on the same bucket, as after losing the database server.
 */
describe.each(TEST_DATABASES)('a snapshot of a site on %s and S3', (kind) => {
  let s3: RunningS3rver;
  let source: TestApp;
  let admin: TestClient;
  let storage: Storage;
  let photo: AdminMedia;
  let original: Buffer;
  const snapshots = makeTempDir('gallery-snapshot-');
  const cleanups: Array<() => Promise<void>> = [];

  async function target(): Promise<RestoreTarget> {
    const made = await freshRestoreTarget(kind, s3rverEnv(s3));
    cleanups.push(made.remove);
    return made;
  }

  beforeAll(async () => {
    s3 = await startS3rver();
    let env = s3rverEnv(s3);
    if (kind === 'postgres') {
      const database = await makePostgresDatabase();
      cleanups.push(database.drop);
      env = { ...env, DATABASE_URL: database.url };
    }
    // The harness's own PostgreSQL schema is not used: DATABASE_URL names a whole database, which pg_dump needs.
    ({ t: source, admin } = await createTestAppWithAdmin('sqlite', ADMIN, env));
    storage = createStorage(source.config.storage);
    photo = await uploadReadyPhoto(admin, source.dataDir, MAIN_GALLERY_FOLDER, 'arena.jpg');
    original = (await new TestClient(source.app).get(`/media/${photo.id}/original`)).rawPayload;
    expect(original.length).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
    await s3?.stop();
    snapshots.remove();
  });

  it('taken while an upload is under way, restores once the upload has finished', async () => {
    const jpeg = fs.readFileSync(await writeTestJpeg(path.join(source.dataDir, 'late.jpg'), 320, 240));
    const meta = { filename: 'late.jpg', filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER };
    const created = await createUpload(admin, jpeg.length, meta);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const half = Math.floor(jpeg.length / 2);
    expect((await patchUpload(admin, location, 0, jpeg.subarray(0, half))).statusCode).toBe(204);
    expect(await keysUnder(storage, UPLOADS_PREFIX)).not.toEqual([]);

    const folder = path.join(snapshots.dir, `during-upload-${kind}`);
    const backup = await runCommand('backup', folder, source.config);
    expect(backup.code, backup.output).toBe(0);
    const listed = readManifest(folder).objects.map((object) => object.key);
    expect(listed).toContain(`${photo.folder}/${photo.name}`);
    expect(listed.filter((key) => key.startsWith(UPLOADS_PREFIX))).toEqual([]);

    // The upload finishes: its parts and record leave the bucket.
    expect((await patchUpload(admin, location, half, jpeg.subarray(half))).statusCode).toBe(204);
    expect(await keysUnder(storage, UPLOADS_PREFIX)).toEqual([]);

    const into = await target();
    const restore = await runCommand('restore', folder, into.config);
    expect(restore.code, restore.output).toBe(0);
    // The source's instance held leases when the snapshot was taken; the restored site does not inherit them.
    const restored = connectDatabase(into.config.database);
    try {
      expect(await restored.db.selectFrom('lease').selectAll().execute()).toEqual([]);
      expect((await restored.db.selectFrom('media').select('id').execute()).map((row) => row.id)).toContain(photo.id);
    } finally {
      await restored.close();
    }
    await expectServes(into, photo, original);
  });

  it('made before unfinished uploads were left out, passes over the ones it lists', async () => {
    const folder = path.join(snapshots.dir, `older-${kind}`);
    expect((await runCommand('backup', folder, source.config)).code).toBe(0);
    // As an earlier version wrote it: with the records of uploads that were under way, long gone from the bucket.
    const manifestFile = path.join(folder, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.objects.push({ key: `${UPLOADS_PREFIX}0123456789abcdef0123456789abcdef.info`, size: 412, etag: '"x"' });
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));

    const into = await target();
    const restore = await runCommand('restore', folder, into.config);
    expect(restore.code, restore.output).toBe(0);
    await expectServes(into, photo, original);
  });

  it('refused for an object gone from the bucket leaves the target fresh, and a good snapshot then restores', async () => {
    // An object the snapshot lists is removed afterwards (a bucket without versioning, the trash emptied).
    const extraKey = `${MAIN_GALLERY_FOLDER}/gone-${kind}.txt`;
    await storage.put(extraKey, Buffer.from('removed after the snapshot'));
    const stale = path.join(snapshots.dir, `stale-${kind}`);
    expect((await runCommand('backup', stale, source.config)).code).toBe(0);
    await storage.delete(extraKey);

    const into = await target();
    const refused = await runCommand('restore', stale, into.config);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(extraKey);
    expect(await isEmptyDatabase(into.config.database)).toBe(true);
    expect(fs.readdirSync(into.config.dataDir).filter((name) => name !== 'media')).toEqual([]);

    const good = path.join(snapshots.dir, `good-${kind}`);
    expect((await runCommand('backup', good, source.config)).code).toBe(0);
    const restore = await runCommand('restore', good, into.config);
    expect(restore.code, restore.output).toBe(0);
    await expectServes(into, photo, original);
  });
});
