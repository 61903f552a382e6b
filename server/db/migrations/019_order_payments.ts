import type { Kysely } from 'kysely';

/**
 * Paying an order:
 * - `client_order.reference`: the short reference a client quotes with their payment ("HD-1042"), unique. Orders
 *   placed before this migration get theirs here, in the order they were placed, and the `order-reference` counter
 *   is set so that new orders follow them. The prefix and first number are those of
 *   server/repositories/order-reference.ts when this migration was written (a migration never changes afterwards).
 * - `payment_reported_at`, `payment_reported_method`, `payment_report_note`: the payment the client says they made,
 *   until the photographer marks the order paid.
 * - `reminded_at`: when the client was reminded to pay; the reminder is sent once, by whichever instance sets it.
 */
const PREFIX = 'HD-';
const FIRST = 1001;
const SEQUENCE = 'order-reference';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('client_order').addColumn('reference', 'varchar(20)').execute();
  await db.schema.alterTable('client_order').addColumn('payment_reported_at', 'varchar(30)').execute();
  await db.schema.alterTable('client_order').addColumn('payment_reported_method', 'varchar(20)').execute();
  await db.schema.alterTable('client_order').addColumn('payment_report_note', 'text').execute();
  await db.schema.alterTable('client_order').addColumn('reminded_at', 'varchar(30)').execute();

  const orders = await db.selectFrom('client_order').select('id').orderBy('created_at').orderBy('id').execute();
  let last = FIRST - 1;
  for (const order of orders) {
    last += 1;
    await db
      .updateTable('client_order')
      .set({ reference: `${PREFIX}${last}` })
      .where('id', '=', order.id)
      .execute();
  }
  if (orders.length > 0) {
    await db
      .insertInto('counter')
      .values({ name: SEQUENCE, value: last })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: last }))
      .execute();
  }
  await db.schema.createIndex('client_order_reference').on('client_order').column('reference').unique().execute();
  // The reminder looks for unpaid orders by age.
  await db.schema
    .createIndex('client_order_status_created')
    .on('client_order')
    .columns(['status', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('client_order_status_created').execute();
  await db.schema.dropIndex('client_order_reference').execute();
  for (const column of ['reminded_at', 'payment_report_note', 'payment_reported_method', 'payment_reported_at']) {
    await db.schema.alterTable('client_order').dropColumn(column).execute();
  }
  await db.schema.alterTable('client_order').dropColumn('reference').execute();
  await db.deleteFrom('counter').where('name', '=', SEQUENCE).execute();
}
