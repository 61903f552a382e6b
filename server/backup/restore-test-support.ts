import { randomBytes } from 'node:crypto';
import { runBackupCommand } from '../../scripts/backup';
import { postgresDriver } from '../db/database';
import { type Config, loadConfig } from '../env';
import { makeTempDir } from '../test/harness';

/** A fresh PostgreSQL database (not a schema: pg_dump and pg_restore work on whole databases), dropped afterwards. */
export async function makePostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `backup_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new (postgresDriver().Client)({ connectionString: base });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export interface RestoreTarget {
  config: Config;
  remove: () => Promise<void>;
}

/**
 * A fresh place to restore into, as an operator sets it up: an empty DATA_DIR (`dataDir`, or a new temp folder) and,
 * on PostgreSQL, an empty database; `env` adds the storage settings.
 */
export async function freshRestoreTarget(
  kind: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RestoreTarget> {
  const temp = dataDir ? null : makeTempDir('gallery-restore-');
  const database = kind === 'postgres' ? await makePostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: dataDir ?? (temp?.dir as string),
    LOG_LEVEL: 'silent',
    DEMO_CONTENT: 'false',
    PUBLIC_URL: 'http://localhost:3000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  return {
    config,
    remove: async () => {
      await database?.drop();
      temp?.remove();
    },
  };
}

/** `npm run backup` / `npm run restore` as the operator runs them: the exit code and everything printed. */
export async function runCommand(
  command: 'backup' | 'restore',
  folder: string,
  config: Config,
): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runBackupCommand(command, folder, { config, out: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}
