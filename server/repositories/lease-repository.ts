import type { Db } from '../db/database';

/**
 * Named leases in the shared database (migration 013_shared_limits): a lease is held by one holder until it expires
 * or is released. Taking one is a single upsert whose update only happens when the row has expired (or is already
 * the caller's), so on SQLite and PostgreSQL alike exactly one caller wins. Times are epoch milliseconds from the
 * caller's clock: instances must keep their clocks in step (NTP), as they must for sessions anyway.
 */
export function createLeaseRepository(db: Db) {
  return {
    /** Takes `name` for `holder` until `now + ttlMs` when it is free, expired or already the holder's; true if so. */
    async tryAcquire(name: string, holder: string, ttlMs: number, now = Date.now()): Promise<boolean> {
      const expiresAt = now + ttlMs;
      const row = await db
        .insertInto('lease')
        .values({ name, holder, expires_at: expiresAt, release_requested: 0 })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, expires_at: expiresAt, release_requested: 0 })
            .where((eb) => eb.or([eb('lease.expires_at', '<', now), eb('lease.holder', '=', holder)])),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /**
     * Extends a lease `holder` still has; `held` is false when it expired and someone else took it (or it is gone),
     * `releaseRequested` when another caller is waiting for it.
     */
    async renew(
      name: string,
      holder: string,
      ttlMs: number,
      now = Date.now(),
    ): Promise<{ held: boolean; releaseRequested: boolean }> {
      const row = await db
        .updateTable('lease')
        .set({ expires_at: now + ttlMs })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .returning('release_requested')
        .executeTakeFirst();
      return { held: row !== undefined, releaseRequested: Number(row?.release_requested ?? 0) === 1 };
    },

    /** Sets `name` to expire at `now + ttlMs` whoever held it: for a presence that many processes may share. */
    async touch(name: string, holder: string, ttlMs: number, now = Date.now()): Promise<void> {
      const expiresAt = now + ttlMs;
      await db
        .insertInto('lease')
        .values({ name, holder, expires_at: expiresAt, release_requested: 0 })
        .onConflict((oc) => oc.column('name').doUpdateSet({ holder, expires_at: expiresAt }))
        .execute();
    },

    /** Gives the lease up (only the holder can). */
    async release(name: string, holder: string): Promise<void> {
      await db.deleteFrom('lease').where('name', '=', name).where('holder', '=', holder).execute();
    },

    /** Asks the holder of `name` to let go soon (it sees the flag at its next renewal). */
    async requestRelease(name: string): Promise<void> {
      await db.updateTable('lease').set({ release_requested: 1 }).where('name', '=', name).execute();
    },

    /** The unexpired leases whose names start with `prefix`. */
    async listLive(prefix: string, now = Date.now()): Promise<Array<{ name: string; holder: string }>> {
      return db
        .selectFrom('lease')
        .select(['name', 'holder'])
        .where('name', 'like', `${prefix}%`)
        .where('expires_at', '>=', now)
        .execute();
    },

    /** Forgets leases that expired before `before` (nobody renews them any more). */
    async deleteExpiredBefore(before: number): Promise<void> {
      await db.deleteFrom('lease').where('expires_at', '<', before).execute();
    },
  };
}

export type LeaseRepository = ReturnType<typeof createLeaseRepository>;
