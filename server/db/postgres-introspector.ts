import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/** One column as the catalog query below reads it. */
interface ColumnRow {
  schema: string;
  table: string;
  is_view: boolean;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
  comment: string | null;
}

/**
 * Kysely's introspection, limited to the connection's own schema (current_schema()). Kysely's own reads the columns
 * of every schema in the database and, for each, looks its schema and table up again by name (has_schema_privilege,
 * pg_get_serial_sequence) outside the query's snapshot: when another schema, or a table in it, is dropped while the
 * query runs, the whole query fails ("schema … does not exist", "column … of relation … does not exist"). Kysely's
 * migrator asks it whether its own tables exist on every start (server/db/migrate.ts), so one instance's start
 * failed whenever another schema of the same database was being dropped or changed meanwhile. Here every lookup goes
 * by the catalog rows the query already holds, and only the schema this instance uses, which its schema lock guards
 * (server/db/schema-lock.ts), is read.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: introspection reads the catalog, not the application's tables
  readonly #db: Kysely<any>;
  readonly #schemas: PostgresIntrospector;

  // biome-ignore lint/suspicious/noExplicitAny: see #db
  constructor(db: Kysely<any>) {
    this.#db = db;
    // Listing the schemas reads pg_namespace alone, which no concurrent drop can break.
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#schemas.getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    // A sequence the column owns (serial) or that implements it (identity) makes it auto-incrementing: the test
    // pg_get_serial_sequence makes, by the column's identity rather than its name.
    const { rows } = await sql<ColumnRow>`
      select current_schema() as "schema", c.relname as "table", c.relkind = 'v' as is_view,
        a.attname as "column", typ.typname as type, dtns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        col_description(a.attrelid, a.attnum) as comment,
        exists (
          select 1 from pg_catalog.pg_depend d
          where d.refclassid = 'pg_catalog.pg_class'::regclass and d.refobjid = a.attrelid and d.refobjsubid = a.attnum
            and d.classid = 'pg_catalog.pg_class'::regclass and d.deptype in ('a', 'i')
            and (select s.relkind from pg_catalog.pg_class s where s.oid = d.objid) = 'S'
        ) as auto_incrementing
      from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_type typ on typ.oid = a.atttypid
        join pg_catalog.pg_namespace dtns on dtns.oid = typ.typnamespace
      where c.relnamespace = (select oid from pg_catalog.pg_namespace where nspname = current_schema())
        and c.relkind in ('r', 'v', 'p') and a.attnum >= 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const internal = new Set(
      options.withInternalKyselyTables ? [] : [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE],
    );
    return groupByTable(rows.filter((row) => !internal.has(row.table)));
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** The columns gathered under their tables, in the order the query read them. */
function groupByTable(rows: ColumnRow[]): TableMetadata[] {
  const tables = new Map<string, { name: string; isView: boolean; schema: string; columns: ColumnMetadata[] }>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, isView: row.is_view, schema: row.schema, columns: [] };
      tables.set(row.table, table);
    }
    table.columns.push({
      name: row.column,
      dataType: row.type,
      dataTypeSchema: row.type_schema,
      isAutoIncrementing: row.auto_incrementing,
      isNullable: !row.not_null,
      hasDefaultValue: row.has_default,
      comment: row.comment ?? undefined,
    });
  }
  return [...tables.values()];
}

/** Kysely's PostgreSQL dialect whose introspection sees only the connection's own schema (CurrentSchemaIntrospector). */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: see CurrentSchemaIntrospector
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
