import { randomBytes } from 'node:crypto';
import { DatabaseUnavailableError } from '../db/database';
import type { Job, JobRepository } from '../repositories/job-repository';
import { keepRenewing } from './kept-lease';
import { removeDeadScratch } from './scratch';

/** Thrown by a handler for a job that can never succeed: no retry, straight to failed. */
export class PermanentJobError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobHandler {
  /** `signal` aborts when the worker lost the job's lease: another worker may take it over, so stop. */
  run(job: Job, context?: { signal: AbortSignal }): Promise<void>;
  /** Called once when the job is given up (permanent error or last attempt), to leave its data tidy. */
  onFailed?(job: Job, error: unknown): Promise<void>;
}

export interface WorkerLogger {
  info(obj: object, message: string): void;
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface WorkerOptions {
  jobs: JobRepository;
  /** By job type; read at every claim, so a handler added later (registerJob of the media runtime) is taken up. */
  handlers: Record<string, JobHandler>;
  logger: WorkerLogger;
  /**
   * How long a claim lasts without renewal; renewed every third of it. A worker that dies holds its jobs until the
   * lease runs out, then any worker takes them over.
   */
  leaseMs?: number;
  /** The jobs' scratch folder: what jobs of dead workers left there is removed at start. */
  scratchDir?: string;
  /** How often to look for due jobs when nobody calls notify(). */
  pollMs?: number;
  /** Jobs run at once by this worker. Media work is CPU-bound; one per worker suits a small machine. */
  concurrency?: number;
  /** Delay before retry n (1-based). */
  backoffMs?: (attempt: number) => number;
  /**
   * Whether an error says that a service every job needs is down (the object store, say), not that this job went
   * wrong. Such a failure never fails the job for good, however long the outage lasts: the job is retried with
   * back-off, at most `outageRetryMs` apart, so it finishes soon after the service returns.
   */
  isOutage?: (error: unknown) => boolean;
  /** The longest wait between two retries of a job held up by an outage. */
  outageRetryMs?: number;
}

export interface Worker {
  readonly id: string;
  start(): Promise<void>;
  /** Finishes the jobs in hand, then stops. */
  stop(): Promise<void>;
  /** Wakes the worker: a job was just queued or made due. */
  notify(): void;
}

const defaultBackoff = (attempt: number) => Math.min(10 * 60_000, 5_000 * 4 ** (attempt - 1));

/** As often as a client told `Retry-After: 30` by an unreachable store would ask again. */
const DEFAULT_OUTAGE_RETRY_MS = 30_000;

/**
 * Runs durable jobs from the job table: claim, renew the lease, complete, or retry with back-off and finally fail.
 * Whether a job's holder is alive is known from its lease alone (never from host names or process ids, which
 * containers share): a job whose lease ran out is due again, for any worker.
 */
export function createWorker(options: WorkerOptions): Worker {
  const id = randomBytes(9).toString('base64url');
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 2_000;
  const concurrency = options.concurrency ?? 1;
  const backoff = options.backoffMs ?? defaultBackoff;
  const outageRetryMs = options.outageRetryMs ?? DEFAULT_OUTAGE_RETRY_MS;
  const { jobs, logger } = options;
  let running = false;
  const loops: Promise<void>[] = [];

  const sleepers = new Set<() => void>();

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  }

  function wakeAll(): void {
    for (const done of [...sleepers]) done();
  }

  async function runOne(job: Job): Promise<void> {
    const handler = options.handlers[job.type];
    const lease = keepRenewing(
      async (now) => ({ held: await jobs.extendLease(job.id, id, leaseMs, new Date(now)) }),
      leaseMs,
      { onRenewalError: (error) => logger.warn({ err: error, jobId: job.id }, 'lease not extended') },
    );
    const lost = new Promise<'lost'>((resolve) => lease.signal.addEventListener('abort', () => resolve('lost')));
    try {
      if (!handler) throw new PermanentJobError(`no handler for job type ${job.type}`, 'unknown-job-type');
      const running = handler.run(job, { signal: lease.signal });
      if ((await Promise.race([running, lost])) === 'lost') {
        // Another worker may run it now: record nothing, and wait for the handler to wind down before the next job.
        logger.warn({ jobId: job.id, type: job.type, reason: String(lease.signal.reason) }, 'job stopped: lease lost');
        await running.catch(() => {});
        return;
      }
      await jobs.complete(job.id, id);
    } catch (error) {
      if (lease.signal.aborted) {
        logger.warn({ jobId: job.id, type: job.type, err: error }, 'job stopped: lease lost');
        return;
      }
      const permanent = error instanceof PermanentJobError;
      // A database that went away is an outage for every job, whatever else the caller counts as one.
      const outage = !permanent && (error instanceof DatabaseUnavailableError || (options.isOutage?.(error) ?? false));
      const lastAttempt = job.attempts >= job.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      if (permanent || (lastAttempt && !outage)) {
        logger.error({ jobId: job.id, type: job.type, attempts: job.attempts, err: error }, 'job failed');
        try {
          await handler?.onFailed?.(job, error);
        } finally {
          await jobs.fail(job.id, id, message, null);
        }
      } else {
        const delay = outage ? Math.min(backoff(job.attempts), outageRetryMs) : backoff(job.attempts);
        const retryAt = new Date(Date.now() + delay);
        logger.warn(
          { jobId: job.id, type: job.type, attempts: job.attempts, outage, err: error },
          'job will be retried',
        );
        await jobs.fail(job.id, id, message, retryAt);
      }
    } finally {
      await lease.stop();
    }
  }

  /** Removes scratch files older than every live claim (server/jobs/scratch.ts); a failure only costs disk space. */
  async function removeScratchOfDeadJobs(): Promise<void> {
    if (!options.scratchDir) return;
    try {
      const cutoff = (await jobs.oldestLiveClaim()) ?? new Date();
      const removed = await removeDeadScratch(options.scratchDir, cutoff);
      if (removed > 0) logger.info({ removed }, 'removed scratch files of jobs whose worker is gone');
    } catch (error) {
      logger.warn({ err: error }, 'scratch files of dead jobs could not be removed');
    }
  }

  async function loop(): Promise<void> {
    while (running) {
      let job: Job | undefined;
      try {
        // Only the types this worker can run: another process's worker (the import's, say) may lack some handlers.
        job = await jobs.claim(id, leaseMs, new Date(), Object.keys(options.handlers));
      } catch (error) {
        if (!running) return;
        logger.error({ err: error }, 'could not claim a job');
      }
      // A job on its second attempt or later may have been taken over from a worker that died: what that worker
      // left in the scratch folder is now older than every live claim.
      if (job && job.attempts > 1) await removeScratchOfDeadJobs();
      if (job) {
        await runOne(job).catch((error: unknown) =>
          logger.error({ err: error, jobId: job?.id }, 'job bookkeeping failed'),
        );
      } else if (running) {
        await sleep(pollMs);
      }
    }
  }

  return {
    id,
    async start() {
      if (running) return;
      await removeScratchOfDeadJobs();
      logger.info({ workerId: id }, 'job worker started');
      running = true;
      for (let i = 0; i < concurrency; i++) loops.push(loop());
    },
    async stop() {
      running = false;
      wakeAll();
      await Promise.all(loops.splice(0));
    },
    notify() {
      wakeAll();
    },
  };
}
