import path from 'node:path';
import type { Database } from '../../db/database';
import { createWorker, type Worker, type WorkerLogger } from '../../jobs/worker';
import { createJobRepository, type JobRepository } from '../../repositories/job-repository';
import { createMediaRepository, type MediaRepository } from '../../repositories/media-repository';
import { createOrderRepository } from '../../repositories/order-repository';
import { createSettingsRepository } from '../../repositories/settings-repository';
import { type Storage, StorageUnavailableError } from '../../storage/storage';
import type { GalleryChanged } from '../galleries/gallery-service';
import { createOrderDeliveryJobHandler, ORDER_DELIVERY_JOB } from '../proofing/order-delivery-job';
import { createIngestService, DERIVE_JOB, type IngestService } from './ingest';
import { createDeriveJobHandler, type DeriveJobDependencies } from './ingest-job';
import { createProofJobHandler, PROOF_JOB } from './proof-job';
import { createWatermarkStore } from './watermark-store';

export interface MediaRuntime {
  media: MediaRepository;
  jobs: JobRepository;
  ingest: IngestService;
  /** Not started: the app starts it when ready and stops it before the database closes. */
  worker: Worker;
}

/**
 * Wires the media repositories, the ingest service and the job worker that finishes each upload. Used by buildApp
 * and by the command-line import, so both run exactly the same pipeline.
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
}): MediaRuntime {
  const media = createMediaRepository(deps.database.db);
  const jobs = createJobRepository(deps.database.db);
  const workRoot = path.join(deps.dataDir, 'tmp');
  const derive = createDeriveJobHandler({
    media,
    storage: deps.storage,
    workRoot,
    logger: deps.logger,
    galleryChanged: deps.galleryChanged,
    onReady: deps.onReady,
  });
  // Every runtime handles proof jobs, the import script's too: its worker takes whatever job is due.
  const watermark = createWatermarkStore({
    settings: createSettingsRepository(deps.database.db),
    storage: deps.storage,
    siteName: deps.siteName,
  });
  const proofs = createProofJobHandler({ media, storage: deps.storage, watermark, workRoot, logger: deps.logger });
  const delivery = createOrderDeliveryJobHandler({
    orders: createOrderRepository(deps.database.db),
    media,
    storage: deps.storage,
    galleryChanged: deps.galleryChanged,
  });
  const worker = createWorker({
    jobs,
    handlers: { [DERIVE_JOB]: derive, [PROOF_JOB]: proofs, [ORDER_DELIVERY_JOB]: delivery },
    logger: deps.logger,
    leaseMs: deps.leaseMs,
    scratchDir: workRoot,
    // An unreachable object store is an outage, not a fault of the job: its jobs wait for the store to return.
    isOutage: (error) => error instanceof StorageUnavailableError,
  });
  const ingest = createIngestService({ media, jobs, storage: deps.storage, notify: () => worker.notify() });
  return { media, jobs, ingest, worker };
}
