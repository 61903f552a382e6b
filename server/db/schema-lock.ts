import { sql } from 'kysely';
import type { Database } from './database';

/**
 * Runs `work` while holding the database-wide lock named `name`, so instances starting together on one database
 * take turns: schema changes (ours and better-auth's), creating the admin, installing the demo set. On PostgreSQL it
 * is a session advisory lock, keyed by the connection's schema and the name (schemas sharing a server do not wait
 * for each other), held on one pooled connection while `work` uses the others; a crashed holder's connection closes
 * and the server releases the lock at once. SQLite serves one machine, whose processes take turns on every write
 * already, so `work` simply runs.
 */
export async function withDatabaseLock<T>(
  database: Pick<Database, 'db' | 'kind'>,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind === 'sqlite') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(current_schema()), hashtext(${name}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(current_schema()), hashtext(${name}))`.execute(connection);
    }
  });
}

/** The lock every change of the schema runs under (server/db/migrate.ts, server/auth/better-auth.ts). */
export const SCHEMA_LOCK = 'schema';
