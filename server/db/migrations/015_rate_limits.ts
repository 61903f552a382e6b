import type { Kysely } from 'kysely';

/**
 * `rate_limit`: the per-address request counters of the rate-limited routes, kept in the database so every instance
 * counts against one total and a restart forgets nothing. One row per limiter scope (a route, or a group of routes)
 * and key (the client address): `hits` in the window that ends at `expires_at` (epoch milliseconds). A request after
 * `expires_at` starts a new window in the same row; rows past it are swept.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('scope', 'varchar(300)', (col) => col.notNull())
    .addColumn('key', 'varchar(300)', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limit_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('rate_limit_expires').on('rate_limit').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit').execute();
}
