import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';

/** Counted attempts per action and subject (an e-mail address or user id), for the per-account limits. */
export function createAuthAttemptRepository(db: Db) {
  return {
    async record(action: string, subject: string, at: Date = new Date()): Promise<void> {
      await db
        .insertInto('auth_attempt')
        .values({ id: randomUUID(), action, subject, created_at: at.toISOString() })
        .execute();
    },

    async countSince(action: string, subject: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('auth_attempt')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('action', '=', action)
        .where('subject', '=', subject)
        .where('created_at', '>', since.toISOString())
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async clear(action: string, subject: string): Promise<void> {
      await db.deleteFrom('auth_attempt').where('action', '=', action).where('subject', '=', subject).execute();
    },

    /** Drops rows older than every window, so the table stays small. */
    async pruneBefore(before: Date): Promise<void> {
      await db.deleteFrom('auth_attempt').where('created_at', '<', before.toISOString()).execute();
    },
  };
}

export type AuthAttemptRepository = ReturnType<typeof createAuthAttemptRepository>;
