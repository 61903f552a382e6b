import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../shared/folders';
import { type Database, openDatabase } from '../db/database';
import { DERIVED_PREFIX, derivativeKey } from '../media/types';
import { createJobRepository } from '../repositories/job-repository';
import { createMediaRepository } from '../repositories/media-repository';
import { DERIVE_JOB } from '../services/media/ingest';
import { createStorage } from '../storage/index';
import type { Storage } from '../storage/storage';
import { createTestApp, TEST_DATABASES, type TestApp } from '../test/harness';
import { until, writeTestJpeg } from '../test/support/ingest';
import { TEST_ADMIN } from '../test/support/media-test-app';
import { type RunningS3rver, s3rverEnv, startS3rver } from '../test/support/storage/s3rver';
import { uploadWhole } from '../test/support/tus';
import { FAST_HASH, TestClient } from '../test/test-client';

interface Hold {
  /** Resolves when the picked request has arrived; it waits until `release`. */
  arrived: Promise<void>;
  release: () => void;
}

interface HoldingProxy {
  endpoint: string;
  /** Holds back the next request `picks` chooses. */
  hold: (picks: (req: IncomingMessage) => boolean) => Hold;
  close: () => Promise<void>;
}

/**
 * A pass-through HTTP proxy in front of s3rver that can hold a chosen request back, so the test acts at a chosen step
 * of the upload or of a job, however fast it runs. When the store is gone, the client's connection is dropped, as when
 * it talks to an unreachable store directly.
 */
async function startHoldingProxy(upstream: string): Promise<HoldingProxy> {
  const target = new URL(upstream);
  let next: { picks: (req: IncomingMessage) => boolean; arrive: () => void; released: Promise<void> } | null = null;
  const releases: Array<() => void> = [];
  const server = http.createServer(async (req, res) => {
    const held = next?.picks(req) ? next : null;
    if (held) {
      next = null;
      held.arrive();
      await held.released;
    }
    const forward = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => req.socket.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    hold: (picks) => {
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      releases.push(release);
      next = { picks, arrive, released };
      return { arrived, release };
    },
    close: async () => {
      for (const release of releases) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function sha256(stream: Readable | Buffer): Promise<string> {
  const hash = createHash('sha256');
  if (Buffer.isBuffer(stream)) return hash.update(stream).digest('hex');
  for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * The S3 store goes away while the ingest job of an uploaded photo is storing its derivatives (after the first, before
 * the second), and comes back: the job fails, stays queued for a retry even on its last attempt, the photo stays
 * processing with no derivatives, and once the store is back the app's own worker finishes it on a later attempt.
 */
describe.each(TEST_DATABASES)('an ingest job while the S3 store is unreachable (%s)', (database) => {
  let s3: RunningS3rver;
  let proxy: HoldingProxy;
  let t: TestApp;
  let admin: TestClient;
  let observer: Database;
  let storage: Storage;

  beforeAll(async () => {
    s3 = await startS3rver();
    proxy = await startHoldingProxy(s3.endpoint);
    t = await createTestApp({
      database,
      env: {
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_INITIAL_PASSWORD: TEST_ADMIN.password,
        ...s3rverEnv({ endpoint: proxy.endpoint, bucket: s3.bucket }),
      },
      build: FAST_HASH,
    });
    admin = new TestClient(t.app);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    observer = await openDatabase(t.config.database);
    storage = createStorage(t.config.storage);
  });
  afterAll(async () => {
    await observer?.close();
    await t?.close();
    await proxy?.close();
    await s3?.stop();
  });

  it('retries the job until the store is back, and the photo becomes ready with every file in the bucket', async () => {
    const media = createMediaRepository(observer.db);
    const jobs = createJobRepository(observer.db);
    const bytes = fs.readFileSync(await writeTestJpeg(path.join(t.dataDir, 'source.jpg'), 800, 600));
    const objectPath = (key: string) => `/${s3.bucket}/${key}`;
    const storingOriginal = proxy.hold(
      (req) => req.method === 'PUT' && Boolean(req.url?.startsWith(objectPath(`${MAIN_GALLERY_FOLDER}/`))),
    );
    const uploading = uploadWhole(admin, bytes, {
      filename: 'ride.jpg',
      filetype: 'image/jpeg',
      folder: MAIN_GALLERY_FOLDER,
    });

    // The row and its job exist, waiting for the original. Its job is given one attempt: however many attempts an
    // outage takes, the job must not be given up for it.
    await storingOriginal.arrived;
    const { id: jobId } = await observer.db
      .selectFrom('job')
      .select('id')
      .where('type', '=', DERIVE_JOB)
      .executeTakeFirstOrThrow();
    await observer.db.updateTable('job').set({ max_attempts: 1 }).where('id', '=', jobId).execute();
    let derivativePuts = 0;
    const storingSecondDerivative = proxy.hold(
      (req) =>
        req.method === 'PUT' && Boolean(req.url?.startsWith(objectPath(DERIVED_PREFIX))) && ++derivativePuts === 2,
    );
    storingOriginal.release();
    const { finished } = await uploading;
    expect(finished?.statusCode).toBe(204);
    const id = String(finished?.headers['x-media-id']);
    expect((await jobs.findById(jobId))?.payload).toEqual({ mediaId: id });

    // The app's worker has stored one derivative and is sending the second: the store goes away now.
    await storingSecondDerivative.arrived;
    await s3.pause();
    storingSecondDerivative.release();

    await until(async () => (await jobs.findById(jobId))?.lastError !== null, 'the job to fail');
    // Scheduled again: neither done nor failed for good.
    expect(await jobs.findById(jobId)).toMatchObject({
      status: 'queued',
      attempts: 1,
      maxAttempts: 1,
      lastError: 'The object store is unreachable.',
    });
    // Nothing half-written: the row names no derivatives and is not ready, nor failed.
    expect(await media.findById(id)).toMatchObject({ status: 'processing', derivatives: [] });
    const listing = await admin.get(`/api/admin/folders/${MAIN_GALLERY_FOLDER}/media`);
    expect(listing.json().items).toEqual([expect.objectContaining({ id, status: 'processing' })]);

    await s3.resume();
    // Nobody nudges the job: the worker's back-off brings it round again.
    const settled = async () => ['done', 'failed'].includes((await jobs.findById(jobId))?.status ?? '');
    await until(settled, 'the job to finish', 60_000);
    const job = await jobs.findById(jobId);
    expect(job?.status).toBe('done');
    expect(job?.attempts).toBeGreaterThan(1);

    const ready = await media.findById(id);
    if (!ready) throw new Error('the photo is gone');
    expect(ready.status).toBe('ready');
    expect(ready.derivatives.length).toBeGreaterThan(1);
    const stored = await storage.list({ prefix: `${DERIVED_PREFIX}${id}/` });
    expect(stored.nextPageToken).toBeUndefined();
    expect(stored.items.map((item) => item.key).sort()).toEqual(
      ready.derivatives.map((derivative) => derivativeKey(id, derivative.file)).sort(),
    );
    const original = await storage.get(ready.fullPath);
    expect(await sha256(original.stream)).toBe(await sha256(bytes));
  });
});
