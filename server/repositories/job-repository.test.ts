import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database';
import { TEST_DATABASES } from '../test/harness';
import { openTestDatabase } from '../test/support/test-database';
import { createJobRepository, JOB_PRIORITY, type JobRepository } from './job-repository';

describe.each(TEST_DATABASES)('job repository on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let jobs: JobRepository;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    jobs = createJobRepository(t.database.db);
  });
  afterAll(async () => t.close());

  it('claims a due job once, with its payload, and counts the attempt', async () => {
    const id = await jobs.enqueue({ type: 'test.echo', payload: { hello: 'שלום' } });
    const job = await jobs.claim('w1', 60_000);
    expect(job).toMatchObject({ id, type: 'test.echo', payload: { hello: 'שלום' }, status: 'running', attempts: 1 });
    expect(job?.lockedBy).toBe('w1');
    expect(await jobs.claim('w2', 60_000)).toBeUndefined();
    await jobs.complete(id, 'w1');
    expect((await jobs.findById(id))?.status).toBe('done');
  });

  it('does not hand out a job before its run_after', async () => {
    const id = await jobs.enqueue({ type: 'test.later', payload: {}, runAfter: new Date(Date.now() + 3_600_000) });
    expect(await jobs.claim('w1', 60_000)).toBeUndefined();
    await jobs.releaseNow(id);
    expect((await jobs.claim('w1', 60_000))?.id).toBe(id);
    await jobs.complete(id, 'w1');
  });

  it('gives a job whose lease ran out to another worker (its first worker died)', async () => {
    const id = await jobs.enqueue({ type: 'test.lease', payload: {} });
    const start = new Date();
    expect((await jobs.claim('dead', 1_000, start))?.id).toBe(id);
    expect(await jobs.claim('alive', 1_000, new Date(start.getTime() + 500))).toBeUndefined();
    const retaken = await jobs.claim('alive', 1_000, new Date(start.getTime() + 5_000));
    expect(retaken).toMatchObject({ id, lockedBy: 'alive', attempts: 2 });
    // The dead worker can no longer touch it.
    expect(await jobs.extendLease(id, 'dead', 1_000)).toBe(false);
    await jobs.complete(id, 'dead');
    expect((await jobs.findById(id))?.status).toBe('running');
    await jobs.complete(id, 'alive');
    expect((await jobs.findById(id))?.status).toBe('done');
  });

  it('retries at the given time, then fails for good', async () => {
    const id = await jobs.enqueue({ type: 'test.fail', payload: {}, maxAttempts: 2 });
    await jobs.claim('w1', 60_000);
    const retryAt = new Date(Date.now() + 3_600_000);
    await jobs.fail(id, 'w1', 'boom', retryAt);
    expect(await jobs.findById(id)).toMatchObject({
      status: 'queued',
      lastError: 'boom',
      runAfter: retryAt.toISOString(),
    });
    expect(await jobs.claim('w1', 60_000)).toBeUndefined();
    await jobs.releaseNow(id);
    await jobs.claim('w1', 60_000);
    await jobs.fail(id, 'w1', 'boom again', null);
    expect(await jobs.findById(id)).toMatchObject({ status: 'failed', lastError: 'boom again', attempts: 2 });
  });

  it('knows when the oldest job under a live lease was claimed', async () => {
    expect(await jobs.oldestLiveClaim()).toBeNull();
    const early = new Date(Date.now() - 10_000);
    const later = new Date();
    const first = await jobs.enqueue({ type: 'test.claimed', payload: { n: 1 }, runAfter: early });
    const second = await jobs.enqueue({ type: 'test.claimed', payload: { n: 2 }, runAfter: later });
    await jobs.claim('w1', 60_000, early);
    await jobs.claim('w2', 60_000, later);
    expect((await jobs.oldestLiveClaim())?.toISOString()).toBe(early.toISOString());
    // Once the early claim's lease has run out, it no longer counts as live.
    expect((await jobs.oldestLiveClaim(new Date(early.getTime() + 61_000)))?.toISOString()).toBe(later.toISOString());
    await jobs.complete(first, 'w1');
    await jobs.complete(second, 'w2');
    expect(await jobs.oldestLiveClaim()).toBeNull();
  });

  it('takes the highest priority first, then the job due longest, whatever order they were queued in', async () => {
    const base = Date.now() - 60_000;
    const at = (seconds: number) => new Date(base + seconds * 1000);
    const queued = {
      lowOld: await jobs.enqueue({ type: 'test.order', payload: 1, runAfter: at(0), priority: 'low' }),
      normalOld: await jobs.enqueue({ type: 'test.order', payload: 2, runAfter: at(1) }),
      normalNew: await jobs.enqueue({ type: 'test.order', payload: 3, runAfter: at(2), priority: 'normal' }),
      highNew: await jobs.enqueue({ type: 'test.order', payload: 4, runAfter: at(4), priority: 'high' }),
      highOld: await jobs.enqueue({ type: 'test.order', payload: 5, runAfter: at(3), priority: 'high' }),
    };
    const taken: string[] = [];
    for (let job = await jobs.claim('w1', 60_000); job; job = await jobs.claim('w1', 60_000)) {
      taken.push(job.id);
      await jobs.complete(job.id, 'w1');
    }
    expect(taken).toEqual([queued.highOld, queued.highNew, queued.normalOld, queued.normalNew, queued.lowOld]);
    expect((await jobs.findById(queued.highOld))?.priority).toBe(JOB_PRIORITY.high);
    expect((await jobs.findById(queued.normalOld))?.priority).toBe(JOB_PRIORITY.normal);
  });

  it('hands a worker only the types it names', async () => {
    const other = await jobs.enqueue({ type: 'test.elsewhere', payload: {}, priority: 'high' });
    const mine = await jobs.enqueue({ type: 'test.mine', payload: {} });
    expect(await jobs.claim('w1', 60_000, new Date(), [])).toBeUndefined();
    expect((await jobs.claim('w1', 60_000, new Date(), ['test.mine']))?.id).toBe(mine);
    expect(await jobs.claim('w1', 60_000, new Date(), ['test.mine'])).toBeUndefined();
    expect((await jobs.claim('w2', 60_000))?.id).toBe(other);
    await jobs.complete(mine, 'w1');
    await jobs.complete(other, 'w2');
  });

  it('never gives one job to two workers on separate connections', async () => {
    expect(await jobs.countPending()).toBe(0);
    const second: Database = await openDatabase(t.config);
    try {
      const a = createJobRepository(t.database.db);
      const b = createJobRepository(second.db);
      const total = 40;
      for (let i = 0; i < total; i++) await jobs.enqueue({ type: 'test.race', payload: { i } });
      const takenBy = new Map<string, string[]>();
      const worker = async (repo: JobRepository, name: string) => {
        for (let job = await repo.claim(name, 60_000); job; job = await repo.claim(name, 60_000)) {
          takenBy.set(job.id, [...(takenBy.get(job.id) ?? []), name]);
        }
      };
      await Promise.all([worker(a, 'a1'), worker(b, 'b1'), worker(a, 'a2'), worker(b, 'b2')]);
      expect(takenBy.size).toBe(total);
      for (const holders of takenBy.values()) expect(holders).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
