import type { Kysely } from 'kysely';

/**
 * A priority for every job (server/repositories/job-repository.ts, JOB_PRIORITY): the worker takes the highest first,
 * then the longest due. Existing jobs are normal (0). The due index becomes (status, priority descending, run_after),
 * the order a claim reads in.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('job')
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('job_due').execute();
  await db.schema.createIndex('job_due').on('job').columns(['status', 'priority desc', 'run_after']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_due').execute();
  await db.schema.createIndex('job_due').on('job').columns(['status', 'run_after']).execute();
  await db.schema.alterTable('job').dropColumn('priority').execute();
}
