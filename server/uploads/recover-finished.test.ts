import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import { Upload } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { connectDatabase } from '../db/database';
import { createTestApp, makeTempDir } from '../test/harness';
import { writeTestJpeg } from '../test/support/ingest';
import { S3RVER_CREDENTIALS, s3rverEnv, startS3rver } from '../test/support/storage/s3rver';
import { UPLOADS_PREFIX } from './s3-upload-store';
import { StreamingFileStore } from './streaming-file-store';
import { UNFINISHED_UPLOAD_TTL_MS } from './tus-uploads';

/**
 * A process that received an upload's last byte and died before its ingest leaves a finished upload behind; the
 * next start finds it and stores it, so the upload is not lost. An unfinished one is left for its client to resume.
 */
describe('finished uploads whose ingest never ran', () => {
  const temp = makeTempDir('gallery-recover-');
  afterAll(() => temp.remove());

  async function leaveUpload(id: string, filename: string, bytes: Buffer, sent: number): Promise<void> {
    const store = new StreamingFileStore({
      directory: path.join(temp.dir, 'uploads'),
      expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_TTL_MS,
    });
    fs.mkdirSync(path.join(temp.dir, 'uploads'), { recursive: true });
    const metadata = { filename, filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER };
    await store.create(new Upload({ id, size: bytes.length, offset: 0, metadata }));
    await store.write(Readable.from([bytes.subarray(0, sent)]), id, 0);
  }

  it('stores it at the next start, and leaves an unfinished one to be resumed', async () => {
    const jpeg = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'photo.jpg'), 320, 240));
    await leaveUpload('finished0000000000000000000000aa', 'left-behind.jpg', jpeg, jpeg.length);
    await leaveUpload('halfway00000000000000000000000bb', 'halfway.jpg', jpeg, 1000);

    const t = await createTestApp({ env: { DATA_DIR: temp.dir } });
    await t.app.close(); // closing waits for the recovery that starts with the app
    const database = connectDatabase(t.config.database);
    const names = await database.db.selectFrom('media').select('name').execute();
    await database.close();

    expect(names.map((row) => row.name)).toEqual(['left-behind.jpg']);
    const left = fs
      .readdirSync(path.join(temp.dir, 'uploads'))
      .filter((name) => !fs.statSync(path.join(temp.dir, 'uploads', name)).isDirectory());
    expect(left.sort()).toEqual(['halfway00000000000000000000000bb', 'halfway00000000000000000000000bb.json']);
  });

  it('stores one left in the bucket by a dead instance at the next start', async () => {
    const s3 = await startS3rver();
    try {
      const jpeg = fs.readFileSync(await writeTestJpeg(path.join(temp.dir, 'bucket-photo.jpg'), 320, 240));
      const bucketStore = () =>
        new S3Store({
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
      const store = bucketStore();
      const id = `${UPLOADS_PREFIX}0123456789abcdef0123456789abcdef`;
      const metadata = { filename: 'from-the-bucket.jpg', filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER };
      await store.create(new Upload({ id, size: jpeg.length, offset: 0, metadata }));
      await store.write(Readable.from([jpeg]), id, 0);
      expect((await store.getUpload(id)).offset).toBe(jpeg.length);

      const dataDir = makeTempDir('gallery-recover-s3-');
      const t = await createTestApp({
        env: {
          DATA_DIR: dataDir.dir,
          ...s3rverEnv(s3),
        },
      });
      await t.app.close();
      const database = connectDatabase(t.config.database);
      const names = await database.db.selectFrom('media').select('name').execute();
      await database.close();
      dataDir.remove();
      expect(names.map((row) => row.name)).toEqual(['from-the-bucket.jpg']);
      // A fresh store: each one caches the records it has read. The upload's objects are gone from the bucket.
      await expect(bucketStore().getUpload(id)).rejects.toThrow();
    } finally {
      await s3.stop();
    }
  });
});
