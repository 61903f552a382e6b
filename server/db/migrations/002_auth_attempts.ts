import type { Kysely } from 'kysely';

/**
 * Counts of sign-in, sign-up and reset attempts per account, so the per-account limits hold across restarts
 * (the reset-code limit spans 24 hours). The account tables themselves belong to better-auth (server/auth).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_attempt')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    .addColumn('subject', 'varchar(320)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('auth_attempt_lookup')
    .on('auth_attempt')
    .columns(['action', 'subject', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_attempt').execute();
}
