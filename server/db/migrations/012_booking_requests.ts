import type { Kysely } from 'kysely';

/**
 * Booking requests and the photographer's notices.
 *
 * - `booking_request`: a client's request to be photographed at a competition: the event, the date, the rider, the
 *   horses each with their heat (JSON text), the package from the price list and a phone number. The price and
 *   deposit are copied in when it is made, so a later change of the price list never alters it. `status` is `new`
 *   until the photographer confirms or declines it.
 * - `admin_notice`: one row for each thing the photographer was told of (a sign-up, accepted terms, a booking
 *   request); the panel counts the rows newer than when the photographer last looked at that kind.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_request')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('account_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('event_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('event_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('rider_name', 'varchar(120)', (col) => col.notNull())
    .addColumn('horses', 'text', (col) => col.notNull())
    .addColumn('package', 'varchar(20)', (col) => col.notNull())
    .addColumn('phone', 'varchar(30)', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('language', 'varchar(10)', (col) => col.notNull())
    .addColumn('total_amount', 'integer')
    .addColumn('deposit_amount', 'integer')
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('booking_request_created').on('booking_request').column('created_at').execute();
  await db.schema.createIndex('booking_request_account').on('booking_request').column('account_id').execute();

  await db.schema
    .createTable('admin_notice')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('subject', 'varchar(254)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('admin_notice_kind_created').on('admin_notice').columns(['kind', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_notice').execute();
  await db.schema.dropTable('booking_request').execute();
}
