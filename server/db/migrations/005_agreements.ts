import type { Kysely } from 'kysely';

/**
 * Accepted booking terms: an audit trail the photographer can show. Rows are only ever inserted. The user id is
 * kept as text (not a foreign key) so a deleted account does not erase the proof of what was accepted.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agreement')
    .addColumn('id', 'varchar(120)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('agreed_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('language', 'varchar(10)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(512)', (col) => col.notNull())
    .addColumn('terms_version', 'varchar(64)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('agreement_user_version').on('agreement').columns(['user_id', 'terms_version']).execute();
  await db.schema.createIndex('agreement_agreed_at').on('agreement').column('agreed_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agreement').execute();
}
