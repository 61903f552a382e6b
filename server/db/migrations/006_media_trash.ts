import type { Kysely } from 'kysely';

/**
 * The trash: deleted media keep their row (with `deleted_at`) for 30 days so the admin can restore them, then a
 * daily sweep purges them. This index lets the trash list and the sweep read only the deleted rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('media_deleted_at').on('media').column('deleted_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('media_deleted_at').execute();
}
