import type { Db } from '../db/database';
import { type MediaRecord, toRecord } from './media-repository';

export interface PhotosReadySending {
  id: string;
  folder: string;
  sentAt: string;
  sentTo: string;
  language: string;
  itemCount: number;
  repeatOf: string | null;
}

const INSERT_SLICE = 500;

/** Ready items a client can see: processed and not in the trash. */
const visible = (db: Db, folder: string) =>
  db
    .selectFrom('media')
    .selectAll('media')
    .where('media.folder', '=', folder)
    .where('media.status', '=', 'ready')
    .where('media.deleted_at', 'is', null);

/** The record of "your photos are ready" e-mails (migration 014_photos_ready_sendings). */
export function createPhotosReadyRepository(db: Db) {
  return {
    /** The folder's latest sending, or of new items only (`freshOnly`); undefined when none was sent. */
    async latest(folder: string, options: { freshOnly?: boolean } = {}): Promise<PhotosReadySending | undefined> {
      let query = db.selectFrom('photos_ready_sending').selectAll().where('folder', '=', folder);
      if (options.freshOnly) query = query.where('repeat_of', 'is', null);
      const row = await query.orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row
        ? {
            id: row.id,
            folder: row.folder,
            sentAt: row.sent_at,
            sentTo: row.sent_to,
            language: row.language,
            itemCount: Number(row.item_count),
            repeatOf: row.repeat_of,
          }
        : undefined;
    },

    /** How many items the client can see, and how many of them no e-mail has announced yet. */
    async counts(folder: string): Promise<{ ready: number; unannounced: number }> {
      const row = await visible(db, folder)
        .leftJoin('photos_ready_item', 'photos_ready_item.media_id', 'media.id')
        .clearSelect()
        .select((eb) => [
          eb.fn.countAll<number | string>().as('ready'),
          eb.fn.count<number | string>('photos_ready_item.media_id').as('announced'),
        ])
        .executeTakeFirstOrThrow();
      return { ready: Number(row.ready), unannounced: Number(row.ready) - Number(row.announced) };
    },

    /** The visible items no e-mail has announced, oldest first. */
    async unannounced(folder: string): Promise<MediaRecord[]> {
      const rows = await visible(db, folder)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('photos_ready_item').select('media_id').whereRef('media_id', '=', 'media.id'))),
        )
        .orderBy('media.time_created')
        .orderBy('media.id')
        .execute();
      return rows.map(toRecord);
    },

    /** The items a sending announced that are still visible, oldest first. */
    async announcedBy(folder: string, sendingId: string): Promise<MediaRecord[]> {
      const rows = await visible(db, folder)
        .innerJoin('photos_ready_item', 'photos_ready_item.media_id', 'media.id')
        .where('photos_ready_item.sending_id', '=', sendingId)
        .orderBy('media.time_created')
        .orderBy('media.id')
        .execute();
      return rows.map(toRecord);
    },

    /** The latest sending of new items whose items are still partly in the gallery, with those items. */
    async latestBatchWithItems(folder: string): Promise<{ sendingId: string; items: MediaRecord[] } | undefined> {
      const row = await visible(db, folder)
        .innerJoin('photos_ready_item', 'photos_ready_item.media_id', 'media.id')
        .innerJoin('photos_ready_sending', 'photos_ready_sending.id', 'photos_ready_item.sending_id')
        .clearSelect()
        .select('photos_ready_sending.id')
        .orderBy('photos_ready_sending.sent_at', 'desc')
        .orderBy('photos_ready_sending.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { sendingId: row.id, items: await this.announcedBy(folder, row.id) } : undefined;
    },

    /**
     * Records a sending and, for a sending of new items, marks them announced by it, in one transaction. Throws when
     * another sending announced one of the items first (the item's key is taken).
     */
    async record(sending: PhotosReadySending, announces: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('photos_ready_sending')
          .values({
            id: sending.id,
            folder: sending.folder,
            sent_at: sending.sentAt,
            sent_to: sending.sentTo,
            language: sending.language,
            item_count: sending.itemCount,
            repeat_of: sending.repeatOf,
          })
          .execute();
        // In slices: a gallery of thousands would pass the parameters one statement may carry.
        for (let start = 0; start < announces.length; start += INSERT_SLICE) {
          await trx
            .insertInto('photos_ready_item')
            .values(
              announces
                .slice(start, start + INSERT_SLICE)
                .map((mediaId) => ({ media_id: mediaId, sending_id: sending.id })),
            )
            .execute();
        }
      });
    },

    /** Takes a sending back (its e-mail could not be sent): its items count as new again. */
    async remove(sendingId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('photos_ready_item').where('sending_id', '=', sendingId).execute();
        await trx.deleteFrom('photos_ready_sending').where('id', '=', sendingId).execute();
      });
    },
  };
}

export type PhotosReadyRepository = ReturnType<typeof createPhotosReadyRepository>;
