import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Config } from '../env';
import { connectDatabase, postgresDriver } from './database';

const run = promisify(execFile);

/**
 * A consistent copy of the database while the server keeps reading and writing: SQLite's online backup API (WAL
 * mode), or pg_dump's custom format (one transaction snapshot, restorable with pg_restore). pg_dump must be of the
 * server's major version or newer.
 */
export async function snapshotDatabase(database: Config['database'], destination: string): Promise<void> {
  if (database.kind === 'sqlite') {
    const sqlite = new SQLite(database.file, { fileMustExist: true });
    try {
      await sqlite.backup(destination);
    } finally {
      sqlite.close();
    }
    return;
  }
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', destination, database.url], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Puts a snapshot back into an empty database (see isEmptyDatabase), all or nothing. The leases it holds belonged to
 * the processes of the snapshot's site (their presence, their running jobs): they are forgotten, so the restored
 * site neither waits for them nor counts them as other live instances.
 */
export async function restoreDatabase(database: Config['database'], source: string): Promise<void> {
  if (database.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    fs.copyFileSync(source, database.file, fs.constants.COPYFILE_EXCL);
  } else {
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      database.url,
      source,
    ]);
  }
  const restored = connectDatabase(database);
  try {
    const tables = await restored.db.introspection.getTables();
    // A snapshot taken before leases existed has none to forget.
    if (tables.some((table) => table.name === 'lease')) await restored.db.deleteFrom('lease').execute();
  } finally {
    await restored.close();
  }
}

/** No SQLite file yet, or a PostgreSQL schema without tables. */
export async function isEmptyDatabase(database: Config['database']): Promise<boolean> {
  if (database.kind === 'sqlite') return !fs.existsSync(database.file);
  const client = new (postgresDriver().Client)({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      'SELECT count(*) AS count FROM information_schema.tables WHERE table_schema = current_schema()',
    );
    return Number(rows[0]?.count ?? 0) === 0;
  } finally {
    await client.end();
  }
}
