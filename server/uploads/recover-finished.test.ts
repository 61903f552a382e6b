import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import { Upload } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { connectDatabase } from '../db/database';
import { createTestApp, createTestAppWithAdmin, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { writeTestJpeg } from '../test/support/ingest';
import { type RunningS3rver, S3RVER_CREDENTIALS, s3rverEnv, startS3rver } from '../test/support/storage/s3rver';
import { UPLOADS_PREFIX } from './s3-upload-store';
import { StreamingFileStore } from './streaming-file-store';
import { UNFINISHED_UPLOAD_TTL_MS, UPLOAD_PATH } from './tus-uploads';

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' };
const TUS = { 'tus-resumable': '1.0.0' };

/** Bucket uploads as the app's store keeps them; each store caches the records it has read, so tests make fresh ones. */
function bucketStore(s3: RunningS3rver): S3Store {
  return new S3Store({
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
      // As the app's store: no aws-chunked bodies, which s3rver would keep verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
}

function uploadMetadata(filename: string) {
  return { filename, filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER };
}

/** What an instance leaves on its disk when it died after the upload's last byte and before its ingest. */
async function leaveUploadIn(directory: string, id: string, filename: string, bytes: Buffer, sent: number) {
  const store = new StreamingFileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS });
  fs.mkdirSync(directory, { recursive: true });
  await store.create(new Upload({ id, size: bytes.length, offset: 0, metadata: uploadMetadata(filename) }));
  await store.write(Readable.from([bytes.subarray(0, sent)]), id, 0);
}

/** The same, in the bucket: a finished multipart upload whose instance died before its ingest. */
async function leaveInBucket(s3: RunningS3rver, id: string, filename: string, bytes: Buffer): Promise<void> {
  const store = bucketStore(s3);
  await store.create(new Upload({ id, size: bytes.length, offset: 0, metadata: uploadMetadata(filename) }));
  await store.write(Readable.from([bytes]), id, 0);
  expect((await store.getUpload(id)).offset).toBe(bytes.length);
}

/**
 * A process that received an upload's last byte and died before its ingest leaves a finished upload behind; the
 * next start finds it and stores it, so the upload is not lost. An unfinished one is left for its client to resume.
 */
describe('finished uploads whose ingest never ran', () => {
  const temp = makeTempDir('gallery-recover-');
  afterAll(() => temp.remove());

  async function leaveUpload(id: string, filename: string, bytes: Buffer, sent: number): Promise<void> {
    await leaveUploadIn(path.join(temp.dir, 'uploads'), id, filename, bytes, sent);
  }

  async function mediaNames(config: TestApp['config']): Promise<string[]> {
    const database = connectDatabase(config.database);
    const rows = await database.db.selectFrom('media').select('name').orderBy('name').execute();
    await database.close();
    return rows.map((row) => row.name);
  }

  it('stores it at the next start, and leaves an unfinished one to be resumed', async () => {
    const jpeg = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'photo.jpg'), 320, 240));
    await leaveUpload('finished0000000000000000000000aa', 'left-behind.jpg', jpeg, jpeg.length);
    await leaveUpload('halfway00000000000000000000000bb', 'halfway.jpg', jpeg, 1000);

    const t = await createTestApp({ env: { DATA_DIR: temp.dir } });
    await t.app.close(); // closing waits for the recovery that starts with the app
    expect(await mediaNames(t.config)).toEqual(['left-behind.jpg']);
    const left = fs
      .readdirSync(path.join(temp.dir, 'uploads'))
      .filter((name) => !fs.statSync(path.join(temp.dir, 'uploads', name)).isDirectory());
    expect(left.sort()).toEqual(['halfway00000000000000000000000bb', 'halfway00000000000000000000000bb.json']);

    // The instance that stored it died before forgetting the upload: the next start forgets it, and stores nothing.
    await leaveUpload('finished0000000000000000000000aa', 'left-behind.jpg', jpeg, jpeg.length);
    const again = await createTestApp({ env: { DATA_DIR: temp.dir } });
    await again.app.close();
    expect(await mediaNames(again.config)).toEqual(['left-behind.jpg']);
    expect(fs.existsSync(path.join(temp.dir, 'uploads', 'finished0000000000000000000000aa.json'))).toBe(false);
  });

  it('stores one left in the bucket by a dead instance at the next start', async () => {
    const s3 = await startS3rver();
    try {
      const jpeg = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'bucket-photo.jpg'), 320, 240));
      const id = `${UPLOADS_PREFIX}0123456789abcdef0123456789abcdef`;
      await leaveInBucket(s3, id, 'from-the-bucket.jpg', jpeg);

      const dataDir = makeTempDir('gallery-recover-s3-');
      const env = { DATA_DIR: dataDir.dir, ...s3rverEnv(s3) };
      const t = await createTestApp({ env });
      await t.app.close();
      expect(await mediaNames(t.config)).toEqual(['from-the-bucket.jpg']);
      // A fresh store: each one caches the records it has read. The upload's objects are gone from the bucket.
      await expect(bucketStore(s3).getUpload(id)).rejects.toThrow();

      // The instance that stored it died before removing the upload: the next start removes it, and stores nothing.
      await leaveInBucket(s3, id, 'from-the-bucket.jpg', jpeg);
      const again = await createTestApp({ env });
      await again.app.close();
      expect(await mediaNames(again.config)).toEqual(['from-the-bucket.jpg']);
      await expect(bucketStore(s3).getUpload(id)).rejects.toThrow();
      dataDir.remove();
    } finally {
      await s3.stop();
    }
  });
});

