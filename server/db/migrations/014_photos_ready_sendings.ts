import type { Kysely } from 'kysely';

/**
 * The "your photos are ready" e-mails a client was sent.
 *
 * - `photos_ready_sending`: one e-mail: to which folder's owner, when, to which address, in which language, how many
 *   items it announced. A sending that repeats an earlier batch names that sending in `repeat_of`.
 * - `photos_ready_item`: which sending first announced each item. An item is announced once (its id is the key), so
 *   the next e-mail tells of the items that came after, and two sends at the same moment cannot both announce the same
 *   batch: the second insert breaks the key.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photos_ready_sending')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('folder', 'varchar(255)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('sent_to', 'varchar(320)', (col) => col.notNull())
    .addColumn('language', 'varchar(10)', (col) => col.notNull())
    .addColumn('item_count', 'integer', (col) => col.notNull())
    .addColumn('repeat_of', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('photos_ready_sending_folder')
    .on('photos_ready_sending')
    .columns(['folder', 'sent_at'])
    .execute();

  await db.schema
    .createTable('photos_ready_item')
    .addColumn('media_id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('sending_id', 'varchar(40)', (col) =>
      col.notNull().references('photos_ready_sending.id').onDelete('cascade'),
    )
    .execute();
  await db.schema.createIndex('photos_ready_item_sending').on('photos_ready_item').column('sending_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photos_ready_item').execute();
  await db.schema.dropTable('photos_ready_sending').execute();
}
