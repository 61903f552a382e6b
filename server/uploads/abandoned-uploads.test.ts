import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import { Upload } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { loadConfig } from '../env';
import { createLeaseRepository } from '../repositories/lease-repository';
import { createStorage } from '../storage';
import { makeTempDir } from '../test/harness';
import { S3RVER_CREDENTIALS, s3rverEnv, startS3rver } from '../test/support/storage/s3rver';
import { openTestDatabase } from '../test/support/test-database';
import { createFileUploadStore } from './file-upload-store';
import { createS3UploadStore, UPLOADS_PREFIX } from './s3-upload-store';
import { ABANDONED_UPLOAD_MS, createTusUploads, UNFINISHED_UPLOAD_TTL_MS } from './tus-uploads';
import type { UploadStore } from './upload-store';

const HOUR_MS = 60 * 60 * 1000;
const metadata = { filename: 'ride.jpg', filetype: 'image/jpeg', folder: MAIN_GALLERY_FOLDER };

/** The tus side of the clean-up: nothing here is ever stored, so the ingest is never asked. */
function uploadsOn(store: UploadStore) {
  const never = async () => {
    throw new Error('nothing is stored by the clean-up');
  };
  return createTusUploads({
    store,
    ingest: { findStored: async () => undefined, ingestFile: never },
    resolveFolder: async () => undefined,
    logger: { error: () => {} },
  });
}

/** An upload of `size` bytes of which `sent` arrived, as a client leaves it when it stops. */
async function leave(store: UploadStore, id: string, size: number, sent: number): Promise<void> {
  await store.datastore.create(new Upload({ id, size, offset: 0, metadata }));
  if (sent > 0) await store.datastore.write(Readable.from([Buffer.alloc(sent, 7)]), id, 0);
}

/**
 * A partial upload stays until the clean-up removes it. Nobody resumes one that received nothing for a day (its
 * client gave up, or started afresh), so it goes then, not a week later; one still receiving bytes, however old, stays.
 */
describe('the clean-up of abandoned uploads', () => {
  const temp = makeTempDir('gallery-abandoned-');
  afterAll(() => temp.remove());

  it('on disk removes a partial upload untouched for a day and keeps fresh, slow and finished ones', async () => {
    const directory = path.join(temp.dir, 'uploads');
    fs.mkdirSync(directory, { recursive: true });
    const store = createFileUploadStore(directory, UNFINISHED_UPLOAD_TTL_MS);
    const ids = {
      abandoned: 'abandoned000000000000000000000aa',
      fresh: 'fresh00000000000000000000000000bb',
      slow: 'slow000000000000000000000000000cc',
      finished: 'finished0000000000000000000000dd',
    };
    for (const id of [ids.abandoned, ids.fresh, ids.slow]) await leave(store, id, 1000, 400);
    await leave(store, ids.finished, 1000, 1000);
    const age = (file: string, ms: number) => {
      const at = new Date(Date.now() - ms);
      fs.utimesSync(path.join(directory, file), at, at);
    };
    const dayAndAnHour = ABANDONED_UPLOAD_MS + HOUR_MS;
    for (const file of [ids.abandoned, `${ids.abandoned}.json`, ids.finished, `${ids.finished}.json`]) {
      age(file, dayAndAnHour);
    }
    // Created three days ago, its last bytes came an hour ago: a slow upload, not an abandoned one.
    age(`${ids.slow}.json`, 3 * 24 * HOUR_MS);
    age(ids.slow, HOUR_MS);

    expect(await uploadsOn(store).deleteExpired()).toBe(1);
    expect(fs.readdirSync(directory).sort()).toEqual(
      [ids.finished, ids.fresh, ids.slow].flatMap((id) => [id, `${id}.json`]).sort(),
    );
  });

  it('in the bucket removes a partial upload a day after its last byte, with its parts', async () => {
    const s3 = await startS3rver();
    const t = await openTestDatabase('sqlite');
    try {
      const config = loadConfig({ DATA_DIR: t.dir, AUTH_SECRET: 'a'.repeat(32), ...s3rverEnv(s3) });
      if (config.storage.kind !== 's3') throw new Error('the bucket is not configured');
      const store = createS3UploadStore({
        s3: config.storage,
        storage: createStorage(config.storage),
        leases: createLeaseRepository(t.database.db),
        holder: 'test-instance',
        finishingDir: path.join(t.dir, 'finishing'),
        expiryMs: UNFINISHED_UPLOAD_TTL_MS,
      });
      // 9 MiB of 10: one whole part of the multipart upload, and the rest in the short tail object.
      const id = `${UPLOADS_PREFIX}0123456789abcdef0123456789abcdef`;
      await leave(store, id, 10 * 1024 * 1024, 9 * 1024 * 1024);
      const uploads = uploadsOn(store);

      expect(await uploads.deleteExpired()).toBe(0);
      expect((await store.datastore.getUpload(id)).offset).toBe(9 * 1024 * 1024);

      expect(await uploads.deleteExpired(Date.now() + ABANDONED_UPLOAD_MS + HOUR_MS)).toBe(1);
      expect((await createStorage(config.storage).list({ prefix: UPLOADS_PREFIX })).items).toEqual([]);
      // No multipart upload is left behind either: a store that counts every one as expired finds none.
      const everythingExpired = new S3Store({
        expirationPeriodInMilliseconds: 1,
        useTags: false,
        s3ClientConfig: {
          bucket: s3.bucket,
          region: 'us-east-1',
          endpoint: s3.endpoint,
          forcePathStyle: true,
          credentials: S3RVER_CREDENTIALS,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        },
      });
      expect(await everythingExpired.deleteExpired()).toBe(0);
    } finally {
      await t.close();
      await s3.stop();
    }
  });
});
