import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Gapless named sequences (migration 018_counters). `next` adds 1 to the named counter (starting it at `start` when
 * it has none yet) and answers the new value, in one upsert. Pass the transaction that records what the number is
 * for: the row stays locked until it commits, so concurrent takers get consecutive numbers, and a rollback returns
 * the number, leaving no gap.
 */
export async function nextInSequence(db: Db, name: string, start = 1): Promise<number> {
  const row = await db
    .insertInto('counter')
    .values({ name, value: start })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ value: sql<number>`${sql.ref('counter.value')} + 1` }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
