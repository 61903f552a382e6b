import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A counter's state: hits in the present window and the milliseconds left in it. */
export interface Count {
  current: number;
  ttl: number;
}

/**
 * Request counters per (scope, key) in the `rate_limit` table. A window starts with the first hit and lasts
 * `windowMs`; the first hit after it ends starts the next one in the same row. Each hit is one INSERT … ON CONFLICT
 * DO UPDATE … RETURNING statement, so hits from any number of instances at once are all counted, each once.
 */
export function createRateLimitRepository(db: Db) {
  return {
    async hit(scope: string, key: string, windowMs: number, now: number = Date.now()): Promise<Count> {
      const expired = sql<boolean>`${sql.ref('rate_limit.expires_at')} <= ${now}`;
      const row = await db
        .insertInto('rate_limit')
        .values({ scope, key, hits: 1, expires_at: now + windowMs })
        .onConflict((conflict) =>
          conflict.columns(['scope', 'key']).doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limit.hits')} + 1 end`,
            expires_at: sql<number>`case when ${expired} then ${sql.ref('excluded.expires_at')} else ${sql.ref('rate_limit.expires_at')} end`,
          }),
        )
        .returning(['hits', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { current: Number(row.hits), ttl: Number(row.expires_at) - now };
    },

    /** The counter as it stands, without counting a hit. */
    async read(scope: string, key: string, now: number = Date.now()): Promise<Count> {
      const row = await db
        .selectFrom('rate_limit')
        .select(['hits', 'expires_at'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? { current: Number(row.hits), ttl: Number(row.expires_at) - now } : { current: 0, ttl: 0 };
    },

    /** Drops the rows whose window has ended: they would only start over at 1. */
    async sweep(now: number = Date.now()): Promise<number> {
      const result = await db.deleteFrom('rate_limit').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
