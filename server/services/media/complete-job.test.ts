import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOnlyTheSalePicture } from '../../media/process-media';
import { DERIVED_PREFIX, type Derivative, isProof } from '../../media/types';
import type { MediaRecord } from '../../repositories/media-repository';
import type { OrderRecord } from '../../repositories/order-repository';
import { TEST_DATABASES } from '../../test/harness';
import { drainJobs, makeTestRuntime, silentLogger, writeTestJpeg } from '../../test/support/ingest';
import { openTestDatabase } from '../../test/support/test-database';
import { eventFolder } from '../events/event-folders';
import { createOrderDeliveryJobHandler, deliveredCopyId } from '../proofing/order-delivery-job';
import { createDerivativeCompletion, type DerivativeCompletion } from './complete-job';
import { COMPLETE_JOB } from './ingest';

const EVENT_FOLDER = eventFolder('5b0c7a52-3f0e-4d7a-9d6b-1f1c2e3d4a5b');
const BUYER_FOLDER = 'rider@example_com';

describe.each(TEST_DATABASES)('completing an event photo’s derivatives on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let runtime: ReturnType<typeof makeTestRuntime>;
  let completion: DerivativeCompletion;
  let n = 0;

  const reload = async (id: string): Promise<MediaRecord> => {
    const record = await runtime.media.findById(id);
    if (!record) throw new Error(`no row ${id}`);
    return record;
  };
  const storedFiles = async (id: string) =>
    (await runtime.storage.list({ prefix: `${DERIVED_PREFIX}${id}/` })).items
      .map((item) => item.key.slice(`${DERIVED_PREFIX}${id}/`.length))
      .sort();
  const clean = (record: MediaRecord) => record.derivatives.filter((item) => !isProof(item));

  /** An event photo through the real derive job; the queued completion is left undone (as during a busy show). */
  async function saleOnlyPhoto(width = 3000, height = 2000): Promise<MediaRecord> {
    const source = await writeTestJpeg(path.join(t.dir, `frame-${++n}.jpg`), width, height);
    const record = await runtime.ingest.ingestFile({
      folder: EVENT_FOLDER,
      internalFolder: true,
      localPath: source,
      originalName: 'frame.jpg',
    });
    await drainJobs(runtime);
    return reload(record.id);
  }

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    runtime = makeTestRuntime(t.database, t.dir);
    // The completion job does nothing here: each test completes by hand, at the moment it chooses.
    runtime.registerJob(COMPLETE_JOB, { run: async () => {} });
    completion = createDerivativeCompletion({
      media: runtime.media,
      storage: runtime.storage,
      workRoot: path.join(t.dir, 'tmp'),
      logger: silentLogger,
    });
  });
  afterAll(async () => t.close());

  it('first makes only the picture proofs are drawn from, then the rest of the set beside the proofs, once', async () => {
    const item = await saleOnlyPhoto();
    expect(item.status).toBe('ready');
    expect({ width: item.width, height: item.height }).toEqual({ width: 3000, height: 2000 });
    expect(item.placeholder).not.toBeNull();
    expect(clean(item).map((file) => [file.format, file.width, file.height])).toEqual([['jpeg', 1600, 1067]]);
    expect(hasOnlyTheSalePicture(item.derivatives)).toBe(true);

    const proof: Derivative = { ...(item.derivatives[0] as Derivative), role: 'proof', file: 'proof-x.webp' };
    await runtime.media.replaceProofs(item.id, [proof]);
    const done = await completion.complete(item.id);
    const formats = (done ? clean(done) : []).map((file) => `${file.format}@${file.width}`).sort();
    expect(formats).toEqual(
      ['avif@480', 'avif@960', 'avif@1600', 'webp@480', 'webp@960', 'webp@1600', 'webp@2400']
        .concat(['jpeg@480', 'jpeg@960', 'jpeg@1600', 'jpeg@2400'])
        .sort(),
    );
    // The sale picture and the proofs stay as they were.
    expect(done?.derivatives).toContainEqual(item.derivatives[0]);
    expect(done?.derivatives.filter(isProof)).toEqual([proof]);
    expect(await storedFiles(item.id)).toEqual(
      clean(done as MediaRecord)
        .map((file) => file.file)
        .sort(),
    );

    // Run again: a whole set is left alone.
    expect((await completion.complete(item.id))?.derivatives).toEqual(done?.derivatives);
  });

  it('adds nothing, and leaves no file behind, when an edited version replaced the photo meanwhile', async () => {
    const item = await saleOnlyPhoto(2400, 1600);
    const theirs = await reload(item.id);
    // The row moves on to a set the completion did not make (as a replacement's swap does).
    const replacement = { ...(theirs.derivatives[0] as Derivative), file: '1600w-0000000000000000.jpg' };
    const replaced = (record: MediaRecord) => ({
      width: record.width ?? 0,
      height: record.height ?? 0,
      duration: null,
      placeholder: record.placeholder,
      derivatives: [replacement, replacement],
    });
    const storedBefore = await storedFiles(item.id);
    await runtime.media.markReady(item.id, replaced(theirs));
    const after = await completion.complete(item.id);
    expect(after?.derivatives).toEqual([replacement, replacement]);
    expect(await storedFiles(item.id)).toEqual(storedBefore);

    // Made from the sale picture, then the row moved on before the files were recorded.
    const other = await saleOnlyPhoto(2400, 1600);
    const racing = createDerivativeCompletion({
      media: {
        findById: (id) => runtime.media.findById(id),
        addDerivatives: async (id, derivatives, madeWith) => {
          await runtime.media.markReady(id, replaced(await reload(id)));
          return runtime.media.addDerivatives(id, derivatives, madeWith);
        },
      },
      storage: runtime.storage,
      workRoot: path.join(t.dir, 'tmp'),
      logger: silentLogger,
    });
    const sale = (await reload(other.id)).derivatives[0]?.file;
    await racing.complete(other.id);
    expect((await reload(other.id)).derivatives).toEqual([replacement, replacement]);
    expect(await storedFiles(other.id)).toEqual([sale]);
  });

  it('does nothing for a photo purged meanwhile', async () => {
    const item = await saleOnlyPhoto(2400, 1600);
    await runtime.storage.delete(item.originalKey);
    await runtime.media.deleteRow(item.id);
    expect(await completion.complete(item.id)).toBeUndefined();
  });

  it('delivers the whole set of a photo bought before its set was completed', async () => {
    const item = await saleOnlyPhoto(2400, 1600);
    const orderId = 'order-1';
    const delivery = createOrderDeliveryJobHandler({
      orders: {
        findById: async () => ({ id: orderId, status: 'delivered', folder: BUYER_FOLDER }) as OrderRecord,
        itemsOf: async () => new Map([[orderId, [item.id]]]),
      },
      media: runtime.media,
      storage: runtime.storage,
      completion,
    });
    await delivery.run({
      id: 'job',
      type: 'order.deliver',
      payload: { orderId },
      priority: 0,
      status: 'running',
      attempts: 1,
      maxAttempts: 5,
      runAfter: new Date().toISOString(),
      lockedBy: 'test',
      lockedUntil: null,
      lastError: null,
    });
    const copy = await reload(deliveredCopyId(orderId, item.id));
    expect(copy.folder).toBe(BUYER_FOLDER);
    expect(hasOnlyTheSalePicture(copy.derivatives)).toBe(false);
    expect(clean(copy).map((file) => file.file)).toEqual(clean(await reload(item.id)).map((file) => file.file));
    expect(new Set(clean(copy).map((file) => file.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
  });
});
