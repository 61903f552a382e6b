import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type PostgresPool, type PostgresPoolClient, SqliteDialect } from 'kysely';
import type * as Postgres from 'pg';
import type { Config } from '../env';
import { requireOnUse } from '../require-on-use';
import { migrateToLatest } from './migrate';
import { CurrentSchemaPostgresDialect } from './postgres-introspector';
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

/**
 * The database cannot be reached: its server refused or dropped the connection (a restart, a stop, the network), or
 * is starting up. The answer is 503 with Retry-After (server/plugins/error-handler.ts) and a job waits and retries
 * (server/jobs/worker.ts). As with any lost connection, a statement in flight may or may not have taken effect.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unreachable.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATEs of a server that is away: connection exceptions, shutting down or starting up, out of connections. */
const AWAY_STATES = /^(08...|57P0[123]|53300)$/;
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres says "the connection is gone" (or never opened in time) in words only, without a code. */
const LOST =
  /^(Connection terminated|timeout expired$|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

function isConnectionLoss(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return AWAY_STATES.test(code) || UNREACHABLE.has(code);
  return typeof message === 'string' && LOST.test(message);
}

/** How long a new connection may take to open before the query waiting for it fails (503 rather than a hang). */
const CONNECT_TIMEOUT_MS = 5000;

function openPostgres(url: string): Database {
  const { Pool, Client } = postgresDriver();
  // The pool reads connectionTimeoutMillis too, as a limit on waiting for a free connection, which a busy instance
  // may rightly do for longer: so it is given to each new connection only.
  class TimedClient extends Client {
    constructor(config: Postgres.ClientConfig = {}) {
      super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    }
  }
  const pool = new Pool({ connectionString: url, max: 10, keepAlive: true, Client: TimedClient });
  // Without a listener, a connection's 'error' when the server goes away ends the process: the pool re-emits an idle
  // one's, and one in use by a query emits its own. Nothing more is needed: the broken connection leaves the pool,
  // the statement it ran fails (DatabaseUnavailableError, logged where it is met), and the next query opens a new
  // one. The change feed's own connection logs the loss even when no request comes (server/db/change-transport.ts).
  const ignore = () => undefined;
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  // Its introspection reads only this instance's schema, so other schemas of the database changing meanwhile cannot
  // fail it (the migrator's first step at every start).
  const db = new Kysely<DatabaseSchema>({
    dialect: new CurrentSchemaPostgresDialect({ pool: unavailableWhenAway(pool) }),
  });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** The pool as Kysely uses it, with a lost connection's failure turned into DatabaseUnavailableError. */
function unavailableWhenAway(pool: Postgres.Pool): PostgresPool {
  const rethrow = (error: unknown): never => {
    throw isConnectionLoss(error) ? new DatabaseUnavailableError(error) : error;
  };
  // One wrapper per connection: Kysely keeps its own state per client object.
  const wrappers = new WeakMap<Postgres.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect().catch(rethrow);
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        const query = (text: string, values: ReadonlyArray<unknown>) => client.query(text, [...values]).catch(rethrow);
        // Only the (text, values) form: no cursor is configured, so Kysely never passes one.
        wrapper = { query, release: () => client.release() } as unknown as PostgresPoolClient;
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
