import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { makePostgresSchema, makeTempDir, TEST_DATABASES } from '../test/harness';
import { connectDatabase, type Database } from './database';
import { migrateToLatest, runMigrations } from './migrate';
import { migrations, RENAMED_MIGRATIONS } from './migrations/index';

const OLD_NAME = Object.fromEntries(Object.entries(RENAMED_MIGRATIONS).map(([before, after]) => [after, before]));
/** Today's migrations under the names the earlier releases recorded (three of them numbered 002). */
const RELEASED = Object.fromEntries(Object.entries(migrations).map(([name, m]) => [OLD_NAME[name] ?? name, m]));

describe.each(TEST_DATABASES)('renumbered migrations on %s', (kind) => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An empty database of this kind, connected without migrating. */
  async function emptyDatabase(): Promise<Database> {
    let database: Database;
    if (kind === 'postgres') {
      const schema = await makePostgresSchema();
      cleanups.push(schema.drop);
      database = connectDatabase({ kind: 'postgres', url: schema.url });
    } else {
      const temp = makeTempDir('gallery-migrate-');
      cleanups.push(temp.remove);
      database = connectDatabase({ kind: 'sqlite', file: `${temp.dir}/app.db` });
    }
    cleanups.push(() => database.close());
    return database;
  }

  /** Migrates as an earlier release did: its names, up to and including `last`. */
  async function migrateAsReleased(database: Database, last: string): Promise<void> {
    await runMigrations(
      database.db,
      kind,
      Object.fromEntries(Object.entries(RELEASED).filter(([name]) => name <= last)),
    );
  }

  async function recorded(database: Database): Promise<string[]> {
    const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    return rows.rows.map((row) => row.name);
  }

  it('numbers every migration once, in the order the releases ran them', () => {
    const names = Object.keys(migrations);
    const prefixes = names.map((name) => name.slice(0, name.indexOf('_')));
    expect(new Set(prefixes).size).toBe(names.length);
    expect(
      Object.keys(RELEASED)
        .sort()
        .map((name) => RENAMED_MIGRATIONS[name] ?? name),
    ).toEqual(names.toSorted());
  });

  it('upgrades a database migrated under the old names without running anything twice', async () => {
    const database = await emptyDatabase();
    await migrateAsReleased(database, '006_clients');
    await database.db.insertInto('setting').values({ key: 'kept', value: '1', updated_at: 'then' }).execute();
    expect(await recorded(database)).toContain('002_media_jobs');

    await migrateToLatest(database.db, kind);
    expect(await recorded(database)).toEqual(Object.keys(migrations).toSorted());
    expect(await database.db.selectFrom('setting').select('value').where('key', '=', 'kept').execute()).toEqual([
      { value: '1' },
    ]);
    // A second start changes nothing.
    await migrateToLatest(database.db, kind);
    expect(await recorded(database)).toEqual(Object.keys(migrations).toSorted());
  });

  it('finishes a database of an older release: renames what it ran, then runs only the rest', async () => {
    const database = await emptyDatabase();
    await migrateAsReleased(database, '004_media_trash');
    expect(await recorded(database)).not.toContain('005_media_crc32');

    await migrateToLatest(database.db, kind);
    expect(await recorded(database)).toEqual(Object.keys(migrations).toSorted());
    // The columns and tables of the migrations that ran now exist.
    await database.db.selectFrom('media').select(['crc32']).execute();
    await database.db.selectFrom('client').select(['id']).execute();
  });

  it('migrates an empty database under the new names', async () => {
    const database = await emptyDatabase();
    await migrateToLatest(database.db, kind);
    expect(await recorded(database)).toEqual(Object.keys(migrations).toSorted());
  });
});
