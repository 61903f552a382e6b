import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { EventEntryTable, EventPhotoTable, EventTable } from '../db/schema';
import { type MediaRecord, toRecord } from './media-repository';

export type EventVisibilityValue = EventTable['visibility'];

/** An event as the server works with it. */
export interface EventRecord {
  id: string;
  slug: string;
  name: string;
  startsOn: string;
  endsOn: string;
  venue: string;
  discipline: string;
  visibility: EventVisibilityValue;
  accessKey: string;
  timeZone: string;
  coverMediaId: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewEvent = Omit<EventRecord, 'id' | 'createdAt' | 'updatedAt' | 'coverMediaId'>;
export type EventChanges = Partial<
  Pick<EventRecord, 'name' | 'startsOn' | 'endsOn' | 'venue' | 'discipline' | 'visibility' | 'coverMediaId'>
>;

/**
 * How many entries an event shows; how many of its ready photos are placed with an entry, with a shown one (what the
 * public may see), and with none.
 */
export interface EventCounts {
  shownEntries: number;
  placedPhotos: number;
  shownPhotos: number;
  unplacedPhotos: number;
}

/** One line of a start list; `startTime` is a moment (ISO, UTC). */
export interface EntryRecord {
  id: string;
  eventId: string;
  number: string;
  rider: string;
  horse: string;
  className: string;
  startTime: string;
  hidden: boolean;
  position: number;
}

export type NewEntry = Omit<EntryRecord, 'id' | 'eventId' | 'hidden' | 'position'>;

export interface EventPhotoRecord {
  mediaId: string;
  eventId: string;
  entryId: string | null;
  capturedAt: string | null;
  camera: string | null;
  manual: boolean;
}

function toEvent(row: Selectable<EventTable>): EventRecord {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    venue: row.venue,
    discipline: row.discipline,
    visibility: row.visibility,
    accessKey: row.access_key,
    timeZone: row.time_zone,
    coverMediaId: row.cover_media_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toEntry(row: Selectable<EventEntryTable>): EntryRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    number: row.number,
    rider: row.rider,
    horse: row.horse,
    className: row.class_name,
    startTime: row.start_time,
    hidden: Number(row.hidden) === 1,
    position: Number(row.position),
  };
}

function toPhoto(row: Selectable<EventPhotoTable>): EventPhotoRecord {
  return {
    mediaId: row.media_id,
    eventId: row.event_id,
    entryId: row.entry_id,
    capturedAt: row.captured_at,
    camera: row.camera,
    manual: Number(row.manual) === 1,
  };
}

/** What makes two start-list lines the same entry: re-importing keeps the photos of lines that did not change. */
export function entryIdentity(entry: Pick<EntryRecord, 'number' | 'rider' | 'horse' | 'className' | 'startTime'>) {
  return [entry.number, entry.rider, entry.horse, entry.className, entry.startTime].join('\u0000');
}

