import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/harness';
import { withStatementCache } from './statement-cache';

interface Schema {
  item: { id: number; name: string };
}

describe('withStatementCache', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let sqlite: SQLite.Database;
  let compiled: string[];

  beforeEach(() => {
    temp = makeTempDir('statement-cache-');
    sqlite = new SQLite(path.join(temp.dir, 'test.sqlite'));
    sqlite.exec('CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    // Counts what SQLite is really asked to compile.
    compiled = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((text: string) => {
      compiled.push(text);
      return prepare(text);
    }) as typeof sqlite.prepare;
  });

  afterEach(() => {
    if (sqlite.open) sqlite.close();
    temp.remove();
  });

  const kysely = (kept?: number) =>
    new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, kept) }) });

  it('compiles a query once however often it runs, each time with its own parameters', async () => {
    const db = kysely();
    for (const [id, name] of [
      [1, 'Zorro'],
      [2, 'Fleur'],
      [3, 'Amir'],
    ] as const) {
      await db.insertInto('item').values({ id, name }).execute();
    }
    const names = [];
    for (const id of [3, 1, 2, 1]) {
      names.push((await db.selectFrom('item').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name);
    }
    expect(names).toEqual(['Amir', 'Zorro', 'Fleur', 'Zorro']);
    expect(compiled).toHaveLength(2);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });

  it('keeps the most recently used statements and compiles a forgotten one again', async () => {
    const db = kysely(2);
    const byId = (id: number) => db.selectFrom('item').selectAll().where('id', '=', id).execute();
    const byName = (name: string) => db.selectFrom('item').selectAll().where('name', '=', name).execute();
    const count = () =>
      db
        .selectFrom('item')
        .select((eb) => eb.fn.countAll().as('n'))
        .execute();
    await byId(1);
    await byName('a');
    await byId(2); // byId is now the most recent, byName the least
    await count(); // forgets byName
    await byId(3);
    expect(compiled).toHaveLength(3);
    await byName('b');
    expect(compiled).toHaveLength(4);
  });

  it('runs a kept statement again after a stream of it has finished, and after the schema changed', async () => {
    const db = kysely();
    await db
      .insertInto('item')
      .values([
        { id: 1, name: 'Zorro' },
        { id: 2, name: 'Fleur' },
      ])
      .execute();
    const all = db.selectFrom('item').selectAll().orderBy('id');
    const streamed = [];
    for await (const row of all.stream()) streamed.push(row.name);
    expect(streamed).toEqual(['Zorro', 'Fleur']);
    expect((await all.execute()).map((row) => row.name)).toEqual(['Zorro', 'Fleur']);
    await sql`ALTER TABLE item ADD COLUMN horse TEXT`.execute(db);
    expect(await all.execute()).toEqual([
      { id: 1, name: 'Zorro', horse: null },
      { id: 2, name: 'Fleur', horse: null },
    ]);
  });
});
