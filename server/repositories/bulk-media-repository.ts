import type { Db } from '../db/database';
import { allOrNothing } from './all-or-nothing';
import { createMediaRepository, type MediaRecord } from './media-repository';

/** One item's move to another folder: where it was, and its new folder, name, path and download name. */
export interface MediaMove {
  id: string;
  fromPath: string;
  /** Where its original's bytes were (its `originalKey`); they are copied to `fullPath`, where they are from now on. */
  fromKey: string;
  folder: string;
  name: string;
  fullPath: string;
  contentDisposition: string;
}

/** Changes to many selected items at once, each all or nothing: moving them to another client, adding copies. */
export function createBulkMediaRepository(db: Db) {
  return {
    /** Which of `ids` an order (of any status) lists: its history names them in their folder. */
    async idsInOrders(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('client_order_item')
        .select('media_id')
        .distinct()
        .where('media_id', 'in', ids)
        .execute();
      return rows.map((row) => row.media_id);
    },

    /**
     * Gives each item its new folder, name and path in one transaction, or none: false when one of them is no longer
     * a visible item at its old path. The old client's picks of those items go with them.
     */
    async moveMany(moves: MediaMove[]): Promise<boolean> {
      return allOrNothing(db, async (trx) => {
        const updated = new Date().toISOString();
        for (const move of moves) {
          const result = await trx
            .updateTable('media')
            .set({
              folder: move.folder,
              name: move.name,
              full_path: move.fullPath,
              content_disposition: move.contentDisposition,
              original_key: null,
              updated,
            })
            .where('id', '=', move.id)
            .where('full_path', '=', move.fromPath)
            // The original copied is still the item's (an edited version did not replace it meanwhile).
            .where((eb) => eb(eb.fn.coalesce('original_key', 'full_path'), '=', move.fromKey))
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) return false;
        }
        await trx
          .deleteFrom('pick')
          .where(
            'media_id',
            'in',
            moves.map((move) => move.id),
          )
          .execute();
        return true;
      });
    },

    /**
     * Inserts ready copies and takes earlier copies (`restoreIds`) back out of the trash, in one transaction, or
     * nothing: false when one of those earlier copies is no longer in the trash.
     */
    async addCopies(
      inserts: Array<{
        source: MediaRecord;
        copy: Pick<MediaRecord, 'id' | 'folder' | 'name' | 'fullPath' | 'derivatives' | 'customMetadata'>;
      }>,
      restoreIds: string[],
    ): Promise<boolean> {
      return allOrNothing(db, async (trx) => {
        const media = createMediaRepository(trx);
        for (const { source, copy } of inserts) await media.insertReadyCopy(source, copy);
        if (restoreIds.length === 0) return true;
        const result = await trx
          .updateTable('media')
          .set({ deleted_at: null, updated: new Date().toISOString() })
          .where('id', 'in', restoreIds)
          .where('deleted_at', 'is not', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === restoreIds.length;
      });
    },
  };
}

export type BulkMediaRepository = ReturnType<typeof createBulkMediaRepository>;
