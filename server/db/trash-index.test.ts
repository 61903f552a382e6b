import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/harness';
import { connectDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';

/** SQLite's plan for a query, one `detail` line per step. */
async function plan(database: Database, query: string): Promise<string> {
  const rows = await sql<{ detail: string }>`${sql.raw(`EXPLAIN QUERY PLAN ${query}`)}`.execute(database.db);
  return rows.rows.map((row) => row.detail).join('\n');
}

describe('the trash index on SQLite', () => {
  const temp = makeTempDir('gallery-trash-index-');
  let database: Database;

  beforeAll(async () => {
    database = connectDatabase({ kind: 'sqlite', file: `${temp.dir}/app.db` });
    await migrateToLatest(database.db, 'sqlite');
  });

  afterAll(async () => {
    await database.close();
    temp.remove();
  });

  it('leaves visible items to their keys: looking up ids never walks the trash index', async () => {
    // A search result's few hundred items: with so many ids, SQLite's estimates used to prefer `deleted_at IS NULL`.
    const ids = Array.from({ length: 400 }, (_, i) => `'id-${i}'`).join(', ');
    const detail = await plan(
      database,
      `SELECT * FROM media WHERE id IN (${ids}) AND status = 'ready' AND deleted_at IS NULL`,
    );
    expect(detail).not.toMatch(/media_trashed_at|media_deleted_at/);
    expect(detail).toMatch(/USING INDEX sqlite_autoindex_media_1 \(id=\?\)/);
  });

  it('still serves the trash list and the daily sweep', async () => {
    expect(await plan(database, 'SELECT * FROM media WHERE deleted_at IS NOT NULL ORDER BY deleted_at DESC')).toMatch(
      /media_trashed_at/,
    );
    expect(await plan(database, "SELECT * FROM media WHERE deleted_at < '2026-01-01' ORDER BY deleted_at")).toMatch(
      /media_trashed_at/,
    );
  });
});
