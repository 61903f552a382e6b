import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../test/harness';
import { openTestDatabase } from '../test/support/test-database';
import { databaseRateLimitStore } from './rate-limit-store';

const hit = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number } | undefined>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result)), windowMs, 10),
  );

describe.each(TEST_DATABASES)('database rate-limit store on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => t.close());

  const root = () => {
    const Store = databaseRateLimitStore(t.database.db, { sweepEveryMs: 0 });
    return new Store({});
  };

  it('counts each route apart, and the routes of one group together', async () => {
    const store = root();
    const signIn = store.child({ routeInfo: { method: 'POST', url: '/sign-in' } } as never);
    const signUp = store.child({ routeInfo: { method: 'POST', url: '/sign-up' } } as never);
    const groupA = store.child({ groupId: 'mail', routeInfo: { method: 'POST', url: '/a' } } as never);
    const groupB = store.child({ groupId: 'mail', routeInfo: { method: 'POST', url: '/b' } } as never);
    expect((await hit(signIn, '10.0.0.1', 60_000))?.current).toBe(1);
    expect((await hit(signIn, '10.0.0.1', 60_000))?.current).toBe(2);
    expect((await hit(signUp, '10.0.0.1', 60_000))?.current).toBe(1);
    expect((await hit(groupA, '10.0.0.1', 60_000))?.current).toBe(1);
    expect((await hit(groupB, '10.0.0.1', 60_000))?.current).toBe(2);
  });

  it('sweeps the counters whose window ended as it counts', async () => {
    const db = t.database.db;
    await db.insertInto('rate_limit').values({ scope: 'old', key: '10.0.0.9', hits: 3, expires_at: 1 }).execute();
    await hit(root().child({ routeInfo: { method: 'GET', url: '/x' } } as never), '10.0.0.1', 60_000);
    expect(await db.selectFrom('rate_limit').select('key').where('scope', '=', 'old').execute()).toEqual([]);
  });

  it('refuses options it cannot honour instead of limiting otherwise', () => {
    expect(() => root().child({ continueExceeding: true } as never)).toThrow(/continueExceeding/);
  });
});