/**
 * The client of an upload whose last byte reached an instance that died before the ingest resumes it (tus-js-client
 * sends a HEAD; a client may send the final PATCH again): the upload is stored then, once, and the answer carries
 * the item's id, as the last PATCH's would have.
 */
describe.each(TEST_DATABASES)('a client resuming a finished upload whose ingest never ran (%s)', (database) => {
  const temp = makeTempDir('gallery-resume-finished-');
  afterAll(() => temp.remove());

  async function mediaIds(t: TestApp): Promise<Array<{ id: string; name: string }>> {
    const db = connectDatabase(t.config.database);
    const rows = await db.db.selectFrom('media').select(['id', 'name']).execute();
    await db.close();
    return rows;
  }

  it('gets its media id from a HEAD, stored once, on one machine’s disk', async () => {
    const jpeg = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'disk.jpg'), 320, 240));
    const { t, admin } = await createTestAppWithAdmin(database, ADMIN);
    try {
      const id = 'abcdef0123456789abcdef0123456789';
      await leaveUploadIn(path.join(t.dataDir, 'uploads'), id, 'resumed.jpg', jpeg, jpeg.length);

      const head = await admin.request({ method: 'HEAD', url: `${UPLOAD_PATH}/${id}`, headers: TUS });
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(jpeg.length));
      expect(head.headers['upload-length']).toBe(String(jpeg.length));
      expect(head.headers['x-media-name']).toBe('resumed.jpg');
      const mediaId = String(head.headers['x-media-id']);
      expect(await mediaIds(t)).toEqual([{ id: mediaId, name: 'resumed.jpg' }]);

      // Asked again (the answer was lost too): the same item, not a second one.
      const again = await admin.request({ method: 'HEAD', url: `${UPLOAD_PATH}/${id}`, headers: TUS });
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-media-id']).toBe(mediaId);
      expect(await mediaIds(t)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('gets its media id from the final PATCH, then a HEAD, when it was left in the bucket', async () => {
    const s3 = await startS3rver();
    const jpeg = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'bucket.jpg'), 320, 240));
    const { t, admin } = await createTestAppWithAdmin(database, ADMIN, s3rverEnv(s3));
    try {
      const urlId = 'fedcba9876543210fedcba9876543210';
      await leaveInBucket(s3, `${UPLOADS_PREFIX}${urlId}`, 'resumed-from-bucket.jpg', jpeg);

      const patch = await admin.request({
        method: 'PATCH',
        url: `${UPLOAD_PATH}/${urlId}`,
        headers: { ...TUS, 'upload-offset': String(jpeg.length), 'content-type': 'application/offset+octet-stream' },
        payload: Buffer.alloc(0),
      });
      expect(patch.statusCode).toBe(204);
      const mediaId = String(patch.headers['x-media-id']);
      expect(await mediaIds(t)).toEqual([{ id: mediaId, name: 'resumed-from-bucket.jpg' }]);

      const head = await admin.request({ method: 'HEAD', url: `${UPLOAD_PATH}/${urlId}`, headers: TUS });
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(jpeg.length));
      expect(head.headers['x-media-id']).toBe(mediaId);
      expect(await mediaIds(t)).toHaveLength(1);
      await expect(bucketStore(s3).getUpload(`${UPLOADS_PREFIX}${urlId}`)).rejects.toThrow();
    } finally {
      await t.close();
      await s3.stop();
    }
  });
});

describe('two instances asked at once for a finished upload whose ingest never ran', () => {
  it('store it once (under the upload’s lock) and both answer its media id', async () => {
    const s3 = await startS3rver();
    const shared = makeTempDir('gallery-resume-shared-');
    const jpeg = fs.readFileSync(await writeTestJpeg(path.join(shared.dir, 'both.jpg'), 320, 240));
    // One database (SQLite in the shared DATA_DIR) and one bucket: two instances of one site.
    const env = { ...s3rverEnv(s3), DATA_DIR: shared.dir };
    const first = await createTestAppWithAdmin('sqlite', ADMIN, env);
    const second = await createTestAppWithAdmin('sqlite', ADMIN, env);
    try {
      const urlId = '00112233445566778899aabbccddeeff';
      await leaveInBucket(s3, `${UPLOADS_PREFIX}${urlId}`, 'asked-twice.jpg', jpeg);

      const head = (client: typeof first.admin) =>
        client.request({ method: 'HEAD', url: `${UPLOAD_PATH}/${urlId}`, headers: TUS });
      const answers = await Promise.all([head(first.admin), head(second.admin)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const [one, other] = answers.map((answer) => answer.headers['x-media-id']);
      expect(one).toBeDefined();
      expect(other).toBe(one);
      const database = connectDatabase(first.t.config.database);
      const rows = await database.db.selectFrom('media').select(['id', 'name']).execute();
      await database.close();
      expect(rows).toEqual([{ id: one, name: 'asked-twice.jpg' }]);
    } finally {
      await first.t.close();
      await second.t.close();
      await s3.stop();
      shared.remove();
    }
  });
});