/** Events, their start lists, class rules, camera clocks and where each photo belongs. */
export function createEventRepository(db: Db) {
  return {
    /** Inserts the event; throws the database's unique-violation error when the slug is taken. */
    async insert(event: NewEvent): Promise<EventRecord> {
      const now = new Date().toISOString();
      const row: Selectable<EventTable> = {
        id: randomUUID(),
        slug: event.slug,
        name: event.name,
        starts_on: event.startsOn,
        ends_on: event.endsOn,
        venue: event.venue,
        discipline: event.discipline,
        visibility: event.visibility,
        access_key: event.accessKey,
        time_zone: event.timeZone,
        cover_media_id: null,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('event').values(row).execute();
      return toEvent(row);
    },

    async findById(id: string): Promise<EventRecord | undefined> {
      const row = await db.selectFrom('event').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toEvent(row) : undefined;
    },

    async findBySlug(slug: string): Promise<EventRecord | undefined> {
      const row = await db.selectFrom('event').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row ? toEvent(row) : undefined;
    },

    /** Newest first; only one visibility when given. */
    async list(visibility?: EventVisibilityValue): Promise<EventRecord[]> {
      let query = db.selectFrom('event').selectAll();
      if (visibility) query = query.where('visibility', '=', visibility);
      const rows = await query.orderBy('starts_on', 'desc').orderBy('name').execute();
      return rows.map(toEvent);
    },

    async update(id: string, changes: EventChanges): Promise<void> {
      await db
        .updateTable('event')
        .set({
          updated_at: new Date().toISOString(),
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.startsOn !== undefined ? { starts_on: changes.startsOn } : {}),
          ...(changes.endsOn !== undefined ? { ends_on: changes.endsOn } : {}),
          ...(changes.venue !== undefined ? { venue: changes.venue } : {}),
          ...(changes.discipline !== undefined ? { discipline: changes.discipline } : {}),
          ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
          ...(changes.coverMediaId !== undefined ? { cover_media_id: changes.coverMediaId } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async entries(eventId: string): Promise<EntryRecord[]> {
      const rows = await db
        .selectFrom('event_entry')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('position')
        .execute();
      return rows.map(toEntry);
    },

    async findEntry(entryId: string): Promise<EntryRecord | undefined> {
      const row = await db.selectFrom('event_entry').selectAll().where('id', '=', entryId).executeTakeFirst();
      return row ? toEntry(row) : undefined;
    },

    /**
     * Replaces the start list in one transaction. A line identical to one already there (number, rider, horse, class
     * and start) keeps its id and so its photos; the photos of lines that went away become unassigned, unless the
     * photographer placed them by hand on a line that stayed.
     */
    async replaceEntries(eventId: string, entries: NewEntry[]): Promise<number> {
      await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('event_entry')
          .select(['id', 'number', 'rider', 'horse', 'class_name', 'start_time', 'hidden'])
          .where('event_id', '=', eventId)
          .execute();
        const byIdentity = new Map(
          existing.map((row) => [
            entryIdentity({ ...row, className: row.class_name, startTime: row.start_time }),
            { id: row.id, hidden: Number(row.hidden) },
          ]),
        );
        const kept = new Set<string>();
        const rows = entries.map((entry, position) => {
          const same = byIdentity.get(entryIdentity(entry));
          if (same) kept.add(same.id);
          return {
            id: same?.id ?? randomUUID(),
            event_id: eventId,
            number: entry.number,
            rider: entry.rider,
            horse: entry.horse,
            class_name: entry.className,
            start_time: entry.startTime,
            hidden: same?.hidden ?? 0,
            position,
          };
        });
        const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
        await trx.deleteFrom('event_entry').where('event_id', '=', eventId).execute();
        for (let start = 0; start < rows.length; start += 500) {
          await trx
            .insertInto('event_entry')
            .values(rows.slice(start, start + 500))
            .execute();
        }
        for (let start = 0; start < gone.length; start += 500) {
          await trx
            .updateTable('event_photo')
            .set({ entry_id: null, manual: 0 })
            .where('entry_id', 'in', gone.slice(start, start + 500))
            .execute();
        }
      });
      return entries.length;
    },

    async setEntryHidden(eventId: string, entryId: string, hidden: boolean): Promise<boolean> {
      const result = await db
        .updateTable('event_entry')
        .set({ hidden: hidden ? 1 : 0 })
        .where('event_id', '=', eventId)
        .where('id', '=', entryId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async classes(eventId: string): Promise<Array<{ name: string; roundSeconds: number }>> {
      const rows = await db
        .selectFrom('event_class')
        .select(['name', 'round_seconds'])
        .where('event_id', '=', eventId)
        .orderBy('name')
        .execute();
      return rows.map((row) => ({ name: row.name, roundSeconds: Number(row.round_seconds) }));
    },

    async setClasses(eventId: string, classes: Array<{ name: string; roundSeconds: number }>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('event_class').where('event_id', '=', eventId).execute();
        if (classes.length === 0) return;
        await trx
          .insertInto('event_class')
          .values(classes.map((rule) => ({ event_id: eventId, name: rule.name, round_seconds: rule.roundSeconds })))
          .execute();
      });
    },

    async cameras(eventId: string): Promise<Array<{ camera: string; offsetSeconds: number }>> {
      const rows = await db
        .selectFrom('event_camera')
        .select(['camera', 'offset_seconds'])
        .where('event_id', '=', eventId)
        .orderBy('camera')
        .execute();
      return rows.map((row) => ({ camera: row.camera, offsetSeconds: Number(row.offset_seconds) }));
    },

    async setCameraOffset(eventId: string, camera: string, offsetSeconds: number): Promise<void> {
      await db
        .insertInto('event_camera')
        .values({ event_id: eventId, camera, offset_seconds: offsetSeconds })
        .onConflict((oc) => oc.columns(['event_id', 'camera']).doUpdateSet({ offset_seconds: offsetSeconds }))
        .execute();
    },

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

    async findPhoto(mediaId: string): Promise<EventPhotoRecord | undefined> {
      const row = await db.selectFrom('event_photo').selectAll().where('media_id', '=', mediaId).executeTakeFirst();
      return row ? toPhoto(row) : undefined;
    },

    /** Writes an automatic assignment run: photos placed by hand are left as they are. */
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
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
