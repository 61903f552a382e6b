import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Job, JobRepository } from '../repositories/job-repository';

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
  run(job: Job): Promise<void>;
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
  handlers: Record<string, JobHandler>;
  logger: WorkerLogger;
  /** How long a claim lasts without a heartbeat; a dead worker's job is taken over after this. */
  leaseMs?: number;
  /** How often to look for due jobs when nobody calls notify(). */
  pollMs?: number;
  /** Jobs run at once by this worker. Media work is CPU-bound; one per worker suits a small machine. */
  concurrency?: number;
  /** Delay before retry n (1-based). */
  backoffMs?: (attempt: number) => number;
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

/**
 * The worker id names the host and process, so a worker starting on the same host can tell that the holder of a
 * running job is gone (its pid no longer exists) and requeue the job at once instead of waiting out the lease.
 */
function makeWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

function isDeadLocalHolder(holder: string): boolean {
  const [host, pidText] = holder.split(':');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Runs durable jobs from the job table: claim, heartbeat, complete, or retry with back-off and finally fail. */
export function createWorker(options: WorkerOptions): Worker {
  const id = makeWorkerId();
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const concurrency = options.concurrency ?? 1;
  const backoff = options.backoffMs ?? defaultBackoff;
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
    const heartbeat = setInterval(() => {
      jobs
        .extendLease(job.id, id, leaseMs)
        .catch((error: unknown) => logger.warn({ err: error }, 'lease not extended'));
    }, leaseMs / 3);
    try {
      if (!handler) throw new PermanentJobError(`no handler for job type ${job.type}`, 'unknown-job-type');
      await handler.run(job);
      await jobs.complete(job.id, id);
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      const lastAttempt = job.attempts >= job.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      if (permanent || lastAttempt) {
        logger.error({ jobId: job.id, type: job.type, attempts: job.attempts, err: error }, 'job failed');
        try {
          await handler?.onFailed?.(job, error);
        } finally {
          await jobs.fail(job.id, id, message, null);
        }
      } else {
        const retryAt = new Date(Date.now() + backoff(job.attempts));
        logger.warn({ jobId: job.id, type: job.type, attempts: job.attempts, err: error }, 'job will be retried');
        await jobs.fail(job.id, id, message, retryAt);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function loop(): Promise<void> {
    while (running) {
      let job: Job | undefined;
      try {
        job = await jobs.claim(id, leaseMs);
      } catch (error) {
        if (!running) return;
        logger.error({ err: error }, 'could not claim a job');
      }
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
      for (const holder of await jobs.runningLockHolders()) {
        if (isDeadLocalHolder(holder)) {
          const count = await jobs.requeueHeldBy(holder);
          logger.info({ holder, count }, 'requeued jobs of a worker that is gone');
        }
      }
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
