import type { Kysely } from 'kysely';

/**
 * `rider_subscription`: "tell me when my photos are ready", one row per event, start number and address.
 *
 * - `confirm_token_hash`: the SHA-256 of the link e-mailed to prove the address; `confirmed_at` is null until it is
 *   opened, and no photo mail goes to an unconfirmed row.
 * - `unsubscribe_token`: a random id in every mail's unsubscribe link (it can only end this one subscription).
 * - `told_count`: how many of the number's photos the last mail told of, so the next mail goes out only when there
 *   are more; `last_notified_at` when that was.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rider_subscription')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('event_id', 'varchar(40)', (col) => col.notNull().references('event.id').onDelete('cascade'))
    .addColumn('number', 'varchar(20)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('language', 'varchar(10)', (col) => col.notNull())
    .addColumn('confirm_token_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('confirmed_at', 'varchar(30)')
    .addColumn('unsubscribe_token', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('told_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_notified_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addUniqueConstraint('rider_subscription_event_number_email', ['event_id', 'number', 'email'])
    .execute();
  await db.schema
    .createIndex('rider_subscription_confirm')
    .on('rider_subscription')
    .column('confirm_token_hash')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rider_subscription').execute();
}
