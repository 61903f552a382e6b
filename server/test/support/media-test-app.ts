import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '../../db/database';
import type { MediaRecord } from '../../repositories/media-repository';
import { DERIVE_JOB, md5AndSize } from '../../services/media/ingest';
import type { MediaRuntime } from '../../services/media/media-runtime';
import { createStorage } from '../../storage/index';
import type { Storage } from '../../storage/storage';
import { signUpVerified, type VerifiedUser } from '../email-links';
import { createTestApp, type TestApp } from '../harness';
import { FAST_HASH, TestClient } from '../test-client';
import { drainJobs, makeTestRuntime } from './ingest';
import { type RunningS3rver, s3rverEnv, startS3rver } from './storage/s3rver';

export const TEST_ADMIN = { email: 'photographer@example.com', password: 'media-admin-secret' };

export interface MediaTestApp {
  t: TestApp;
  storage: Storage;
  /** The S3 server on the s3 driver (pause and resume it to take the store away and bring it back). */
  s3: RunningS3rver | undefined;
  /** The ingest runtime on the second connection (its worker runs only inside `settle`). */
  runtime: MediaRuntime;
  clients: Record<'anonymous' | 'clientA' | 'clientB' | 'admin', TestClient>;
  userA: VerifiedUser;
  /** Copies `source` and runs it through the real ingest pipeline into `folder`; call `settle` before reading it. */
  ingest: (folder: string, source: string, originalName: string) => Promise<MediaRecord>;
  /**
   * A JPEG stored in `folder` whose row stays processing: its job may run only in an hour, so no worker (the app's
   * included) finishes it during the test. Call it after the last `settle`.
   */
  addProcessing: (folder: string, source: string, name: string) => Promise<MediaRecord>;
  /** Runs every queued ingest job, then returns the fresh rows of `items`. */
  settle: <T extends Record<string, MediaRecord>>(items: T) => Promise<T>;
  close: () => Promise<void>;
}

/**
 * The real app on disk or S3 storage (s3rver, started here) and the given database, with client A, client B and the
 * admin signed in, plus an ingest runtime on a second connection to the same database and storage, as the upload
 * endpoint uses them.
 */
export async function startMediaTestApp(options: {
  driver: 'disk' | 's3';
  database: 'sqlite' | 'postgres';
  /** More variables for the app (MEDIA_ACCEL, say). */
  env?: Record<string, string>;
}): Promise<MediaTestApp> {
  let s3: RunningS3rver | undefined;
  if (options.driver === 's3') s3 = await startS3rver();
  const s3Env = s3 ? s3rverEnv(s3) : {};
  const t = await createTestApp({
    database: options.database,
    env: { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_INITIAL_PASSWORD: TEST_ADMIN.password, ...s3Env, ...options.env },
    build: FAST_HASH,
  }).catch(async (error: unknown) => {
    await s3?.stop();
    throw error;
  });
  const clients = {
    anonymous: new TestClient(t.app),
    clientA: new TestClient(t.app),
    clientB: new TestClient(t.app),
    admin: new TestClient(t.app),
  };
  const userA = await signUpVerified(clients.clientA, t.dataDir, 'rider.a@example.com', 'riding at dawn');
  await signUpVerified(clients.clientB, t.dataDir, 'rider.b@example.com', 'riding at dawn');
  await clients.admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);

  const second: Database = await openDatabase(t.config.database);
  const storage = createStorage(t.config.storage);
  const runtime = makeTestRuntime(second, t.dataDir, storage);
  let copies = 0;
  return {
    t,
    storage,
    s3,
    runtime,
    clients,
    userA,
    ingest: (folder, source, originalName) => {
      const copy = path.join(t.dataDir, `upload-${++copies}`);
      fs.copyFileSync(source, copy);
      return runtime.ingest.ingestFile({ folder, localPath: copy, originalName });
    },
    addProcessing: async (folder, source, name) => {
      const id = randomBytes(16).toString('base64url');
      const fullPath = `${folder}/${name}`;
      await storage.put(fullPath, fs.readFileSync(source), { contentType: 'image/jpeg' });
      const { md5Hash, size } = await md5AndSize(source);
      const inserted = await runtime.media.insertWithJob(
        {
          id,
          folder,
          name,
          fullPath,
          extension: 'jpg',
          contentType: 'image/jpeg',
          size,
          md5Hash,
          isVideo: false,
          isDemo: false,
        },
        { type: DERIVE_JOB, payload: { mediaId: id }, runAfter: new Date(Date.now() + 3_600_000) },
      );
      return inserted.media;
    },
    settle: async (items) => {
      await drainJobs(runtime);
      const fresh: Record<string, MediaRecord> = {};
      for (const [key, item] of Object.entries(items)) fresh[key] = (await runtime.media.findById(item.id)) ?? item;
      return fresh as typeof items;
    },
    close: async () => {
      await second.close();
      await t.close();
      await s3?.stop();
    },
  };
}

/** A one-second H.264 MP4 (about 20 kB) made with ffmpeg, which must be installed. */
export function writeTestMp4(file: string): string {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=25'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  return file;
}

/** The URL with the first character of its `sig` changed, always to a different one (a fixed 'A' would match 1 in 64). */
export function tamperSignature(url: string): string {
  return url.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
}
