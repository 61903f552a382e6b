import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../db/database';
import { createJobRepository, type JobRepository } from '../repositories/job-repository';
import { until } from '../test/support/ingest';
import { openTestDatabase } from '../test/support/test-database';
import { createWorker, type JobHandler, type Worker } from './worker';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const LEASE_MS = 600;

/** A handler that works until its signal aborts, and records what it saw. */
function handlerUntilAborted() {
  const seen: { started: boolean; abortedBy?: string } = { started: false };
  const handler: JobHandler = {
    run: (_job, context) =>
      new Promise<void>((resolve) => {
        seen.started = true;
        context?.signal.addEventListener('abort', () => {
          seen.abortedBy = String(context.signal.reason);
          resolve();
        });
      }),
  };
  return { seen, handler };
}

describe('the job worker and its lease', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let jobs: JobRepository;
  let worker: Worker | undefined;
  beforeEach(async () => {
    t = await openTestDatabase('sqlite');
    jobs = createJobRepository(t.database.db);
  });
  afterEach(async () => {
    await worker?.stop();
    await t.close();
  });

  it('renews the lease while the job runs, and stops the job when another worker took it', async () => {
    const { seen, handler } = handlerUntilAborted();
    worker = createWorker({ jobs, handlers: { long: handler }, logger: silent, leaseMs: LEASE_MS, pollMs: 50 });
    const id = await jobs.enqueue({ type: 'long', payload: {} });
    await worker.start();
    await until(async () => seen.started, 'the job to start', 5_000);
    const first = await jobs.findById(id);
    // Renewed: after more than a whole lease the job is still held, its expiry moved on.
    await until(async () => (await jobs.findById(id))?.lockedUntil !== first?.lockedUntil, 'a renewal', 10_000);
    expect(seen.abortedBy).toBeUndefined();

    // Another worker takes the job (as after a pause longer than the lease): the next renewal finds it gone.
    await t.database.db.updateTable('job').set({ locked_by: 'other-worker' }).where('id', '=', id).execute();
    await until(async () => seen.abortedBy !== undefined, 'the job to be stopped', 10_000);
    expect(seen.abortedBy).toMatch(/lost/);
    // The stopped job records nothing: it stays with the worker that took it.
    await worker.stop();
    expect(await jobs.findById(id)).toMatchObject({ status: 'running', lockedBy: 'other-worker' });
  });

  it('stops the job when renewals fail until the lease would run out', async () => {
    const { seen, handler } = handlerUntilAborted();
    let failing = false;
    const flaky: JobRepository = {
      ...jobs,
      extendLease: async (...args) => {
        if (failing) throw new Error('database unreachable');
        return jobs.extendLease(...args);
      },
    };
    worker = createWorker({ jobs: flaky, handlers: { long: handler }, logger: silent, leaseMs: LEASE_MS, pollMs: 50 });
    const id = await jobs.enqueue({ type: 'long', payload: {} });
    await worker.start();
    await until(async () => seen.started, 'the job to start', 5_000);
    failing = true;
    await until(async () => seen.abortedBy !== undefined, 'the job to be stopped', 10_000);
    expect(seen.abortedBy).toMatch(/could not be renewed/);
    await worker.stop();
    // Not completed, not failed: another worker takes it over once the lease has run out.
    expect((await jobs.findById(id))?.status).toBe('running');
  });
});

describe('the job worker during an outage', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let jobs: JobRepository;
  let worker: Worker | undefined;
  beforeEach(async () => {
    t = await openTestDatabase('sqlite');
    jobs = createJobRepository(t.database.db);
  });
  afterEach(async () => {
    await worker?.stop();
    await t.close();
  });

  class ServiceDown extends Error {}

  it('retries a job held up by an outage past its attempts and soon, while its own faults keep their limits', async () => {
    let outageRuns = 0;
    const waitsOut: JobHandler = {
      run: async () => {
        outageRuns += 1;
        if (outageRuns <= 4) throw new ServiceDown('the store is down');
      },
    };
    const failedFor: string[] = [];
    const broken: JobHandler = {
      run: async () => {
        throw new Error('broken input');
      },
      onFailed: async (job) => {
        failedFor.push(job.id);
      },
    };
    worker = createWorker({
      jobs,
      handlers: { waitsOut, broken },
      logger: silent,
      pollMs: 20,
      // An hour between ordinary retries; an outage's retries are capped far below that.
      backoffMs: () => 3_600_000,
      outageRetryMs: 20,
      isOutage: (error) => error instanceof ServiceDown,
    });
    const outage = await jobs.enqueue({ type: 'waitsOut', payload: {}, maxAttempts: 2 });
    const lastTry = await jobs.enqueue({ type: 'broken', payload: { n: 1 }, maxAttempts: 1 });
    const retried = await jobs.enqueue({ type: 'broken', payload: { n: 2 }, maxAttempts: 2 });
    await worker.start();
    await until(async () => (await jobs.findById(outage))?.status === 'done', 'the outage job to finish', 10_000);
    expect(outageRuns).toBe(5);
    expect(await jobs.findById(outage)).toMatchObject({ status: 'done', attempts: 5 });
    await until(async () => (await jobs.findById(retried))?.attempts === 1, 'the broken job to run once', 10_000);
    await worker.stop();
    // An ordinary failure still fails for good on its last attempt, and otherwise waits its back-off.
    expect(await jobs.findById(lastTry)).toMatchObject({ status: 'failed', lastError: 'broken input' });
    expect(failedFor).toEqual([lastTry]);
    const waiting = await jobs.findById(retried);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(Date.parse(waiting?.runAfter ?? '')).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('waits out a database that went away, though the caller named no outage of its own', async () => {
    let runs = 0;
    const needsTheDatabase: JobHandler = {
      run: async () => {
        runs += 1;
        if (runs <= 2) throw new DatabaseUnavailableError(new Error('Connection terminated unexpectedly'));
      },
    };
    worker = createWorker({
      jobs,
      handlers: { needsTheDatabase },
      logger: silent,
      pollMs: 20,
      backoffMs: () => 3_600_000,
      outageRetryMs: 20,
    });
    const id = await jobs.enqueue({ type: 'needsTheDatabase', payload: {}, maxAttempts: 1 });
    await worker.start();
    await until(async () => (await jobs.findById(id))?.status === 'done', 'the job to finish', 10_000);
    expect(runs).toBe(3);
  });
});
