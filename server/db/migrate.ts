import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { migrations, RENAMED_MIGRATIONS } from './migrations/index';

/** Kysely's record of the migrations a database has run. */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Gives migrations a database recorded under an earlier name their current name (RENAMED_MIGRATIONS), in one
 * transaction, so the migrator sees them as done and runs nothing twice. Running it again changes nothing.
 */
async function renameRecordedMigrations(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
  db: Kysely<any>,
  kind: 'sqlite' | 'postgres',
  schema: string | undefined,
): Promise<void> {
  const found =
    kind === 'sqlite'
      ? await sql`select 1 from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(db)
      : await sql`select 1 from information_schema.tables
          where table_schema = current_schema() and table_name = ${MIGRATION_TABLE}`.execute(db);
  if (found.rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const scoped = schema === undefined ? trx : trx.withSchema(schema);
    for (const [before, after] of Object.entries(RENAMED_MIGRATIONS)) {
      await scoped.updateTable(MIGRATION_TABLE).set({ name: after }).where('name', '=', before).execute();
    }
  });
}

/** Where Kysely keeps its bookkeeping: the connection's own schema on PostgreSQL, the one database on SQLite. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
async function migrationTableSchema(db: Kysely<any>, kind: 'sqlite' | 'postgres'): Promise<string | undefined> {
  // Kysely names its tables with this schema; the introspection it finds them with reads this schema alone too
  // (server/db/postgres-introspector.ts), so another schema's tables of the same name never stand in for them.
  if (kind === 'sqlite') return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
}

/**
 * Runs, in name order, every migration of `list` the database has not run yet; a failure throws with the migration's
 * name. migrateToLatest runs today's list; tests run an earlier release's list to build the databases it left.
 */
export async function runMigrations(
  // biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
  db: Kysely<any>,
  kind: 'sqlite' | 'postgres',
  list: Record<string, Migration>,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => list },
    migrationTableSchema: await migrationTableSchema(db, kind),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Applies every pending migration in one run; a failure stops start-up with the migration's name. Migrations are
 * listed in code (not read from a folder), so they survive bundling and run the same everywhere.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, kind: 'sqlite' | 'postgres'): Promise<void> {
  await renameRecordedMigrations(db, kind, await migrationTableSchema(db, kind));
  await runMigrations(db, kind, migrations);
}
