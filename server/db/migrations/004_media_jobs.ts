import type { Kysely } from 'kysely';

/**
 * Durable background jobs. A worker claims a row by a conditional UPDATE (queued and due, or running with an expired
 * lease), so two workers never hold the same job and a job cut off by a crash runs again once its lease ends.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('type', 'varchar(60)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(12)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('run_after', 'varchar(30)', (col) => col.notNull())
    .addColumn('locked_by', 'varchar(120)')
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('job_due').on('job').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('job_lease').on('job').columns(['status', 'locked_until']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job').execute();
}
