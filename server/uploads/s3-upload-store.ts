import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as TusS3Store from '@tus/s3-store';
import { ERRORS } from '@tus/server';
import type { Config } from '../env';
import { keepLease } from '../jobs/kept-lease';
import type { LeaseRepository } from '../repositories/lease-repository';
import { requireOnUse } from '../require-on-use';
import type { Storage } from '../storage/storage';
import { LeaseLocker } from './lease-locker';
import { isUploadUrlId, LOCK_WAIT_MS, type UploadStore } from './upload-store';

type S3Config = Extract<Config['storage'], { kind: 's3' }>;

/**
 * The bucket's folder of unfinished uploads. @tus/s3-store names its objects after the upload id (the multipart
 * object `<id>`, its record `<id>.info`, a short tail `<id>.part`), so ids carry this prefix and stay out of the
 * galleries' folders; URLs carry the id without it.
 */
export const UPLOADS_PREFIX = '_uploads/';
/** As the tus lock's: a finishing instance that dies frees the upload this soon. */
const FINISHING_LOCK_TTL_MS = 10_000;
/** How often an instance waiting to finish an upload asks for its lock again. */
const FINISHING_LOCK_POLL_MS = 100;

/**
 * Unfinished uploads in the S3 bucket, as multipart uploads, with the lock in the shared database: every instance
 * sees every upload, so a PATCH may reach any of them. @tus/s3-store keeps a small per-process cache of each
 * upload's record; that is safe across instances because the record never changes once written (the length is
 * declared at creation), and offsets are always asked of S3 itself (ListParts). A finished upload is read back to a
 * local file for the ingest, which sniffs it and stores it under its gallery name.
 */
export function createS3UploadStore(deps: {
  s3: S3Config;
  /** The media storage on the same bucket: reads the finished object and removes the upload's objects. */
  storage: Pick<Storage, 'get' | 'delete' | 'list'>;
  leases: LeaseRepository;
  holder: string;
  /** A local folder for finished uploads on their way to the ingest (DATA_DIR/uploads/finishing). */
  finishingDir: string;
  expiryMs: number;
}): UploadStore {
  const { s3 } = deps;
  const { S3Store } = requireOnUse<typeof TusS3Store>('@tus/s3-store');
  /** The library's store, and when each part it holds reached the bucket (S3 keeps that; the store does not say). */
  class TimedS3Store extends S3Store {
    async partTimes(id: string): Promise<Date[]> {
      return (await this.retrieveParts(id)).flatMap((part) => (part.LastModified ? [part.LastModified] : []));
    }
  }
  const datastore = new TimedS3Store({
    expirationPeriodInMilliseconds: deps.expiryMs,
    // Expiry is swept by the daily clean-up (deleteExpired), which works on servers without object tagging too.
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials:
        s3.accessKeyId && s3.secretAccessKey
          ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
          : undefined,
      // As in server/storage/s3-storage.ts: no aws-chunked bodies, which some S3-compatible servers store verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  const localPath = (id: string) => path.join(deps.finishingDir, path.basename(id));
  const uploadIdOf = (urlId: string | undefined) =>
    urlId !== undefined && isUploadUrlId(urlId) ? `${UPLOADS_PREFIX}${urlId}` : undefined;

  /**
   * Runs `work` holding the upload's lock, the tus lock's lease (`upload:<id>`), so it never runs beside a PATCH
   * of the upload or another instance finishing it. Waits for the lock up to `waitMs`; false when it was not had.
   * A request that asks for the lock meanwhile waits: finishing is not cut short.
   */
  async function holding(id: string, waitMs: number, work: () => Promise<void>): Promise<boolean> {
    const name = `upload:${id}`;
    const holder = `${deps.holder}:finishing:${randomBytes(6).toString('base64url')}`;
    const deadline = Date.now() + waitMs;
    while (!(await deps.leases.tryAcquire(name, holder, FINISHING_LOCK_TTL_MS))) {
      if (Date.now() >= deadline) return false;
      await sleep(FINISHING_LOCK_POLL_MS);
    }
    // Renewed while the work runs (reading back a large object takes a while).
    const kept = keepLease(deps.leases, name, holder, FINISHING_LOCK_TTL_MS, { onReleaseRequested: () => {} });
    try {
      await work();
    } finally {
      await kept.release();
    }
    return true;
  }

  return {
    datastore,
    locker: new LeaseLocker({ leases: deps.leases, holder: deps.holder }),
    naming: {
      namingFunction: () => `${UPLOADS_PREFIX}${randomBytes(16).toString('hex')}`,
      generateUrl: (_req, { path: base, id }) => `${base}/${id.slice(UPLOADS_PREFIX.length)}`,
      // Only ids we could have made: nothing else reaches the bucket.
      getFileIdFromRequest: (_req, lastPath) => uploadIdOf(lastPath),
    },
    uploadIdOf,
    async localFile(upload) {
      await fsp.mkdir(deps.finishingDir, { recursive: true });
      const file = localPath(upload.id);
      const { stream } = await deps.storage.get(upload.id);
      await pipeline(stream, fs.createWriteStream(file));
      return file;
    },
    async forget(id) {
      await fsp.rm(localPath(id), { force: true });
      for (const key of [id, `${id}.info`, `${id}.part`]) await deps.storage.delete(key);
    },
    deleteExpired: () => datastore.deleteExpired(),
    /**
     * The newest of the upload's parts and objects: a PATCH adds parts of the multipart upload, and a tail too short
     * to be a part goes to `<id>.part`; the record `<id>.info` is written at creation.
     */
    async lastWritten(id) {
      const { items } = await deps.storage.list({ prefix: id });
      const objects = items.filter((item) => item.key === `${id}.info` || item.key === `${id}.part`);
      if (!objects.some((item) => item.key === `${id}.info`)) return undefined;
      const times = [...objects.map((item) => item.lastModified), ...(await datastore.partTimes(id))];
      return new Date(Math.max(...times.map((time) => time.getTime())));
    },
    async discard(id) {
      // Aborting the multipart upload frees its parts; the library's remove leaves the short tail behind.
      await datastore.remove(id);
      await deps.storage.delete(`${id}.part`);
    },
    async listIds() {
      const ids: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = await deps.storage.list({ prefix: UPLOADS_PREFIX, pageToken });
        for (const item of page.items) if (item.key.endsWith('.info')) ids.push(item.key.slice(0, -'.info'.length));
        pageToken = page.nextPageToken;
      } while (pageToken);
      return ids;
    },
    whileUnheld: (id, work) => holding(id, 0, work),
    async exclusively<T>(id: string, work: () => Promise<T>): Promise<T> {
      let result: { value: T } | undefined;
      await holding(id, LOCK_WAIT_MS, async () => {
        result = { value: await work() };
      });
      if (!result) throw ERRORS.ERR_LOCK_TIMEOUT;
      return result.value;
    },
  };
}
