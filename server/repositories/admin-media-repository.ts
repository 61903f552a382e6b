import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { type NewJob, newJobRow } from './job-repository';
import { createMediaRepository, type MediaRecord, toRecord } from './media-repository';

export interface FolderStats {
  folder: string;
  itemCount: number;
  totalSize: number;
  lastUpload: string | null;
}

export interface AccountSummary {
  id: string;
  email: string;
  name: string | null;
}

/** The client that owns a folder, and their account once they have one. */
export interface FolderOwner {
  clientId: string;
  accountId: string | null;
  email: string;
  name: string | null;
}

/** Who a folder belongs to, as the trash shows it. */
export type FolderOwnerName = Pick<FolderOwner, 'name' | 'email'>;

/** One item's move to another folder: where it was, and its new folder, name, path and download name. */
export interface MediaMove {
  id: string;
  fromPath: string;
  folder: string;
  name: string;
  fullPath: string;
  contentDisposition: string;
}

/** Thrown inside a transaction to roll it back when a bulk change would be partial. */
class PartialChange extends Error {}

/** Runs `work` in a transaction that is rolled back unless it answers true; answers whether it was committed. */
async function allOrNothing(db: Db, work: (trx: Transaction<DatabaseSchema>) => Promise<boolean>): Promise<boolean> {
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

/**
 * The admin panel's reads and writes over media and accounts: folder statistics, every item of a folder whatever its
 * state, the trash, metadata repairs and the main gallery's order. Dialect-neutral like every repository.
 */
export function createAdminMediaRepository(db: Db) {
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

    /** Every account, by address. */
    async listAccounts(): Promise<AccountSummary[]> {
      const rows = await db.selectFrom('user').select(['id', 'email', 'name']).orderBy('email').execute();
      return rows.map((row) => ({ id: row.id, email: row.email, name: row.name ? row.name : null }));
    },

    /** The client that owns `folder` (by the unique folder column of the client table), if any. */
    async findOwnerByFolder(folder: string): Promise<FolderOwner | undefined> {
      const row = await db
        .selectFrom('client')
        .select(['id', 'account_id', 'email', 'full_name'])
        .where('folder', '=', folder)
        .executeTakeFirst();
      return row
        ? { clientId: row.id, accountId: row.account_id, email: row.email, name: row.full_name || null }
        : undefined;
    },

    /** Every client's folder with their address and name, by address. */
    async listClientFolders(): Promise<Array<{ folder: string; email: string; name: string | null }>> {
      const rows = await db.selectFrom('client').select(['folder', 'email', 'full_name']).orderBy('email').execute();
      return rows.map((row) => ({ folder: row.folder, email: row.email, name: row.full_name || null }));
    },

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

    /** Deletes a trashed row for good (only if it is still in the trash: a restore in between wins). */
    async purgeRow(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('media')
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
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
              updated,
            })
            .where('id', '=', move.id)
            .where('full_path', '=', move.fromPath)
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

    /** Rows by id, trashed ones included. */
    async findAnyByIds(ids: string[]): Promise<MediaRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('media').selectAll().where('id', 'in', ids).execute();
      return rows.map(toRecord);
    },

    /** The clients that own these folders, by folder. */
    async ownersOfFolders(folders: string[]): Promise<Map<string, FolderOwnerName>> {
      if (folders.length === 0) return new Map();
      const rows = await db
        .selectFrom('client')
        .select(['folder', 'email', 'full_name'])
        .where('folder', 'in', folders)
        .execute();
      return new Map(rows.map((row) => [row.folder, { name: row.full_name || null, email: row.email }]));
    },

    /** The language in which the account last accepted the booking terms, if ever. */
    async lastAgreementLanguage(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('agreement')
        .select('language')
        .where('user_id', '=', userId)
        .orderBy('agreed_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.language;
    },
  };
}

export type AdminMediaRepository = ReturnType<typeof createAdminMediaRepository>;
