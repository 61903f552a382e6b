import type { Kysely } from 'kysely';

/**
 * Clients own their galleries by account id. A `client` row is the photographer's record of a person: it exists
 * before they have an account (an invitation), names the storage folder of their private gallery, and points at
 * exactly one account once they have one. Both the folder and the account are unique, so no two people can ever
 * share a gallery, whatever their addresses look like.
 *
 * `email_token` holds the single-use links sent by e-mail (address verification, invitations, address changes),
 * as SHA-256 hashes only: a stolen copy of the database opens nothing.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('client')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('email', 'varchar(320)', (col) => col.notNull().unique())
    .addColumn('full_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('folder', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('account_id', 'varchar(100)', (col) => col.unique())
    .addColumn('pending_email', 'varchar(320)')
    .addColumn('invited_at', 'varchar(30)')
    .addColumn('last_sign_in_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('email_token')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('client_id', 'varchar(40)')
    .addColumn('account_id', 'varchar(100)')
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('email_token_client').on('email_token').column('client_id').execute();
  await db.schema.createIndex('email_token_account').on('email_token').column('account_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_token').execute();
  await db.schema.dropTable('client').execute();
}
