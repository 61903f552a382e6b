import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { AppError } from '../../errors';
import { DERIVED_PREFIX } from '../../media/types';
import { StorageUnavailableError } from '../../storage/storage';
import { TEST_DATABASES } from '../../test/harness';
import { drainJobs, makeTestRuntime, silentLogger, writeTestJpeg } from '../../test/support/ingest';
import { openTestDatabase } from '../../test/support/test-database';
import { DERIVE_JOB, INGEST_HOLD_MS } from './ingest';
import { createDeriveJobHandler } from './ingest-job';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/media');

describe.each(TEST_DATABASES)('ingestFile on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let runtime: ReturnType<typeof makeTestRuntime>;
  let n = 0;
  const upload = (source: string) => {
    const copy = path.join(t.dir, `upload-${++n}`);
    fs.copyFileSync(source, copy);
    return copy;
  };
  const storedKeys = async (prefix: string) => (await runtime.storage.list({ prefix })).items.map((i) => i.key);

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    runtime = makeTestRuntime(t.database, t.dir);
  });
  afterAll(async () => t.close());

  it('stores the original, keeps the row hidden until its job has made the derivatives, then shows it', async () => {
    const file = await writeTestJpeg(path.join(t.dir, 'src.jpg'), 1200, 900);
    const localPath = upload(file);
    const record = await runtime.ingest.ingestFile({
      folder: MAIN_GALLERY_FOLDER,
      localPath,
      originalName: 'ride 1.jpg',
    });
    expect(record).toMatchObject({
      folder: MAIN_GALLERY_FOLDER,
      name: 'ride_1.jpg',
      fullPath: `${MAIN_GALLERY_FOLDER}/ride_1.jpg`,
      status: 'processing',
      contentType: 'image/jpeg',
      size: fs.statSync(file).size,
      cacheControl: 'public, max-age=3600',
    });
    expect(record.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Nothing hashes the upload before it is stored: the job fills the checksums while it reads the original.
    expect(record).toMatchObject({ md5Hash: '', crc32: null });
    expect(record.contentDisposition).toContain('attachment');
    expect(fs.existsSync(localPath)).toBe(false);
    expect(await runtime.storage.head(`${MAIN_GALLERY_FOLDER}/ride_1.jpg`)).not.toBeNull();
    expect(await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 10 })).toHaveLength(0);

    await drainJobs(runtime);
    const ready = await runtime.media.findById(record.id);
    expect(ready).toMatchObject({ status: 'ready', width: 1200, height: 900, errorCode: null });
    const bytes = fs.readFileSync(file);
    expect(ready?.md5Hash).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(ready?.crc32).toBe(crc32(bytes));
    expect(ready?.placeholder).toBeTruthy();
    expect(ready?.derivatives).toHaveLength(9);
    const derived = await storedKeys(`${DERIVED_PREFIX}${record.id}/`);
    expect(derived.sort()).toEqual(ready?.derivatives.map((d) => `${DERIVED_PREFIX}${record.id}/${d.file}`).sort());
    expect((await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 10 })).map((m) => m.id)).toEqual([
      record.id,
    ]);
  });

  it('sanitizes hostile names and never overwrites: a second file of the same name gets a suffix', async () => {
    const file = await writeTestJpeg(path.join(t.dir, 'src2.jpg'), 64, 64);
    const names = ['../../etc/passwd.jpg', 'a\u0000b.jpg', `${'ש'.repeat(400)}.jpg`, 'x\u202egpj.png'];
    const stored = [];
    for (const originalName of names) {
      stored.push(
        await runtime.ingest.ingestFile({ folder: 'dana_cohen@example_com', localPath: upload(file), originalName }),
      );
    }
    expect(stored.map((r) => r.name).slice(0, 2)).toEqual(['_.._etc_passwd.jpg', 'ab.jpg']);
    expect(Array.from(stored[2]?.name ?? '').length).toBeLessThanOrEqual(120);
    // The content is a JPEG: a .png name is corrected rather than kept misleading.
    expect(stored[3]?.name).toBe('xgpj.jpg');
    for (const r of stored) expect(r.fullPath).toBe(`dana_cohen@example_com/${r.name}`);
    const again = await runtime.ingest.ingestFile({
      folder: 'dana_cohen@example_com',
      localPath: upload(file),
      originalName: 'a\u0000b.jpg',
    });
    expect(again.name).toBe('ab_2.jpg');
    await drainJobs(runtime);
  });

  it.each([
    ['html-renamed.jpg', 415, 'unsupported-type'],
    ['empty.jpg', 400, 'empty-file'],
    ['declares-50000x50000.png', 413, 'too-many-pixels'],
    ['entities.svg', 415, 'unsafe-svg'],
  ])('refuses %s with %i %s and stores nothing', async (name, status, reason) => {
    const localPath = upload(path.join(fixtures, name));
    const error = await runtime.ingest.ingestFile({ folder: 'refused', localPath, originalName: name }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status, details: { reason } });
    expect(await storedKeys('refused/')).toEqual([]);
    expect(await runtime.media.fullPathTaken(`refused/${name}`)).toBe(false);
    expect(fs.existsSync(localPath)).toBe(true);
  });

  it('refuses a folder that is not one path segment of ours', async () => {
    const file = await writeTestJpeg(path.join(t.dir, 'src3.jpg'), 32, 32);
    for (const folder of ['../x', '_derived', 'a/b', '', '.hidden']) {
      await expect(
        runtime.ingest.ingestFile({ folder, localPath: upload(file), originalName: 'a.jpg' }),
      ).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
  });

  it('marks a file that cannot be decoded as failed at once, with a code, and keeps it hidden', async () => {
    const record = await runtime.ingest.ingestFile({
      folder: 'broken',
      localPath: upload(path.join(fixtures, 'truncated.jpg')),
      originalName: 'truncated.jpg',
    });
    await drainJobs(runtime);
    expect(await runtime.media.findById(record.id)).toMatchObject({ status: 'failed', errorCode: 'corrupt-file' });
    expect(await storedKeys(`${DERIVED_PREFIX}${record.id}/`)).toEqual([]);
    expect(await runtime.media.listVisible({ folder: 'broken', limit: 10 })).toEqual([]);
  });

  /** A main-gallery item whose derive job is queued but whose bytes were never stored. */
  const itemWithoutBytes = (id: string, name: string) =>
    runtime.media.insertWithJob(
      {
        id,
        folder: MAIN_GALLERY_FOLDER,
        name,
        fullPath: `${MAIN_GALLERY_FOLDER}/${name}`,
        extension: 'jpg',
        contentType: 'image/jpeg',
        size: 10,
        md5Hash: 'x',
        isVideo: false,
        isDemo: false,
      },
      { type: DERIVE_JOB, payload: { mediaId: id } },
    );

  it('cleans up a row whose bytes never arrived (a crash between the row and the upload)', async () => {
    const { media, jobId } = await itemWithoutBytes('crashedBeforeBytes0000', 'lost.jpg');
    const handler = createDeriveJobHandler({
      media: runtime.media,
      storage: runtime.storage,
      workRoot: t.dir,
      logger: silentLogger,
    });
    const job = await runtime.jobs.claim('test', 60_000);
    expect(job?.id).toBe(jobId);
    if (!job) return;
    const error = await handler.run(job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    await handler.onFailed?.(job, error);
    expect(await runtime.media.findById(media.id)).toBeUndefined();
    await runtime.jobs.fail(job.id, 'test', 'gone', null);
  });

  it('processes at once an item found stored after its process died before making its job due', async () => {
    // What the dead process left: the row, its job held for the crash window, and the bytes in storage.
    const id = 'storedThenDied00000000';
    const name = 'recovered.jpg';
    const jpeg = await writeTestJpeg(path.join(t.dir, 'recovered-src.jpg'), 640, 480);
    const { jobId } = await runtime.media.insertWithJob(
      {
        id,
        folder: MAIN_GALLERY_FOLDER,
        name,
        fullPath: `${MAIN_GALLERY_FOLDER}/${name}`,
        extension: 'jpg',
        contentType: 'image/jpeg',
        size: fs.statSync(jpeg).size,
        md5Hash: '',
        isVideo: false,
        isDemo: false,
      },
      { type: DERIVE_JOB, payload: { mediaId: id }, runAfter: new Date(Date.now() + INGEST_HOLD_MS) },
    );
    await runtime.storage.putFile(`${MAIN_GALLERY_FOLDER}/${name}`, upload(jpeg), { contentType: 'image/jpeg' });
    expect((await runtime.jobs.claim('test', 60_000))?.id).toBeUndefined();

    // The upload is handed in again (its client resumed it, or the next start found it): the stored item is given back.
    const again = await runtime.ingest.ingestFile({
      folder: MAIN_GALLERY_FOLDER,
      localPath: upload(jpeg),
      originalName: name,
      mediaId: id,
    });
    expect(again.id).toBe(id);
    const job = await runtime.jobs.claim('test', 60_000);
    expect(job?.id).toBe(jobId);
    if (job) await runtime.jobs.fail(job.id, 'test', 'not run here', null);
  });

  it('marks an item failed when its job is given up, even if the store cannot remove its derivatives right now', async () => {
    const id = 'givenUpDuringOutage000';
    const { jobId } = await itemWithoutBytes(id, 'outage.jpg');
    const storeDown = () => Promise.reject(new StorageUnavailableError(new Error('connect ECONNREFUSED')));
    const handler = createDeriveJobHandler({
      media: runtime.media,
      storage: { ...runtime.storage, list: storeDown, delete: storeDown },
      workRoot: t.dir,
      logger: silentLogger,
    });
    const job = await runtime.jobs.claim('test', 60_000);
    expect(job?.id).toBe(jobId);
    if (!job) return;
    await handler.onFailed?.(job, new Error('the decoder gave up'));
    expect(await runtime.media.findById(id)).toMatchObject({ status: 'failed', errorCode: 'processing-failed' });
    await runtime.jobs.fail(job.id, 'test', 'gave up', null);
  });
});
