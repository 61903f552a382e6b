import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type * as Postgres from 'pg';
import type { Config } from '../env';
import { requireOnUse } from '../require-on-use';
import { migrateToLatest } from './migrate';
import type { DatabaseSchema } from './schema';
import { SCHEMA_LOCK, withDatabaseLock } from './schema-lock';
import { withStatementCache } from './statement-cache';

export type Db = Kysely<DatabaseSchema>;
export type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/** The PostgreSQL driver, loaded the first time an instance on PostgreSQL needs it (server/require-on-use.ts). */
export function postgresDriver(): typeof Postgres {
  return requireOnUse<typeof Postgres>('pg');
}

/** Connects to the configured database as it is, without touching its schema (openDatabase migrates). */
export function connectDatabase(config: Config['database']): Database {
  return config.kind === 'postgres' ? openPostgres(config.url) : openSqlite(config.file);
}

/**
 * Opens the configured database and brings its schema up to date, under the schema lock: instances started at once
 * on an empty database migrate one after the other, and the later ones find nothing left to do.
 */
export async function openDatabase(config: Config['database']): Promise<Database> {
  const database = connectDatabase(config);
  try {
    await withDatabaseLock(database, SCHEMA_LOCK, () => migrateToLatest(database.db, database.kind));
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while the job worker writes; busy_timeout waits out a writer instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

function openPostgres(url: string): Database {
  const pool = new (postgresDriver().Pool)({ connectionString: url, max: 10 });
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
