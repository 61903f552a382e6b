import type { Kysely } from 'kysely';

/**
 * Media records: one row per original file, with its stored-object metadata (content type, size, MD5, generations,
 * cache and disposition headers, custom metadata), what the pipeline learned
 * (size in pixels, duration, placeholder, derivatives) and where it sits in its gallery.
 *
 * Gallery pages read `(folder, status, position, id)` or `(folder, status, is_video, position, id)` in index order
 * with a keyset cursor, so page 10,000 costs what page 1 costs. Booleans are 0/1 integers and timestamps ISO text,
 * so SQLite and PostgreSQL store and compare them the same way.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('folder', 'varchar(255)', (col) => col.notNull())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('full_path', 'varchar(600)', (col) => col.notNull())
    .addColumn('extension', 'varchar(16)', (col) => col.notNull())
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('md5_hash', 'varchar(32)', (col) => col.notNull())
    .addColumn('generation', 'varchar(24)', (col) => col.notNull())
    .addColumn('metageneration', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('time_created', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated', 'varchar(30)', (col) => col.notNull())
    .addColumn('cache_control', 'varchar(200)')
    .addColumn('content_disposition', 'text')
    .addColumn('content_encoding', 'varchar(50)')
    .addColumn('content_language', 'varchar(35)')
    .addColumn('custom_metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration', 'double precision')
    .addColumn('is_video', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('placeholder', 'varchar(100)')
    .addColumn('derivatives', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('error_code', 'varchar(40)')
    .addColumn('position', 'double precision', (col) => col.notNull())
    .addColumn('is_demo', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deleted_at', 'varchar(30)')
    .execute();

  await db.schema.createIndex('media_full_path_unique').on('media').column('full_path').unique().execute();
  await db.schema
    .createIndex('media_gallery_order')
    .on('media')
    .columns(['folder', 'status', 'position', 'id'])
    .execute();
  await db.schema
    .createIndex('media_gallery_kind_order')
    .on('media')
    .columns(['folder', 'status', 'is_video', 'position', 'id'])
    .execute();
  await db.schema.createIndex('media_folder_md5').on('media').columns(['folder', 'md5_hash']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
