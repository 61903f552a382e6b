import type { Worker } from '../../jobs/worker';
import type { JobRepository } from '../../repositories/job-repository';
import type { MediaRepository } from '../../repositories/media-repository';
import type { IngestService } from './ingest';

/** The media pipeline as built by server/composition/media-pipeline.ts: its repositories, ingest and job worker. */
export interface MediaRuntime {
  media: MediaRepository;
  jobs: JobRepository;
  ingest: IngestService;
  /** Not started: the app starts it when ready and stops it before the database closes. */
  worker: Worker;
}
