import type { Db } from '../db/database';
import { allOrNothing } from './all-or-nothing';
import { type MediaRecord, toRecord } from './media-repository';

/** The trash: items put in it one by one, by folder or many at once, restored, listed, and purged for good. */
export function createTrashRepository(db: Db) {
  return {
    /** Moves every item of a folder that is not yet in the trash into it; the number moved. */
    async trashFolder(folder: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('media')
        .set({ deleted_at: at.toISOString(), updated: at.toISOString() })
        .where('folder', '=', folder)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Puts an item in the trash; false when it is absent or already there. */
    async moveToTrash(id: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('media')
        .set({ deleted_at: at.toISOString(), updated: at.toISOString() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Takes an item out of the trash; false when it is absent or not in the trash. */
    async restoreFromTrash(id: string): Promise<boolean> {
      const result = await db
        .updateTable('media')
        .set({ deleted_at: null, updated: new Date().toISOString() })
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The trash, most recently deleted first. */
    async listTrash(limit: number): Promise<MediaRecord[]> {
      const rows = await db
        .selectFrom('media')
        .selectAll()
        .where('deleted_at', 'is not', null)
        .orderBy('deleted_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /** Trashed items deleted before `before` (ISO text compares in time order), oldest first. */
    async listTrashedBefore(before: Date, limit: number): Promise<MediaRecord[]> {
      const rows = await db
        .selectFrom('media')
        .selectAll()
        .where('deleted_at', 'is not', null)
        .where('deleted_at', '<', before.toISOString())
        .orderBy('deleted_at')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Deletes a trashed row for good, with the rows of its kept versions, in one transaction (only if it is still in
     * the trash: a restore in between wins).
     */
    async purgeRow(id: string): Promise<boolean> {
      return allOrNothing(db, async (trx) => {
        const result = await trx
          .deleteFrom('media')
          .where('id', '=', id)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) return false;
        await trx.deleteFrom('media_version').where('media_id', '=', id).execute();
        return true;
      });
    },

    /**
     * Trashes every listed item of `folder` in one transaction, or none: false (and nothing changed) when one of them
     * is not a visible item of that folder any more.
     */
    async trashMany(folder: string, ids: string[], at: Date): Promise<boolean> {
      return allOrNothing(db, async (trx) => {
        const result = await trx
          .updateTable('media')
          .set({ deleted_at: at.toISOString(), updated: at.toISOString() })
          .where('folder', '=', folder)
          .where('id', 'in', ids)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === ids.length;
      });
    },
  };
}

export type TrashRepository = ReturnType<typeof createTrashRepository>;
