import type { Kysely } from 'kysely';

/**
 * `client.included_picks`: how many picks of the client's first order the photographer includes (set per client in
 * the Clients tab). Null, the value of every existing row, means the rule by how the client came: one who signed up
 * keeps the price list's included images, which their deposit covers; one the photographer invited pays from the
 * first pick (`includedPicksFor` in shared/pricing.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('client').addColumn('included_picks', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('client').dropColumn('included_picks').execute();
}
