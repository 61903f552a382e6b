import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import type { JobTable } from '../db/schema';

/**
 * How urgent a job is: the worker takes the highest priority that is due first, then the one due longest. `high`: what
 * a visitor waits for now (an event photo on its way to being found and bought); `normal`: the rest (every job before
 * priorities were kept); `low`: work that may wait behind everything else (completing an event photo's derivatives).
 */
export const JOB_PRIORITY = { high: 10, normal: 0, low: -10 } as const;
export type JobPriority = keyof typeof JOB_PRIORITY;

export interface Job {
  id: string;
  type: string;
  payload: unknown;
  /** JOB_PRIORITY's number (normal is 0). */
  priority: number;
  status: JobTable['status'];
  attempts: number;
  maxAttempts: number;
  runAfter: string;
  lockedBy: string | null;
  lockedUntil: string | null;
  lastError: string | null;
}

export interface NewJob {
  type: string;
  payload: unknown;
  /** When the job may first run; now by default. */
  runAfter?: Date;
  maxAttempts?: number;
  /** Normal by default. */
  priority?: JobPriority;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

const iso = (date: Date) => date.toISOString();

function toJob(row: JobTable): Job {
  return {
    id: row.id,
    type: row.type,
    payload: JSON.parse(row.payload) as unknown,
    priority: row.priority ?? JOB_PRIORITY.normal,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAfter: row.run_after,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until,
    lastError: row.last_error,
  };
}

/** The row a new job inserts; exported so another repository can insert it inside its own transaction. */
export function newJobRow(job: NewJob, now = new Date()): JobTable {
  const priority = JOB_PRIORITY[job.priority ?? 'normal'];
  return {
    // A normal job leaves the column to its default, so it can also be queued on a table from before migration 026.
    ...(priority === JOB_PRIORITY.normal ? {} : { priority }),
    id: randomBytes(12).toString('base64url'),
    type: job.type,
    payload: JSON.stringify(job.payload),
    status: 'queued',
    attempts: 0,
    max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run_after: iso(job.runAfter ?? now),
    locked_by: null,
    locked_until: null,
    last_error: null,
    created_at: iso(now),
    updated_at: iso(now),
  };
}

/**
 * Durable jobs. Claiming is one conditional UPDATE whose WHERE repeats the "may be taken" test, so on SQLite (one
 * writer at a time) and on PostgreSQL (row lock, WHERE re-checked after the lock) exactly one worker wins a job.
 */
export function createJobRepository(db: Db) {
  return {
    async enqueue(job: NewJob): Promise<string> {
      const row = newJobRow(job);
      await db.insertInto('job').values(row).execute();
      return row.id;
    },

    /**
     * Enqueues `job` unless one of the same type and payload is still queued or running (then that one does the
     * work); returns the new job's id, or null. Two callers racing may both enqueue: jobs must be idempotent anyway.
     */
    async enqueueUnlessPending(job: NewJob): Promise<string | null> {
      const payload = JSON.stringify(job.payload);
      const pending = await db
        .selectFrom('job')
        .select('id')
        .where('type', '=', job.type)
        .where('payload', '=', payload)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (pending) return null;
      const row = newJobRow(job);
      await db.insertInto('job').values(row).execute();
      return row.id;
    },

    async findById(id: string): Promise<Job | undefined> {
      const row = await db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toJob(row) : undefined;
    },

    /**
     * Takes the next due job for `workerId` for `leaseMs`, or returns undefined when none is due: the highest priority
     * first, then the one due longest. A running job whose lease ran out (its worker died) counts as due. The attempt
     * counter goes up on every claim. With `types`, only jobs of those types are taken (a worker takes only what it
     * has a handler for: the import script's worker leaves the app's own jobs to the app).
     */
    async claim(
      workerId: string,
      leaseMs: number,
      now = new Date(),
      types?: readonly string[],
    ): Promise<Job | undefined> {
      if (types?.length === 0) return undefined;
      const at = iso(now);
      for (let round = 0; round < 5; round++) {
        const candidates = await db
          .selectFrom('job')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', at)]),
              eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)]),
            ]),
          )
          .$if(types !== undefined, (qb) => qb.where('type', 'in', types ?? []))
          .orderBy('priority', 'desc')
          .orderBy('run_after')
          .limit(5)
          .execute();
        if (candidates.length === 0) return undefined;
        for (const { id } of candidates) {
          const result = await db
            .updateTable('job')
            .set((eb) => ({
              status: 'running',
              locked_by: workerId,
              locked_until: iso(new Date(now.getTime() + leaseMs)),
              attempts: eb('attempts', '+', 1),
              updated_at: at,
              claimed_at: at,
            }))
            .where('id', '=', id)
            .where((eb) =>
              eb.or([
                eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', at)]),
                eb.and([eb('status', '=', 'running'), eb('locked_until', '<', at)]),
              ]),
            )
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 1) {
            const row = await db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
            return toJob(row);
          }
        }
      }
      return undefined;
    },

    /** Extends the lease of a job this worker still holds; false when it lost the job. */
    async extendLease(id: string, workerId: string, leaseMs: number, now = new Date()): Promise<boolean> {
      const result = await db
        .updateTable('job')
        .set({ locked_until: iso(new Date(now.getTime() + leaseMs)), updated_at: iso(now) })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async complete(id: string, workerId: string): Promise<void> {
      const now = iso(new Date());
      await db
        .updateTable('job')
        .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: now })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    /** Puts the job back in the queue to run at `retryAt`, or marks it failed for good when `retryAt` is null. */
    async fail(id: string, workerId: string, error: string, retryAt: Date | null): Promise<void> {
      const now = iso(new Date());
      await db
        .updateTable('job')
        .set({
          status: retryAt ? 'queued' : 'failed',
          run_after: retryAt ? iso(retryAt) : now,
          locked_by: null,
          locked_until: null,
          last_error: error.slice(0, 2000),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('locked_by', '=', workerId)
        .execute();
    },

    /** Makes a waiting job due now (used once the bytes it needs are in place). */
    async releaseNow(id: string): Promise<void> {
      const now = iso(new Date());
      await db
        .updateTable('job')
        .set({ run_after: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .execute();
    },

    /**
     * Makes the queued jobs of `type` with exactly `payload` due now, when they wait for a later time: the job behind
     * an item whose bytes turned out to be stored already (server/services/media/ingest.ts, findStored).
     */
    async releaseWaiting(type: string, payload: unknown): Promise<void> {
      const now = iso(new Date());
      await db
        .updateTable('job')
        .set({ run_after: now, updated_at: now })
        .where('type', '=', type)
        .where('payload', '=', JSON.stringify(payload))
        .where('status', '=', 'queued')
        .where('run_after', '>', now)
        .execute();
    },

    /**
     * When the longest-running job that still holds a live lease was claimed, or null when no lease is live. Scratch
     * files older than that belong to jobs whose holder died (server/jobs/scratch.ts).
     */
    async oldestLiveClaim(now = new Date()): Promise<Date | null> {
      const row = await db
        .selectFrom('job')
        .select((eb) => eb.fn.min('claimed_at').as('oldest'))
        .where('status', '=', 'running')
        .where('locked_until', '>=', iso(now))
        .executeTakeFirst();
      return row?.oldest ? new Date(row.oldest) : null;
    },

    /** Counts jobs that are still to run or running (used by the import script and tests to wait for quiet). */
    async countPending(): Promise<number> {
      const row = await db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Forgets finished jobs older than `before`, so the table stays small. */
    async deleteDoneBefore(before: Date): Promise<void> {
      await db.deleteFrom('job').where('status', '=', 'done').where('updated_at', '<', iso(before)).execute();
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
