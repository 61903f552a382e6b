import type { Kysely } from 'kysely';

/**
 * The CRC-32 of each original, computed once by the ingest job while it reads the file anyway. Download-all then
 * streams the folder's ZIP without computing it again: CRC-32 over every byte was the archive's slowest step.
 * Null for rows made before this column existed; the archive computes those while streaming, as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  // bigint: a CRC-32 is unsigned and does not fit PostgreSQL's signed integer.
  await db.schema.alterTable('media').addColumn('crc32', 'bigint').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('crc32').execute();
}
