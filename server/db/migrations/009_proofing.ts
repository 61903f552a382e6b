import { type Kysely, sql } from 'kysely';

/**
 * Proofing and orders.
 *
 * - `gallery_mode`: the mode of a client gallery, by folder; a folder without a row is `delivered` (what every
 *   gallery was before proofing existed).
 * - `pick`: a client's current, unsent selection. Sending it turns the picks into an order's items.
 * - `client_order`: what a client ordered, with its prices copied in (count, included picks, unit price, total), so a
 *   later change to the price list never alters it. Its `scope` is the folder the selection was made in: the
 *   client's own gallery, or a competition's. `folder` is where the bought photos are delivered: the client's own.
 *   `kind` says whether it is picks or a whole competition entry (`event_id`, `entry_id`). At most one order per
 *   account and scope is open (submitted or paid) at a time: a partial unique index says so, so two sends at once
 *   make one order, whatever the timing.
 * - `client_order_item`: the media items of an order. `client_order_event`: its status history, with times.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gallery_mode')
    .addColumn('folder', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('mode', 'varchar(20)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('pick')
    .addColumn('account_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('media_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('pick_pk', ['account_id', 'media_id'])
    .execute();

  await db.schema
    .createTable('client_order')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('account_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('folder', 'varchar(255)', (col) => col.notNull())
    .addColumn('scope', 'varchar(255)', (col) => col.notNull())
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('event_id', 'varchar(40)')
    .addColumn('entry_id', 'varchar(40)')
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('language', 'varchar(10)', (col) => col.notNull())
    .addColumn('item_count', 'integer', (col) => col.notNull())
    .addColumn('included_count', 'integer', (col) => col.notNull())
    .addColumn('unit_amount', 'integer', (col) => col.notNull())
    .addColumn('total_amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('payment_method', 'varchar(20)')
    .addColumn('paid_amount', 'integer')
    .addColumn('paid_at', 'varchar(30)')
    .addColumn('delivery', 'varchar(20)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('client_order_account')
    .on('client_order')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema.createIndex('client_order_created').on('client_order').column('created_at').execute();
  await db.schema
    .createIndex('client_order_one_open')
    .on('client_order')
    .columns(['account_id', 'scope'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('submitted', 'paid')`)
    .execute();

  await db.schema
    .createTable('client_order_item')
    .addColumn('order_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('media_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('client_order_item_pk', ['order_id', 'media_id'])
    .execute();
  await db.schema.createIndex('client_order_item_media').on('client_order_item').column('media_id').execute();

  await db.schema
    .createTable('client_order_event')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('client_order_event_order')
    .on('client_order_event')
    .columns(['order_id', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['client_order_event', 'client_order_item', 'client_order', 'pick', 'gallery_mode']) {
    await db.schema.dropTable(table).execute();
  }
}
