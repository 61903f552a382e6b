import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { AgreementTable } from '../db/schema';

/** One accepted version of the booking terms, as the server works with it. */
export interface AgreementRecord {
  id: string;
  userId: string;
  email: string | null;
  /** ISO-8601 UTC, the server's time of acceptance. */
  agreedAt: string;
  language: string;
  userAgent: string;
  termsVersion: string;
}

function toRecord(row: Selectable<AgreementTable>): AgreementRecord {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    agreedAt: row.agreed_at,
    language: row.language,
    userAgent: row.user_agent,
    termsVersion: row.terms_version,
  };
}

/** The agreements audit trail: insert-only, read newest first. */
export function createAgreementRepository(db: Db) {
  return {
    async insert(record: AgreementRecord): Promise<void> {
      await db
        .insertInto('agreement')
        .values({
          id: record.id,
          user_id: record.userId,
          email: record.email,
          agreed_at: record.agreedAt,
          language: record.language,
          user_agent: record.userAgent,
          terms_version: record.termsVersion,
        })
        .execute();
    },

    /** The user's newest acceptance of one terms version, if any. */
    async latestFor(userId: string, termsVersion: string): Promise<AgreementRecord | undefined> {
      const row = await db
        .selectFrom('agreement')
        .selectAll()
        .where('user_id', '=', userId)
        .where('terms_version', '=', termsVersion)
        .orderBy('agreed_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** Newest first, `limit` rows before the `before` timestamp (for paging through a long history). */
    async list(options: { limit: number; before?: string }): Promise<AgreementRecord[]> {
      let query = db.selectFrom('agreement').selectAll().orderBy('agreed_at', 'desc').orderBy('id', 'desc');
      if (options.before) query = query.where('agreed_at', '<', options.before);
      return (await query.limit(options.limit).execute()).map(toRecord);
    },

    /** Every row, oldest first, in batches, so a CSV export of any size streams in flat memory. */
    async *all(batchSize = 500): AsyncGenerator<AgreementRecord> {
      let after: { agreedAt: string; id: string } | null = null;
      for (;;) {
        let query = db.selectFrom('agreement').selectAll().orderBy('agreed_at').orderBy('id').limit(batchSize);
        if (after) {
          const { agreedAt, id } = after;
          query = query.where((eb) =>
            eb.or([eb('agreed_at', '>', agreedAt), eb.and([eb('agreed_at', '=', agreedAt), eb('id', '>', id)])]),
          );
        }
        const rows = await query.execute();
        yield* rows.map(toRecord);
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        after = { agreedAt: last.agreed_at, id: last.id };
      }
    },
  };
}

export type AgreementRepository = ReturnType<typeof createAgreementRepository>;
