import type { Kysely } from 'kysely';

/**
 * What makes the per-account limits hold when attempts arrive at once, on any number of instances:
 * - `auth_attempt.source`: the client address an attempt came from, for the limits kept per account and address
 *   (failed sign-ins stop the address that made them, while the owner elsewhere still signs in); null for the others;
 * - `auth_attempt_gate`: one row per counted key (a hash of action, subject and source), written at the start of each
 *   reservation so that reservations of one key wait for each other: each counts every attempt reserved before it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  // 100: an IPv6 address is at most 45 characters, with room for a zone or a proxy's form of it.
  await db.schema.alterTable('auth_attempt').addColumn('source', 'varchar(100)').execute();
  await db.schema
    .createTable('auth_attempt_gate')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('used_at', 'varchar(30)', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_attempt_gate').execute();
  await db.schema.alterTable('auth_attempt').dropColumn('source').execute();
}
