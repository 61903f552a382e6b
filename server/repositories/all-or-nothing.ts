import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { DatabaseSchema } from '../db/schema';

/** Thrown inside a transaction to roll it back when a bulk change would be partial. */
class PartialChange extends Error {}

/** Runs `work` in a transaction that is rolled back unless it answers true; answers whether it was committed. */
export async function allOrNothing(
  db: Db,
  work: (trx: Transaction<DatabaseSchema>) => Promise<boolean>,
): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await work(trx))) throw new PartialChange();
    });
    return true;
  } catch (error) {
    if (error instanceof PartialChange) return false;
    throw error;
  }
}
