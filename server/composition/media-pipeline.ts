import path from 'node:path';
import type { Database } from '../db/database';
import { createWorker, type JobHandler, type WorkerLogger } from '../jobs/worker';
import { createJobRepository } from '../repositories/job-repository';
import { createMediaRepository } from '../repositories/media-repository';
import { createMediaVersionRepository } from '../repositories/media-version-repository';
import { createOrderRepository, type OrderRepository } from '../repositories/order-repository';
import { createSettingsRepository, type SettingsRepository } from '../repositories/settings-repository';
import { eventIdOfFolder } from '../services/events/event-folders';
import type { GalleryChanged } from '../services/galleries/gallery-service';
import { createCompleteJobHandler, createDerivativeCompletion } from '../services/media/complete-job';
import { COMPLETE_JOB, createIngestService, DERIVE_JOB } from '../services/media/ingest';
import { createDeriveJobHandler, type DeriveJobDependencies } from '../services/media/ingest-job';
import type { MediaRuntime } from '../services/media/media-runtime';
import { createProofJobHandler, PROOF_JOB } from '../services/media/proof-job';
import { createReplaceJobHandler, REPLACE_JOB } from '../services/media/replace-job';
import { createOriginalReplacements } from '../services/media/replace-original';
import { createWatermarkStore } from '../services/media/watermark-store';
import { createOrderDeliveryJobHandler, ORDER_DELIVERY_JOB } from '../services/proofing/order-delivery-job';
import { type Storage, StorageUnavailableError } from '../storage/storage';

/**
 * Wires the media repositories, the ingest service and the job worker that finishes each upload. Used by the app's
 * media area (composition/media.ts) and by the command-line import, so both run exactly the same pipeline.
 */
export function createMediaRuntime(deps: {
  database: Database;
  storage: Storage;
  dataDir: string;
  logger: WorkerLogger;
  leaseMs?: number;
  /** Told when a finished job makes an item appear in its gallery (the app's gallery service forgets its cache). */
  galleryChanged?: GalleryChanged;
  /** The watermark's text on proofs until the photographer sets another (config.siteName). */
  siteName: string;
  /** Called once an item is ready (see DeriveJobDependencies.onReady). */
  onReady?: DeriveJobDependencies['onReady'];
  /**
   * The app's own settings and order repositories; a command-line tool that runs the pipeline alone (the import, a
   * test) leaves them out and gets its own.
   */
  repositories?: { settings: SettingsRepository; orders: OrderRepository };
}): MediaRuntime {
  const media = createMediaRepository(deps.database.db);
  const settings = deps.repositories?.settings ?? createSettingsRepository(deps.database.db);
  const orders = deps.repositories?.orders ?? createOrderRepository(deps.database.db);
  const jobs = createJobRepository(deps.database.db);
  const workRoot = path.join(deps.dataDir, 'tmp');
  // An event's photos are for sale at a show: made findable and buyable first, the rest of their set after
  // everything else (docs/MEDIA.md, priorities).
  const saleFirst = (folder: string) => eventIdOfFolder(folder) !== null;
  const derive = createDeriveJobHandler({
    saleFirst,
    media,
    storage: deps.storage,
    workRoot,
    logger: deps.logger,
    galleryChanged: deps.galleryChanged,
    onReady: deps.onReady,
  });
  // Every runtime handles proof jobs, the import script's too: its worker takes whatever job is due.
  const watermark = createWatermarkStore({
    settings,
    storage: deps.storage,
    siteName: deps.siteName,
  });
  const proofs = createProofJobHandler({ media, storage: deps.storage, watermark, workRoot, logger: deps.logger });
  const completion = createDerivativeCompletion({
    media,
    storage: deps.storage,
    workRoot,
    logger: deps.logger,
    galleryChanged: deps.galleryChanged,
  });
  const delivery = createOrderDeliveryJobHandler({
    completion,
    orders,
    media,
    storage: deps.storage,
    galleryChanged: deps.galleryChanged,
  });
  const versions = createMediaVersionRepository(deps.database.db);
  // An edited version (or a restored one) takes an item's place the way a new item becomes ready: the same
  // derivatives, then the same announcements and ready listeners.
  const replace = createReplaceJobHandler({
    media,
    versions,
    storage: deps.storage,
    workRoot,
    logger: deps.logger,
    galleryChanged: deps.galleryChanged,
    onReady: deps.onReady,
  });
  const handlers: Record<string, JobHandler> = {
    [DERIVE_JOB]: derive,
    [COMPLETE_JOB]: createCompleteJobHandler(completion),
    [PROOF_JOB]: proofs,
    [ORDER_DELIVERY_JOB]: delivery,
    [REPLACE_JOB]: replace,
  };
  const worker = createWorker({
    jobs,
    handlers,
    logger: deps.logger,
    leaseMs: deps.leaseMs,
    scratchDir: workRoot,
    // An unreachable object store is an outage, not a fault of the job: its jobs wait for the store to return.
    isOutage: (error) => error instanceof StorageUnavailableError,
  });
  const ingest = createIngestService({ media, jobs, storage: deps.storage, notify: () => worker.notify(), saleFirst });
  const replacements = createOriginalReplacements({
    media,
    versions,
    jobs,
    storage: deps.storage,
    notify: () => worker.notify(),
  });
  return {
    media,
    jobs,
    ingest,
    replacements,
    worker,
    registerJob: (type, handler) => {
      handlers[type] = handler;
    },
  };
}
