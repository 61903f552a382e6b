import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { makePostgresSchema } from '../test/harness';
import { connectDatabase, type Database } from './database';

describe.runIf(process.env.TEST_DATABASE_URL)('introspection on PostgreSQL', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A fresh schema of the shared test database; `statements` run in it first. */
  async function schemaWith(statements: string): Promise<string> {
    const schema = await makePostgresSchema();
    cleanups.push(schema.drop);
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    await client.query(statements);
    await client.end();
    return schema.url;
  }

  async function connect(url: string): Promise<Database> {
    const database = connectDatabase({ kind: 'postgres', url });
    cleanups.push(() => database.close());
    return database;
  }

  it("reads the tables, views and columns of the connection's own schema, and no other", async () => {
    await schemaWith('create table elsewhere (id integer)');
    const database = await connect(
      await schemaWith(`
        create table kysely_migration (name text);
        create table item (id serial primary key, rank integer generated always as identity, note text default 'x');
        comment on column item.note is 'shown to clients';
        create view item_note as select note from item`),
    );
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]
      ?.schema;
    const column = {
      dataTypeSchema: 'pg_catalog',
      isAutoIncrementing: false,
      isNullable: true,
      hasDefaultValue: false,
    };

    expect(await database.db.introspection.getTables()).toEqual([
      {
        name: 'item',
        isView: false,
        schema,
        columns: [
          {
            ...column,
            name: 'id',
            dataType: 'int4',
            isAutoIncrementing: true,
            isNullable: false,
            hasDefaultValue: true,
          },
          { ...column, name: 'rank', dataType: 'int4', isAutoIncrementing: true, isNullable: false },
          { ...column, name: 'note', dataType: 'text', hasDefaultValue: true, comment: 'shown to clients' },
        ],
      },
      { name: 'item_note', isView: true, schema, columns: [{ ...column, name: 'note', dataType: 'text' }] },
    ]);
    const withKysely = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withKysely.map((table) => table.name)).toEqual(['item', 'item_note', 'kysely_migration']);
  });

  it('keeps answering while other schemas of the database are created and dropped', async () => {
    const database = await connect(await schemaWith('create table item (id integer)'));
    let churning = true;
    const read = async () => {
      while (churning) await database.db.introspection.getTables();
    };
    const failure = read().then(
      () => null,
      (error: unknown) => {
        churning = false;
        return error;
      },
    );
    try {
      // Other instances' schemas, or other test files', coming and going: Kysely's own introspection, which looked
      // at every schema, failed within a few of these.
      for (let round = 0; round < 10 && churning; round++) {
        await schemaWith(Array.from({ length: 20 }, (_, n) => `create table t${n} (id serial, note text)`).join(';'));
        await cleanups.pop()?.();
      }
    } finally {
      churning = false;
    }
    expect(await failure).toBeNull();
  });
});
