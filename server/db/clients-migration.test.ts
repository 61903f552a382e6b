import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientList } from '../../shared/schemas/clients';
import type { SessionUser } from '../../shared/schemas/session';
import { createBetterAuth, migrateBetterAuth } from '../auth/better-auth';
import { loadConfig } from '../env';
import { createMediaRepository } from '../repositories/media-repository';
import { linkTokenFromOutbox } from '../test/email-links';
import { createTestApp, makePostgresSchema, makeTempDir, TEST_DATABASES, type TestApp } from '../test/harness';
import { silentLogger } from '../test/support/ingest';
import { makeReadyMedia } from '../test/support/media-factory';
import { FAST_HASH, TestClient } from '../test/test-client';
import { connectDatabase } from './database';
import { runMigrations } from './migrate';
import { migrations } from './migrations/index';

const ADMIN = { email: 'photographer@example.com', password: 'backfill-admin-secret' };
const PASSWORD = 'riding at dawn';
/** The migration that brought clients; the previous release had every migration before it. */
const CLIENTS_MIGRATION = '008_clients';

/**
 * Builds the database of the previous release: its migrations, better-auth's tables, three accounts and media. Two of
 * the accounts share one folder, because their addresses differ only by `.` against `_`.
 */
async function buildPreviousRelease(env: Record<string, string>): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  const database = connectDatabase(config.database);
  try {
    const previous = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < CLIENTS_MIGRATION));
    await runMigrations(database.db, database.kind, previous);
    const auth = createBetterAuth({
      config,
      database,
      secret: 'x'.repeat(40),
      logger: silentLogger as never,
      scrypt: FAST_HASH.auth.scrypt,
    });
    await migrateBetterAuth(auth);
    for (const email of ['alice.smith@example.com', 'alice_smith@example.com', 'dan@example.com']) {
      await auth.api.signUpEmail({ body: { email, password: PASSWORD, name: email.split('@')[0] ?? '' } });
    }
    const media = createMediaRepository(database.db);
    for (const [id, folder] of [
      ['sharedsharedshared0001', 'alice_smith@example_com'],
      ['sharedsharedshared0002', 'alice_smith@example_com'],
      ['dandandandandandan0001', 'dan@example_com'],
    ] as const) {
      await makeReadyMedia(media, { id, folder, size: 100 });
    }
  } finally {
    await database.close();
  }
}

describe.each(TEST_DATABASES)('upgrading a %s database from before clients', (kind) => {
  const temp = makeTempDir('gallery-upgrade-');
  let drop: (() => Promise<void>) | undefined;
  let t: TestApp;
  let admin: TestClient;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = {
      DATA_DIR: temp.dir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_INITIAL_PASSWORD: ADMIN.password,
    };
    if (kind === 'postgres') {
      const schema = await makePostgresSchema();
      drop = schema.drop;
      env.DATABASE_URL = schema.url;
    }
    await buildPreviousRelease(env);
    t = await createTestApp({ env, build: FAST_HASH });
    admin = new TestClient(t.app);
    await admin.signIn(ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
    await drop?.();
    temp.remove();
  });

  async function signInAndVerify(email: string): Promise<SessionUser> {
    const client = new TestClient(t.app);
    expect((await client.signIn(email, PASSWORD)).statusCode).toBe(200);
    const before = (await client.session()) as SessionUser;
    // Accounts from before must prove their address before they see anything private again.
    expect(before).toMatchObject({ emailVerified: false, folder: null });
    expect((await client.get('/api/me/gallery')).statusCode).toBe(403);
    expect((await client.post('/api/auth/verification-email', {})).statusCode).toBe(200);
    const token = await linkTokenFromOutbox(t.config.dataDir, email, 'verify-email');
    expect((await client.post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    return (await client.session()) as SessionUser;
  }

  it('detaches a folder two accounts shared from both, and lists it for the photographer', async () => {
    const dot = await signInAndVerify('alice.smith@example.com');
    const underscore = await signInAndVerify('alice_smith@example.com');
    for (const user of [dot, underscore]) {
      expect(user.folder).not.toBe('alice_smith@example_com');
      expect(user.folder).not.toBeNull();
    }
    expect(dot.folder).not.toBe(underscore.folder);
    const list: ClientList = (await admin.get('/api/admin/clients')).json();
    expect(list.unownedFolders).toEqual([{ folder: 'alice_smith@example_com', itemCount: 2, totalSize: 200 }]);
    expect(list.items.map((client) => client.email).sort()).toEqual([
      'alice.smith@example.com',
      'alice_smith@example.com',
      'dan@example.com',
    ]);
  });

  it('keeps the folder of an account that shared it with nobody', async () => {
    const dan = await signInAndVerify('dan@example.com');
    expect(dan.folder).toBe('dan@example_com');
  });

  it('lets the photographer give the shared folder to the right client', async () => {
    const list: ClientList = (await admin.get('/api/admin/clients')).json();
    const alice = list.items.find((client) => client.email === 'alice.smith@example.com');
    const res = await admin.request({
      method: 'PUT',
      url: `/api/admin/folders/${encodeURIComponent('alice_smith@example_com')}/owner`,
      payload: { clientId: alice?.id },
    });
    expect(res.json()).toMatchObject({ folder: 'alice_smith@example_com', itemCount: 2 });
    const owner = new TestClient(t.app);
    await owner.signIn('alice.smith@example.com', PASSWORD);
    expect((await owner.get('/api/me/gallery')).json().total).toBe(2);
    const other = new TestClient(t.app);
    await other.signIn('alice_smith@example.com', PASSWORD);
    expect((await other.get('/api/me/gallery')).json().total).toBe(0);
  });

  it('does it once: a restart creates no second client and detaches nothing again', async () => {
    await t.app.close();
    t = await createTestApp({
      env: {
        DATA_DIR: temp.dir,
        ADMIN_EMAIL: ADMIN.email,
        ...(kind === 'postgres'
          ? { DATABASE_URL: t.config.database.kind === 'postgres' ? t.config.database.url : '' }
          : {}),
      },
      build: FAST_HASH,
    });
    admin = new TestClient(t.app);
    await admin.signIn(ADMIN.email, ADMIN.password);
    const list: ClientList = (await admin.get('/api/admin/clients')).json();
    expect(list.items).toHaveLength(3);
    expect(list.unownedFolders).toEqual([]);
  });
});
