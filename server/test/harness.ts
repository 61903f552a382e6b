import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { toolAvailable } from '../../e2e/support/required-tool';
import { type BuildOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../env';
import { FAST_HASH, TestClient } from './test-client';

/** A fresh temporary folder, removed by the returned cleanup. */
export function makeTempDir(prefix = 'gallery-test-'): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The databases the repository and API tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: Array<'sqlite' | 'postgres'> = toolAvailable(
  'PostgreSQL (TEST_DATABASE_URL)',
  process.env.TEST_DATABASE_URL !== undefined,
)
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * Creates an empty PostgreSQL schema for one test app and returns a connection URL that uses it, so test files can
 * run in parallel without seeing each other's rows. The schema is dropped by the returned cleanup.
 */
export async function makePostgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * Builds the real application on a temporary DATA_DIR and the chosen database. Environment overrides go through
 * the same parser as production, so a test cannot build a configuration the server would refuse.
 */
export async function createTestApp(
  options: { database?: 'sqlite' | 'postgres'; env?: Record<string, string>; build?: BuildOptions } = {},
): Promise<TestApp> {
  const temp = makeTempDir();
  const pgSchema = options.database === 'postgres' ? await makePostgresSchema() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    // Required with PostgreSQL or S3 (server/env.ts); the same key on every test app is what instances share.
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: temp.dir,
    LOG_LEVEL: 'silent',
    DEMO_CONTENT: 'false',
    // The OCR models cost ~1 s a photo: only the tests about reading start numbers turn it on.
    READ_START_NUMBERS: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
    ...options.env,
  });
  // Test apps hash passwords at a lower cost unless a test asks otherwise; password-hash.test.ts checks the real one.
  const app = await buildApp(config, { webRoot: path.join(temp.dir, 'no-web-build'), ...FAST_HASH, ...options.build });
  await app.ready();
  return {
    app,
    config,
    dataDir: temp.dir,
    close: async () => {
      await app.close();
      await pgSchema?.drop();
      temp.remove();
    },
  };
}

/**
 * A test app whose administrator is `admin`, with a client already signed in as them: most route suites start so.
 * `env` adds to the administrator's variables.
 */
export async function createTestAppWithAdmin(
  database: 'sqlite' | 'postgres',
  admin: { email: string; password: string },
  env: Record<string, string> = {},
): Promise<{ t: TestApp; admin: TestClient }> {
  const t = await createTestApp({
    database,
    env: { ADMIN_EMAIL: admin.email, ADMIN_INITIAL_PASSWORD: admin.password, ...env },
    build: FAST_HASH,
  });
  const client = new TestClient(t.app);
  await client.signIn(admin.email, admin.password);
  return { t, admin: client };
}
