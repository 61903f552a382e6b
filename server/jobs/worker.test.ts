import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
