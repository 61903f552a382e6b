import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept: the server runs a few hundred at most; a query built with a varying IN list adds more. */
const KEPT_STATEMENTS = 500;

/**
 * The SQLite database as Kysely sees it, with each compiled statement kept by its SQL text. Kysely prepares every query
 * it runs, and better-sqlite3 compiles on every prepare: under load that compiling was the largest single cost of
 * serving a thumbnail, whose access check is one small SELECT (docs/BENCHMARKS.md, load). A kept statement is never
 * used by two queries at once: Kysely runs one query at a time on its only SQLite connection, and holds it while a
 * stream reads. SQLite itself compiles a kept statement again after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, kept = KEPT_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const known = statements.get(sql);
      // Map order is insertion order; re-inserting on use makes the first key the least recently used.
      if (known) statements.delete(sql);
      const statement = known ?? sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > kept) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}
