import { buffer } from 'node:stream/consumers';
import { type JobHandler, PermanentJobError } from '../../jobs/worker';
import { proofSource } from '../../media/proofs';
import { derivativeKey } from '../../media/types';
import type { JobRepository } from '../../repositories/job-repository';
import type { MediaRepository } from '../../repositories/media-repository';
import type { Storage } from '../../storage/storage';
import { mediaIdOf } from '../media/ingest-job';

/** The job that reads the start numbers in an event photo, once it is ready. */
export const READ_NUMBERS_JOB = 'events.read-numbers';

/**
 * Reads the start numbers in `picture` (the photo's clean picture, at most 1600 px wide, never the original) and
 * places the photo by them. Composition builds it from the text reader and the placement.
 */
export type ReadNumbers = (mediaId: string, picture: Buffer) => Promise<void>;

export interface NumberReadingDependencies {
  media: Pick<MediaRepository, 'findById'>;
  storage: Pick<Storage, 'get'>;
  jobs: Pick<JobRepository, 'enqueueUnlessPending'>;
  notifyWorker: () => void;
  readNumbers: ReadNumbers;
  logger: { info: (obj: object, message: string) => void };
}

/**
 * Reading an event photo's start numbers as a job of its own, at high priority, queued when the photo becomes ready:
 * beside its proofs and ahead of every other item's derivatives, since a rider finds a photo by its number. Its own
 * job, not a step of the derive job: a reading that fails is retried alone while the photo is already for sale, and
 * an edited version that replaces the photo is read again the same way. Each reading logs its time (`readMs`).
 */
export function createNumberReadingJobs(deps: NumberReadingDependencies) {
  const handler: JobHandler = {
    async run(job) {
      const record = await deps.media.findById(mediaIdOf(job));
      if (record?.status !== 'ready' || record.deletedAt !== null) return;
      const source = proofSource(record.derivatives);
      if (!source) throw new PermanentJobError('the photo has no clean picture to read', 'no-reading-source');
      const picture = await buffer((await deps.storage.get(derivativeKey(record.id, source.file))).stream);
      const started = performance.now();
      await deps.readNumbers(record.id, picture);
      const readMs = Math.round(performance.now() - started);
      deps.logger.info({ mediaId: record.id, readMs, width: source.width }, 'start numbers read');
    },
  };

  return {
    handler,
    /** Queues the reading of a ready photo (once: a reading already waiting does it). */
    async queue(mediaId: string): Promise<void> {
      const queued = await deps.jobs.enqueueUnlessPending({
        type: READ_NUMBERS_JOB,
        payload: { mediaId },
        priority: 'high',
      });
      if (queued) deps.notifyWorker();
    },
  };
}

export type NumberReadingJobs = ReturnType<typeof createNumberReadingJobs>;
