import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index';

/** Migrations are listed in code (not read from a folder), so they survive bundling and run the same everywhere. */
class ListedMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Applies every pending migration in one run; a failure stops start-up with the migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, kind: 'sqlite' | 'postgres'): Promise<void> {
  // On PostgreSQL the bookkeeping tables go in the connection's own schema. Without this, Kysely looks for them in
  // any schema of the database and may skip creating its lock table when another schema already has one.
  const migrationTableSchema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: new ListedMigrationProvider(), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
