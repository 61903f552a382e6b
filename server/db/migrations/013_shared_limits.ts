import type { Kysely } from 'kysely';

/**
 * What several instances on one database must agree on, kept in that database instead of each process's memory:
 * - `lease`: named leases with an expiry (epoch milliseconds), renewed by their holder: the lock of an upload being
 *   written, the claim of a daily sweep's run, and each live instance's presence;
 * - `job.claimed_at`: when the running holder took the job, so scratch files older than every live claim are known
 *   to belong to jobs that died.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lease')
    .addColumn('name', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('holder', 'varchar(100)', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('release_requested', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('job').addColumn('claimed_at', 'varchar(30)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('job').dropColumn('claimed_at').execute();
  await db.schema.dropTable('lease').execute();
}
