import path from 'node:path';
import type { Database } from '../db/database';
import { createWorker, type Worker, type WorkerLogger } from '../jobs/worker';
import { createJobRepository, type JobRepository } from '../repositories/job-repository';
import { createMediaRepository, type MediaRepository } from '../repositories/media-repository';
import type { Storage } from '../storage/storage';
import type { GalleryChanged } from './gallery-service';
import { createIngestService, DERIVE_JOB, type IngestService } from './ingest';
import { createDeriveJobHandler } from './ingest-job';

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
}): MediaRuntime {
  const media = createMediaRepository(deps.database.db);
  const jobs = createJobRepository(deps.database.db);
  const handler = createDeriveJobHandler({
    media,
    storage: deps.storage,
    workRoot: path.join(deps.dataDir, 'tmp'),
    logger: deps.logger,
    galleryChanged: deps.galleryChanged,
  });
  const worker = createWorker({
    jobs,
    handlers: { [DERIVE_JOB]: handler },
    logger: deps.logger,
    leaseMs: deps.leaseMs,
  });
  const ingest = createIngestService({ media, jobs, storage: deps.storage, notify: () => worker.notify() });
  return { media, jobs, ingest, worker };
}
