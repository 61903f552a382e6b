import type { Kysely } from 'kysely';

/**
 * Edited versions replace an item's original and keep its id (server/services/media/replace-original.ts).
 *
 * - `media.original_key`: where the original's bytes are stored when not at `full_path`. Null for every item that
 *   was never replaced: its original is at `full_path`, as before. A replacement stores the new bytes under a key of
 *   their own (`_originals/<id>/…`) and only then points the row at them, in the transaction that keeps the previous
 *   one as a version, so a crash in between leaves the item as it was.
 * - `media.edited_at`: when the original the item now has arrived as an edited version; null while it has the one
 *   it was created with (the order card's "Edited" mark).
 * - `media_version`: the previous originals, kept 30 days to be restored: their storage key, size, checksums, type,
 *   the name the file was uploaded under, its own `edited_at`, and when it was replaced. The daily sweep removes the
 *   older ones, row first, then bytes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('original_key', 'varchar(600)').execute();
  await db.schema.alterTable('media').addColumn('edited_at', 'varchar(30)').execute();
  await db.schema
    .createTable('media_version')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('media_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(600)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('md5_hash', 'varchar(32)', (col) => col.notNull())
    // bigint: a CRC-32 is unsigned and does not fit PostgreSQL's signed integer.
    .addColumn('crc32', 'bigint')
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('extension', 'varchar(16)', (col) => col.notNull())
    .addColumn('original_name', 'varchar(500)', (col) => col.notNull())
    .addColumn('edited_at', 'varchar(30)')
    .addColumn('replaced_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('media_version_media').on('media_version').columns(['media_id', 'replaced_at']).execute();
  await db.schema.createIndex('media_version_replaced_at').on('media_version').column('replaced_at').execute();
  await db.schema.createIndex('media_version_storage_key').on('media_version').column('storage_key').execute();
  await db.schema.createIndex('media_original_key').on('media').column('original_key').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('media_original_key').execute();
  await db.schema.dropTable('media_version').execute();
  await db.schema.alterTable('media').dropColumn('edited_at').execute();
  await db.schema.alterTable('media').dropColumn('original_key').execute();
}
