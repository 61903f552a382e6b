import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithAdmin, makePostgresSchema } from '../test/harness';
import { type CuttableProxy, startCuttableProxy } from '../test/support/cuttable-proxy';
import { connectDatabase, type Database, DatabaseUnavailableError, openDatabase } from './database';

/**
 * PostgreSQL going away under one process. The shared test server cannot be restarted (other test files use it), so
 * the process reaches it through a TCP proxy the test cuts: established connections end and new ones are refused,
 * which is what a restart or a stop looks like from the client's side. The restart's own last word on each
 * connection (FATAL 57P01) is sent by pg_terminate_backend, exactly as a fast shutdown sends it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL going away under one process', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  // A broken connection's 'error' with no listener is an uncaught exception, which ends a server: each test fails on
  // one rather than leave it to a report after the run.
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  beforeAll(() => process.on('uncaughtException', onUncaught));
  afterAll(() => process.off('uncaughtException', onUncaught));
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    expect(uncaught.splice(0).map(String)).toEqual([]);
  });

  /** A fresh schema, reached through a proxy the test can cut. */
  async function throughProxy(): Promise<{ proxy: CuttableProxy; url: string }> {
    const schema = await makePostgresSchema();
    cleanups.push(schema.drop);
    const server = new URL(schema.url);
    const proxy = await startCuttableProxy({ host: server.hostname, port: Number(server.port || 5432) });
    cleanups.push(proxy.close);
    return { proxy, url: proxy.through(schema.url) };
  }

  async function open(url: string): Promise<Database> {
    const database = await openDatabase({ kind: 'postgres', url });
    cleanups.push(() => database.close());
    return database;
  }

  const select = (database: Database, text = 'select 1') => sql.raw(text).execute(database.db);
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('fails queries with DatabaseUnavailableError while it is away, and connects again by itself', async () => {
    const { proxy, url } = await throughProxy();
    const database = await open(url);
    // Several pooled connections, idle, and one in the middle of a statement when the server goes.
    await Promise.all([1, 2, 3].map(() => select(database, 'select pg_sleep(0.05)')));
    const inFlight = failure(select(database, 'select pg_sleep(30)'));
    await proxy.cut();
    expect(await inFlight).toBeInstanceOf(DatabaseUnavailableError);
    const refused = await failure(select(database));
    expect(refused).toBeInstanceOf(DatabaseUnavailableError);
    expect((refused as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });

    await proxy.restore();
    await expect.poll(() => failure(select(database)), { timeout: 10_000 }).toBeNull();
  });

  it('fails a query waiting on a connection that never opens, instead of hanging', async () => {
    const { proxy, url } = await throughProxy();
    await proxy.cut({ hang: true });
    // Nothing pooled yet: the first query must open a connection.
    const database = connectDatabase({ kind: 'postgres', url });
    cleanups.push(() => database.close());
    expect(await failure(select(database))).toBeInstanceOf(DatabaseUnavailableError);
    await proxy.restore();
    await expect.poll(() => failure(select(database)), { timeout: 10_000 }).toBeNull();
  });

  it('survives the server ending every connection, as a restart does', async () => {
    const schema = await makePostgresSchema();
    cleanups.push(schema.drop);
    const name = `outage-${Math.random().toString(36).slice(2, 10)}`;
    const url = new URL(schema.url);
    url.searchParams.set('application_name', name);
    const database = await open(url.toString());
    await Promise.all([1, 2, 3].map(() => select(database, 'select pg_sleep(0.05)')));
    const inFlight = failure(select(database, 'select pg_sleep(30)'));
    const admin = new pg.Client({ connectionString: schema.url });
    await admin.connect();
    cleanups.push(() => admin.end());
    const backends = async (state?: string) =>
      (
        await admin.query(
          'select pid from pg_stat_activity where application_name = $1 and state = coalesce($2, state)',
          [name, state ?? null],
        )
      ).rowCount;
    await expect.poll(() => backends('active'), { timeout: 10_000 }).toBe(1);
    expect(await backends()).toBeGreaterThanOrEqual(2);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
    const error = await inFlight;
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).cause).toMatchObject({ code: '57P01' });
    await expect.poll(() => failure(select(database)), { timeout: 10_000 }).toBeNull();
  });

  it('answers 503 with Retry-After and a health of "down" meanwhile, and 200 again once it is back', async () => {
    const { proxy, url } = await throughProxy();
    const admin = { email: 'outage-admin@example.com', password: 'outage-admin-secret' };
    const { t, admin: client } = await createTestAppWithAdmin('sqlite', admin, { DATABASE_URL: url });
    cleanups.push(t.close);
    expect((await client.get('/api/session')).statusCode).toBe(200);

    await proxy.cut();
    const health = await client.get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    // Whether it answers, and nothing of what failed or where.
    expect(health.json()).toEqual({
      status: 'unavailable',
      database: 'postgres',
      storage: 'disk',
      checks: { database: 'down' },
      error: { code: 'database-unavailable', message: expect.any(String) },
    });
    for (const [method, path] of [
      ['GET', '/api/session'],
      ['GET', '/api/admin/clients'],
      ['POST', '/api/auth/sign-in'],
    ] as const) {
      const res = await client.request({
        method,
        url: path,
        ...(method === 'POST' ? { payload: { email: admin.email, password: admin.password } } : {}),
      });
      expect(res.statusCode, path).toBe(503);
      expect(res.headers['retry-after'], path).toBe('5');
      expect(res.json(), path).toEqual({ error: { code: 'database-unavailable', message: expect.any(String) } });
    }

    await proxy.restore();
    await expect.poll(async () => (await client.get('/api/health')).statusCode, { timeout: 15_000 }).toBe(200);
    expect((await client.get('/api/health')).json()).toMatchObject({ status: 'ok', checks: { database: 'up' } });
    expect((await client.get('/api/session')).json()).toMatchObject({ email: admin.email, isAdmin: true });
  });
});
