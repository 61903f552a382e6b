import type { JobHandler, Worker } from '../../jobs/worker';
import type { JobRepository } from '../../repositories/job-repository';
import type { MediaRepository } from '../../repositories/media-repository';
import type { IngestService } from './ingest';
import type { OriginalReplacements } from './replace-original';

/**
 * The media pipeline as built by server/composition/media-pipeline.ts: its repositories, ingest, replacements and job
 * worker.
 */
export interface MediaRuntime {
  media: MediaRepository;
  jobs: JobRepository;
  ingest: IngestService;
  /** Edited versions replacing an item's original, and the kept previous originals. */
  replacements: OriginalReplacements;
  /** Not started: the app starts it when ready and stops it before the database closes. */
  worker: Worker;
  /**
   * Adds the handler of a job type another area queues (the riders' notices, the reading of an event photo's
   * numbers); the app adds them while it is put together, before the worker starts.
   */
  registerJob(type: string, handler: JobHandler): void;
}
