import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makePostgresSchema, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { startMailCatcher } from '../test/mail-catcher';
import { FAST_HASH, TestClient } from '../test/test-client';

const SIGN_IN_MAX = 6;
const build = { auth: { ...FAST_HASH.auth, limits: { perIp: { signIn: { max: SIGN_IN_MAX, windowMs: 3_600_000 } } } } };

/**
 * Two instances of the app on one database, as behind a proxy that sends each request anywhere: a client's attempts
 * through either add up to one per-IP limit, and an instance started again still has the counts. With PostgreSQL
 * they are two instances proper (own DATA_DIR, SMTP set, as several instances must have); SQLite is one machine, so
 * its two processes share one DATA_DIR.
 */
describe.each(TEST_DATABASES)('per-IP limits shared by instances on %s', (database) => {
  let shared: Record<string, string>;
  let cleanup: () => Promise<void>;
  const apps: TestApp[] = [];
  const start = async () => {
    const t = await createTestApp({ env: shared, build });
    apps.push(t);
    return t;
  };

  beforeAll(async () => {
    if (database === 'postgres') {
      const schema = await makePostgresSchema();
      const mail = await startMailCatcher();
      shared = { DATABASE_URL: schema.url, SMTP_URL: mail.url };
      cleanup = async () => {
        await mail.close();
        await schema.drop();
      };
    } else {
      const dataDir = makeTempDir();
      shared = { DATA_DIR: dataDir.dir };
      cleanup = async () => dataDir.remove();
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await cleanup();
  });

  it('counts attempts through both instances against one limit, and a restarted instance still has them', async () => {
    const a = await start();
    const b = await start();
    const ip = '10.17.0.1';
    const throughA = new TestClient(a.app, undefined, ip);
    const throughB = new TestClient(b.app, undefined, ip);

    // Empty bodies are refused with 400, but each attempt counts against the address, whichever instance took it.
    for (let i = 0; i < SIGN_IN_MAX; i += 1) {
      const via = i % 2 === 0 ? throughA : throughB;
      expect((await via.post('/api/auth/sign-in', {})).statusCode).toBe(400);
    }
    for (const via of [throughA, throughB]) {
      const limited = await via.post('/api/auth/sign-in', {});
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    }
    // Another address, and another route for this address, are counted apart.
    expect((await new TestClient(b.app, undefined, '10.17.0.2').post('/api/auth/sign-in', {})).statusCode).toBe(400);
    expect((await throughA.post('/api/auth/forgot-password', {})).statusCode).toBe(400);

    await a.close();
    await b.close();
    apps.length = 0;
    const restarted = await start();
    const again = await new TestClient(restarted.app, undefined, ip).post('/api/auth/sign-in', {});
    expect(again.statusCode).toBe(429);
  });
});
