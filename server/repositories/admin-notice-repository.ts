import { randomUUID } from 'node:crypto';
import type { NoticeKind } from '../../shared/schemas/booking';
import type { Db } from '../db/database';

/** What the photographer was told of, one row each, counted by kind since a moment. */
export function createAdminNoticeRepository(db: Db) {
  return {
    async insert(kind: NoticeKind, subject: string, now: string): Promise<void> {
      await db.insertInto('admin_notice').values({ id: randomUUID(), kind, subject, created_at: now }).execute();
    },

    /** How many notices of `kind` are newer than `since` (ISO-8601; every notice when null). */
    async countSince(kind: NoticeKind, since: string | null): Promise<number> {
      let query = db
        .selectFrom('admin_notice')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('kind', '=', kind);
      if (since !== null) query = query.where('created_at', '>', since);
      const row = await query.executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}

export type AdminNoticeRepository = ReturnType<typeof createAdminNoticeRepository>;
