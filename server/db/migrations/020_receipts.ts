import type { Kysely } from 'kysely';

/**
 * `receipt`: the numbered receipt of a paid order, issued in the transaction that marks the order paid. Its number
 * runs per calendar year of the payment date (`year`, `number`: 2026-0001, 2026-0002, …), taken from the gapless
 * counter `receipt:<year>` (018_counters), so (year, number) is unique and has no holes. One receipt per order, never
 * deleted or renumbered: an order cancelled after payment keeps it.
 *
 * A receipt is a document: it keeps what it said when it was issued (the business's name and numbers, the client,
 * the items' file names as a JSON array, the amount, the method and the date), so a later change of the business
 * details, the client's name or the order never alters it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receipt')
    .addColumn('order_id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('issued_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('language', 'varchar(10)', (col) => col.notNull())
    .addColumn('business_name', 'text', (col) => col.notNull())
    .addColumn('business_number', 'varchar(20)')
    .addColumn('business_address', 'text')
    .addColumn('business_phone', 'text')
    .addColumn('client_name', 'text', (col) => col.notNull())
    .addColumn('client_email', 'text', (col) => col.notNull())
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('payment_method', 'varchar(20)', (col) => col.notNull())
    .addColumn('paid_on', 'varchar(10)', (col) => col.notNull())
    .addUniqueConstraint('receipt_year_number', ['year', 'number'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('receipt').execute();
}
