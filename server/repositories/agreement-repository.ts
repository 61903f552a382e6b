import type { Db } from '../db/database';
import type { AgreementTable } from '../db/schema';

export type AgreementRow = AgreementTable;

/** The agreements audit trail: insert-only, read newest first. */
export function createAgreementRepository(db: Db) {
  return {
    async insert(row: AgreementRow): Promise<void> {
      await db.insertInto('agreement').values(row).execute();
    },

    /** The user's newest acceptance of one terms version, if any. */
    async latestFor(userId: string, termsVersion: string): Promise<AgreementRow | undefined> {
      return db
        .selectFrom('agreement')
        .selectAll()
        .where('user_id', '=', userId)
        .where('terms_version', '=', termsVersion)
        .orderBy('agreed_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Newest first, `limit` rows before the `before` timestamp (for paging through a long history). */
    async list(options: { limit: number; before?: string }): Promise<AgreementRow[]> {
      let query = db.selectFrom('agreement').selectAll().orderBy('agreed_at', 'desc').orderBy('id', 'desc');
      if (options.before) query = query.where('agreed_at', '<', options.before);
      return query.limit(options.limit).execute();
    },

    /** Every row, oldest first, in batches, so a CSV export of any size streams in flat memory. */
    async *all(batchSize = 500): AsyncGenerator<AgreementRow> {
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
        yield* rows;
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        after = { agreedAt: last.agreed_at, id: last.id };
      }
    },
  };
}

export type AgreementRepository = ReturnType<typeof createAgreementRepository>;
