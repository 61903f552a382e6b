import path from 'node:path';
import { type Database, openDatabase } from '../../db/database';
import type { Config } from '../../env';
import { makePostgresSchema, makeTempDir } from '../harness';

/**
 * A migrated database of the given kind for tests that need repositories without the whole app: SQLite in a temp
 * folder, or a fresh PostgreSQL schema. `dir` is a temp folder the test may use for other files too.
 */
export async function openTestDatabase(
  kind: 'sqlite' | 'postgres',
): Promise<{ database: Database; dir: string; config: Config['database']; close: () => Promise<void> }> {
  const temp = makeTempDir('gallery-db-');
  const pgSchema = kind === 'postgres' ? await makePostgresSchema() : null;
  const config: Config['database'] = pgSchema
    ? { kind: 'postgres', url: pgSchema.url }
    : { kind: 'sqlite', file: path.join(temp.dir, 'app.db') };
  const database = await openDatabase(config);
  return {
    database,
    config,
    dir: temp.dir,
    close: async () => {
      await database.close();
      await pgSchema?.drop();
      temp.remove();
    },
  };
}
