import type { Db } from '../db/database';
import { HELD_BY_NUMBER } from './event-reading-repository';
import { type EventCounts, type EventPhotoRecord, toPhoto } from './event-records';
import { type MediaRecord, toRecord } from './media-repository';

/** An event's photos: where each was taken and which entry it belongs to, placed automatically or by hand. */
export function createEventPhotoRepository(db: Db) {
  return {
    async insertPhoto(photo: Omit<EventPhotoRecord, 'entryId' | 'manual'>): Promise<void> {
      await db
        .insertInto('event_photo')
        .values({
          media_id: photo.mediaId,
          event_id: photo.eventId,
          entry_id: null,
          captured_at: photo.capturedAt,
          camera: photo.camera,
          manual: 0,
        })
        .onConflict((oc) => oc.column('media_id').doNothing())
        .execute();
    },

    /** The event's photos that are ready and not in the trash. */
    async photos(eventId: string): Promise<EventPhotoRecord[]> {
      const rows = await db
        .selectFrom('event_photo')
        .innerJoin('media', 'media.id', 'event_photo.media_id')
        .select([
          'event_photo.media_id',
          'event_photo.event_id',
          'event_photo.entry_id',
          'event_photo.captured_at',
          'event_photo.camera',
          'event_photo.manual',
        ])
        .where('event_photo.event_id', '=', eventId)
        .where('media.status', '=', 'ready')
        .where('media.deleted_at', 'is', null)
        .orderBy('event_photo.captured_at')
        .orderBy('event_photo.media_id')
        .execute();
      return rows.map(toPhoto);
    },

    /**
     * How many entries the event shows; how many of its ready photos are placed with an entry, and of those how many
     * with a shown one (what the public may see: a hidden entry's photos are never on the event's page).
     */
    async counts(eventId: string): Promise<EventCounts> {
      const entries = await db
        .selectFrom('event_entry')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('event_id', '=', eventId)
        .where('hidden', '=', 0)
        .executeTakeFirstOrThrow();
      const photos = await db
        .selectFrom('event_photo')
        .innerJoin('media', 'media.id', 'event_photo.media_id')
        .leftJoin('event_entry', (join) =>
          join.onRef('event_entry.id', '=', 'event_photo.entry_id').on('event_entry.hidden', '=', 0),
        )
        .select((eb) => [
          eb.fn.count<number | string>('event_photo.entry_id').as('placed'),
          eb.fn.count<number | string>('event_entry.id').as('shown'),
          eb.fn.countAll<number | string>().as('all'),
        ])
        .where('event_photo.event_id', '=', eventId)
        .where('media.status', '=', 'ready')
        .where('media.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return {
        shownEntries: Number(entries.n),
        placedPhotos: Number(photos.placed),
        shownPhotos: Number(photos.shown),
        unplacedPhotos: Number(photos.all) - Number(photos.placed),
      };
    },

    async findPhoto(mediaId: string): Promise<EventPhotoRecord | undefined> {
      const row = await db.selectFrom('event_photo').selectAll().where('media_id', '=', mediaId).executeTakeFirst();
      return row ? toPhoto(row) : undefined;
    },

    /**
     * Writes an automatic assignment run: photos placed by hand are left as they are, and so are photos their start
     * number placed or sent to review (checked here too, as a number may be read while the run is computed).
     */
    async writeAssignments(eventId: string, assignments: Map<string, string | null>): Promise<void> {
      const byEntry = new Map<string | null, string[]>();
      for (const [mediaId, entryId] of assignments) byEntry.set(entryId, [...(byEntry.get(entryId) ?? []), mediaId]);
      await db.transaction().execute(async (trx) => {
        for (const [entryId, mediaIds] of byEntry) {
          for (let start = 0; start < mediaIds.length; start += 500) {
            await trx
              .updateTable('event_photo')
              .set({ entry_id: entryId })
              .where('event_id', '=', eventId)
              .where('manual', '=', 0)
              .where('media_id', 'in', mediaIds.slice(start, start + 500))
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('event_photo_reading')
                      .select('event_photo_reading.media_id')
                      .whereRef('event_photo_reading.media_id', '=', 'event_photo.media_id')
                      .where('event_photo_reading.state', 'in', HELD_BY_NUMBER),
                  ),
                ),
              )
              .execute();
          }
        }
      });
    },

    /** The photographer's own placement of photos (null: take them out of any entry). */
    async assignByHand(eventId: string, mediaIds: string[], entryId: string | null): Promise<number> {
      let changed = 0;
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < mediaIds.length; start += 500) {
          const result = await trx
            .updateTable('event_photo')
            .set({ entry_id: entryId, manual: 1 })
            .where('event_id', '=', eventId)
            .where('media_id', 'in', mediaIds.slice(start, start + 500))
            .executeTakeFirst();
          changed += Number(result.numUpdatedRows);
        }
      });
      return changed;
    },
    /**
     * The ready photos of some entries, in capture order: each entry's media ids (all of them, for the count) and the
     * records of its first `perEntry`. Two reads by key: the small photo rows of these entries (to count them all),
     * then the full media rows of the few shown.
     */
    async photosOfEntries(
      eventId: string,
      entryIds: string[],
      perEntry: number,
    ): Promise<Map<string, { count: number; records: MediaRecord[] }>> {
      const result = new Map<string, { count: number; records: MediaRecord[] }>();
      if (entryIds.length === 0) return result;
      const rows = await db
        .selectFrom('event_photo')
        .innerJoin('media', 'media.id', 'event_photo.media_id')
        .select(['event_photo.entry_id', 'event_photo.media_id'])
        .where('event_photo.event_id', '=', eventId)
        .where('event_photo.entry_id', 'in', entryIds)
        .where('media.status', '=', 'ready')
        .where('media.deleted_at', 'is', null)
        .orderBy('event_photo.captured_at')
        .orderBy('event_photo.media_id')
        .execute();
      const shown: string[] = [];
      const idsByEntry = new Map<string, string[]>();
      for (const row of rows) {
        if (row.entry_id === null) continue;
        const ids = idsByEntry.get(row.entry_id) ?? [];
        if (ids.length < perEntry) shown.push(row.media_id);
        ids.push(row.media_id);
        idsByEntry.set(row.entry_id, ids);
      }
      const records = new Map<string, MediaRecord>();
      for (let start = 0; start < shown.length; start += 500) {
        const batch = await db
          .selectFrom('media')
          .selectAll()
          .where('id', 'in', shown.slice(start, start + 500))
          .execute();
        for (const row of batch) records.set(row.id, toRecord(row));
      }
      for (const [entryId, ids] of idsByEntry) {
        const first = ids.slice(0, perEntry).flatMap((id) => {
          const record = records.get(id);
          return record ? [record] : [];
        });
        result.set(entryId, { count: ids.length, records: first });
      }
      return result;
    },
  };
}
