import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * Whose attempts are counted: an action and its subject (an e-mail address or user id), and for the limits kept per
 * account and address, the client address (`source`). Without a source, every address of the subject counts.
 */
export interface AttemptKey {
  action: string;
  subject: string;
  source?: string;
}

/** The gate row of a key: a hash, so any subject and address fit the column. */
function gateOf(key: AttemptKey): string {
  return createHash('sha256')
    .update(JSON.stringify([key.action, key.subject, key.source ?? null]))
    .digest('hex');
}

async function countSince(db: Db, key: AttemptKey, since: Date): Promise<number> {
  let query = db
    .selectFrom('auth_attempt')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('action', '=', key.action)
    .where('subject', '=', key.subject)
    .where('created_at', '>', since.toISOString());
  if (key.source !== undefined) query = query.where('source', '=', key.source);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Counted attempts per action and subject (an e-mail address or user id), for the per-account limits. */
export function createAuthAttemptRepository(db: Db) {
  return {
    async record(action: string, subject: string, at: Date = new Date()): Promise<void> {
      await db
        .insertInto('auth_attempt')
        .values({ id: randomUUID(), action, subject, created_at: at.toISOString() })
        .execute();
    },

    /**
     * Counts an attempt against `max` (the key's attempts since `since`): records it and returns its id when it is
     * within the limit, or returns null and records nothing when it is past it.
     *
     * Attempts of one key take turns: each transaction first writes the key's gate row, which holds that row's lock
     * until it commits (PostgreSQL; SQLite runs one writing transaction at a time anyway), so each one counts every
     * attempt recorded before it, on every instance. Of any number sent at once, exactly those within the limit pass.
     */
    async reserve(key: AttemptKey, since: Date, max: number, at: Date = new Date()): Promise<string | null> {
      const usedAt = at.toISOString();
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('auth_attempt_gate')
          .values({ key: gateOf(key), used_at: usedAt })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ used_at: usedAt }))
          .execute();
        if ((await countSince(trx, key, since)) >= max) return null;
        const id = randomUUID();
        await trx
          .insertInto('auth_attempt')
          .values({ id, action: key.action, subject: key.subject, source: key.source ?? null, created_at: usedAt })
          .execute();
        return id;
      });
    },

    /** Removes one attempt recorded by reserve (it turned out not to count). */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('auth_attempt').where('id', '=', id).execute();
    },

    countSince: (key: AttemptKey, since: Date) => countSince(db, key, since),

    async clear(key: AttemptKey): Promise<void> {
      let query = db.deleteFrom('auth_attempt').where('action', '=', key.action).where('subject', '=', key.subject);
      if (key.source !== undefined) query = query.where('source', '=', key.source);
      await query.execute();
    },

    /** Drops rows older than every window, and the gates of keys not counted since, so the tables stay small. */
    async pruneBefore(before: Date): Promise<void> {
      await db.deleteFrom('auth_attempt').where('created_at', '<', before.toISOString()).execute();
      await db.deleteFrom('auth_attempt_gate').where('used_at', '<', before.toISOString()).execute();
    },
  };
}

export type AuthAttemptRepository = ReturnType<typeof createAuthAttemptRepository>;
