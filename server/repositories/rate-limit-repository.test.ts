import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../test/harness';
import { openTestDatabase } from '../test/support/test-database';
import { createRateLimitRepository, type RateLimitRepository } from './rate-limit-repository';

describe.each(TEST_DATABASES)('rate-limit repository on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let counters: RateLimitRepository;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    counters = createRateLimitRepository(t.database.db);
  });
  afterAll(async () => t.close());

  it('counts hits in a window that starts at the first one, and starts over once it ends', async () => {
    const start = 1_000_000;
    expect(await counters.hit('route', '10.0.0.1', 1_000, start)).toEqual({ current: 1, ttl: 1_000 });
    expect(await counters.hit('route', '10.0.0.1', 1_000, start + 400)).toEqual({ current: 2, ttl: 600 });
    expect(await counters.read('route', '10.0.0.1', start + 500)).toEqual({ current: 2, ttl: 500 });
    expect(await counters.hit('route', '10.0.0.1', 1_000, start + 1_000)).toEqual({ current: 1, ttl: 1_000 });
    // Scopes and keys are counted apart.
    expect(await counters.hit('other-route', '10.0.0.1', 1_000, start)).toEqual({ current: 1, ttl: 1_000 });
    expect(await counters.hit('route', '10.0.0.2', 1_000, start + 1_000)).toEqual({ current: 1, ttl: 1_000 });
  });

  it('counts every one of many hits at once, each once', async () => {
    const now = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => counters.hit('burst', '10.0.0.3', 60_000, now)));
    expect(answers.map((a) => a.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await counters.read('burst', '10.0.0.3', now)).current).toBe(40);
  });

  it('sweeps the rows whose window ended and keeps the live ones', async () => {
    const now = 5_000_000_000_000;
    await counters.hit('sweep', 'ended', 1_000, now - 2_000);
    await counters.hit('sweep', 'live', 10_000, now - 2_000);
    await counters.sweep(now);
    const left = await t.database.db.selectFrom('rate_limit').select('key').where('scope', '=', 'sweep').execute();
    expect(left.map((row) => row.key)).toEqual(['live']);
  });
});
