import type { Kysely } from 'kysely';

/**
 * `counter`: named sequences that must have no gaps, such as an order's short reference and the receipts of a
 * calendar year (one row per name, e.g. `receipt:2026`). A number is taken by one upsert that adds 1 and returns the
 * new value, inside the transaction that uses it: a rolled-back use gives its number back, and concurrent takers on
 * any instance wait on the row's lock, so each number goes to exactly one record.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('counter')
    .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('counter').execute();
}
