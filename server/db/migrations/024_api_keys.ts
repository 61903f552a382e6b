import type { Kysely } from 'kysely';

/**
 * `api_key`: the keys the photographer's tools (the sync command) sign in with. Only the SHA-256 of a key is kept:
 * the key itself is shown once, when it is made. `prefix` is its first characters, not secret, for recognising a key
 * in the list. A revoked key keeps its row (with `revoked_at`), so the list still says which key stopped when.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('key_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('prefix', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key').execute();
}
