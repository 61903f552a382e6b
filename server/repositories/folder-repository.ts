import type { Db } from '../db/database';
import { type NewJob, newJobRow } from './job-repository';
import { type MediaRecord, toRecord } from './media-repository';

export interface FolderStats {
  folder: string;
  itemCount: number;
  totalSize: number;
  lastUpload: string | null;
}

/**
 * The admin panel's view of folders: statistics, every item of a folder whatever its state, the gallery's order, and
 * the repair of an item's metadata or its processing.
 */
export function createFolderRepository(db: Db) {
  return {
    /** Item count, bytes and newest upload per folder; trash excluded. */
    async folderStats(): Promise<FolderStats[]> {
      const rows = await db
        .selectFrom('media')
        .select((eb) => [
          'folder',
          eb.fn.countAll<number | string>().as('item_count'),
          eb.fn.sum<number | string>('size').as('total_size'),
          eb.fn.max('time_created').as('last_upload'),
        ])
        .where('deleted_at', 'is', null)
        .groupBy('folder')
        .execute();
      return rows.map((row) => ({
        folder: row.folder,
        itemCount: Number(row.item_count),
        totalSize: Number(row.total_size ?? 0),
        lastUpload: row.last_upload ?? null,
      }));
    },

    /** The bytes of every stored original, the trash's included (they stay on disk until purged): the quota's use. */
    async storedBytes(): Promise<number> {
      const row = await db
        .selectFrom('media')
        .select((eb) => eb.fn.sum<number | string>('size').as('total_size'))
        .executeTakeFirst();
      return Number(row?.total_size ?? 0);
    },

    /** Every item of a folder not in the trash, in gallery order, whatever its state. */
    async listFolder(folder: string, limit: number): Promise<MediaRecord[]> {
      const rows = await db
        .selectFrom('media')
        .selectAll()
        .where('folder', '=', folder)
        .where('deleted_at', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    async countFolder(folder: string): Promise<number> {
      const row = await db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('folder', '=', folder)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A batch of a folder's items (trash excluded) by id, after `afterId`, for work done in steps. */
    async folderBatch(folder: string, afterId: string | undefined, limit: number): Promise<MediaRecord[]> {
      let query = db.selectFrom('media').selectAll().where('folder', '=', folder).where('deleted_at', 'is', null);
      if (afterId) query = query.where('id', '>', afterId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map(toRecord);
    },

    /** Gives the listed items of `folder` positions 1, 2, 3… in that order; ids of other folders are ignored. */
    async setOrder(folder: string, ids: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [index, id] of ids.entries()) {
          await trx
            .updateTable('media')
            .set({ position: index + 1 })
            .where('id', '=', id)
            .where('folder', '=', folder)
            .execute();
        }
      });
    },

    /** The visible (not trashed) items of `folder` among `ids`, whatever their state. */
    async findInFolder(folder: string, ids: string[]): Promise<MediaRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('media')
        .selectAll()
        .where('folder', '=', folder)
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map(toRecord);
    },

    /** Rows by id, trashed ones included. */
    async findAnyByIds(ids: string[]): Promise<MediaRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('media').selectAll().where('id', 'in', ids).execute();
      return rows.map(toRecord);
    },

    /** Re-applies an upload's type, cache and disposition; the metageneration goes up, as in the storage service. */
    async updateMetadata(
      id: string,
      fields: { contentType: string; cacheControl: string; contentDisposition: string },
    ): Promise<void> {
      await db
        .updateTable('media')
        .set((eb) => ({
          content_type: fields.contentType,
          cache_control: fields.cacheControl,
          content_disposition: fields.contentDisposition,
          metageneration: eb('metageneration', '+', 1),
          updated: new Date().toISOString(),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Sends an item back through the pipeline: hidden again (processing) and a new job, in one transaction. */
    async requeue(id: string, job: NewJob): Promise<string> {
      const row = newJobRow(job);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('media')
          .set({ status: 'processing', error_code: null, updated: new Date().toISOString() })
          .where('id', '=', id)
          .execute();
        await trx.insertInto('job').values(row).execute();
      });
      return row.id;
    },
  };
}

export type FolderRepository = ReturnType<typeof createFolderRepository>;
