import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { type Database, openDatabase } from '../../db/database';
import { hasOnlyTheSalePicture } from '../../media/process-media';
import { writeTestJpeg } from '../../media/test-images';
import { isProof } from '../../media/types';
import { createJobRepository } from '../../repositories/job-repository';
import { createMediaRepository, type MediaRecord } from '../../repositories/media-repository';
import { createTestApp, TEST_DATABASES, type TestApp } from '../../test/harness';
import { until } from '../../test/support/ingest';
import { uploadWhole } from '../../test/support/tus';
import { TestClient } from '../../test/test-client';
import { COMPLETE_JOB, DERIVE_JOB } from '../media/ingest';
import { PROOF_JOB } from '../media/proof-job';
import { READ_NUMBERS_JOB, type ReadNumbers } from './read-numbers-job';

const ADMIN = { email: 'photographer@example.com', password: 'show-day-admin-secret' };

/** What the fake reader saw when it was asked to read a photo. */
interface Reading {
  mediaId: string;
  pictureBytes: number;
  /** The photo had its sale picture only: the rest of its set was still to come. */
  saleOnly: boolean;
  /** The statuses of the gallery batch's items at that moment. */
  batch: string[];
}

describe.each(TEST_DATABASES)('an event photo at a show, on %s', (database) => {
  let t: TestApp;
  let second: Database;
  let admin: TestClient;
  const readings: Reading[] = [];
  let batchIds: string[] = [];
  let heldStarted: () => void = () => {};
  const firstReadingStarted = new Promise<void>((resolve) => {
    heldStarted = resolve;
  });
  let releaseHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    releaseHeld = resolve;
  });

  const findMedia = async (id: string): Promise<MediaRecord> => {
    const record = await createMediaRepository(second.db).findById(id);
    if (!record) throw new Error(`no row ${id}`);
    return record;
  };

  /**
   * The fake reader: the first photo's reading holds the app's only worker until released, so what is uploaded
   * meanwhile queues up as it would behind a busy worker; every reading records what it saw.
   */
  const readNumbers: ReadNumbers = async (mediaId, picture) => {
    const record = await findMedia(mediaId);
    const batch = await Promise.all(batchIds.map(async (id) => (await findMedia(id)).status));
    readings.push({
      mediaId,
      pictureBytes: picture.length,
      saleOnly: hasOnlyTheSalePicture(record.derivatives),
      batch,
    });
    if (readings.length === 1) {
      heldStarted();
      await held;
    }
  };

  async function upload(bytes: Buffer, target: { event: string } | { folder: string }): Promise<string> {
    const { finished } = await uploadWhole(admin, bytes, { filename: 'frame.jpg', filetype: 'image/jpeg', ...target });
    expect(finished?.statusCode, finished?.body).toBe(204);
    return String(finished?.headers['x-media-id']);
  }

  beforeAll(async () => {
    t = await createTestApp({
      database,
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_INITIAL_PASSWORD: ADMIN.password, READ_START_NUMBERS: 'true' },
      build: { readNumbers },
    });
    second = await openDatabase(t.config.database);
    admin = new TestClient(t.app);
    await admin.signIn(ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    releaseHeld();
    await second?.close();
    await t?.close();
  });

  it('is made ready, proofed and read before a gallery batch queued earlier, and completed after its reading', async () => {
    const created = await admin.post('/api/admin/events', {
      name: 'Show Day',
      date: '2026-05-14',
      slug: 'show-day',
      venue: 'Kfar Hess',
      visibility: 'public',
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = String(created.json().id);
    const jpeg = async (name: string, width: number, height: number) =>
      fs.readFileSync(await writeTestJpeg(path.join(t.dataDir, name), width, height));

    const first = await upload(await jpeg('first.jpg', 2400, 1600), { event });
    await firstReadingStarted;
    // The worker is held by the first photo's reading: a gallery batch queues, then one more event photo.
    const batchPhoto = await jpeg('batch.jpg', 2000, 1333);
    batchIds = [];
    for (let i = 0; i < 3; i++) batchIds.push(await upload(batchPhoto, { folder: MAIN_GALLERY_FOLDER }));
    const shown = await upload(await jpeg('shown.jpg', 3000, 2000), { event });
    releaseHeld();
    const jobs = createJobRepository(second.db);
    await until(async () => (await jobs.countPending()) === 0, 'every job to finish', 60_000);

    expect(readings.map((reading) => reading.mediaId)).toEqual([first, shown]);
    const reading = readings[1];
    // Read while the batch queued before it was still waiting, and before the rest of its own set was made.
    expect(reading?.batch).toEqual(['processing', 'processing', 'processing']);
    expect(reading?.saleOnly).toBe(true);

    const rows = await second.db
      .selectFrom('job')
      .select(['type', 'payload', 'claimed_at', 'status'])
      .where('status', '=', 'done')
      .execute();
    const claimedAt = (type: string, mediaId: string) => {
      const row = rows.find((job) => job.type === type && JSON.parse(job.payload).mediaId === mediaId);
      if (!row?.claimed_at) throw new Error(`no ${type} job done for ${mediaId}`);
      return row.claimed_at;
    };
    const batchStarted = batchIds.map((id) => claimedAt(DERIVE_JOB, id)).sort()[0] ?? '';
    // Its proofs were made before the worker took the first item of the batch.
    expect(claimedAt(PROOF_JOB, shown) < batchStarted).toBe(true);
    expect(claimedAt(READ_NUMBERS_JOB, shown) < claimedAt(COMPLETE_JOB, shown)).toBe(true);

    const done = await findMedia(shown);
    const clean = done.derivatives.filter((item) => !isProof(item));
    // The whole set in the end (AVIF, WebP and JPEG at each width), beside the proofs made from the sale picture.
    expect(new Set(clean.map((item) => item.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    expect(clean.filter((item) => item.width === 1600 && item.format === 'jpeg')).toHaveLength(1);
    expect(clean.find((item) => item.width === 1600 && item.format === 'jpeg')?.size).toBe(reading?.pictureBytes);
    expect(done.derivatives.filter(isProof).length).toBeGreaterThan(0);
    // A gallery photo keeps one derive job that makes its whole set: no completion job for it.
    expect(rows.some((job) => job.type === COMPLETE_JOB && JSON.parse(job.payload).mediaId === batchIds[0])).toBe(
      false,
    );
    expect(hasOnlyTheSalePicture((await findMedia(batchIds[0] ?? '')).derivatives)).toBe(false);
  });
});
