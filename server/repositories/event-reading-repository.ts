import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { DatabaseSchema, EventPhotoReadingTable } from '../db/schema';

export type ReadingState = EventPhotoReadingTable['state'];
export type ReviewReason = NonNullable<EventPhotoReadingTable['reason']>;

/** Where a number sits in the picture that was read, in its pixels. */
export interface NumberBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface NumberCandidate {
  number: string;
  confidence: number;
  box: NumberBox;
}

/** The numbers read in one event photo, and what they did to its placement. */
export interface ReadingRecord {
  mediaId: string;
  eventId: string;
  /** The best reading, or null when no number was read. */
  number: string | null;
  confidence: number | null;
  box: NumberBox | null;
  /** Every number read, best first. */
  candidates: NumberCandidate[];
  /** The read picture's size: the boxes are in its pixels. */
  width: number;
  height: number;
  readAt: string;
  state: ReadingState;
  reason: ReviewReason | null;
}

/**
 * The states in which the number decides where the photo is (placed by it, or kept out until reviewed): a time run
 * never moves such a photo. `confirmed` and `corrected` are placements by hand (`event_photo.manual`), kept anyway.
 */
export const HELD_BY_NUMBER: readonly ReadingState[] = ['number', 'number-and-time', 'review'];

/** Where a reading puts its photo: an entry, none, or a new number-only entry (an event without a start list). */
export type ReadingTarget = { entryId: string | null } | { numberOnlyEntry: string };

function toReading(row: Selectable<EventPhotoReadingTable>): ReadingRecord {
  return {
    mediaId: row.media_id,
    eventId: row.event_id,
    number: row.number,
    confidence: row.confidence === null ? null : Number(row.confidence),
    box: row.box ? (JSON.parse(row.box) as NumberBox) : null,
    candidates: JSON.parse(row.candidates) as NumberCandidate[],
    width: Number(row.width),
    height: Number(row.height),
    readAt: row.read_at,
    state: row.state,
    reason: row.reason,
  };
}

type Trx = Transaction<DatabaseSchema>;

/**
 * The entry a number-only target stands for: the event's number-only entry with that number (rider, horse, class and
 * start all ''), made at the end of the list if there is none yet.
 */
async function numberOnlyEntry(trx: Trx, eventId: string, number: string): Promise<string> {
  const existing = await trx
    .selectFrom('event_entry')
    .select('id')
    .where('event_id', '=', eventId)
    .where('number', '=', number)
    .where('rider', '=', '')
    .where('horse', '=', '')
    .where('class_name', '=', '')
    .where('start_time', '=', '')
    .executeTakeFirst();
  if (existing) return existing.id;
  const last = await trx
    .selectFrom('event_entry')
    .select((eb) => eb.fn.max<number | string | null>('position').as('position'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  const id = randomUUID();
  await trx
    .insertInto('event_entry')
    .values({
      id,
      event_id: eventId,
      number,
      rider: '',
      horse: '',
      class_name: '',
      start_time: '',
      hidden: 0,
      position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
    })
    .execute();
  return id;
}

async function resolveTarget(trx: Trx, eventId: string, target: ReadingTarget): Promise<string | null> {
  return 'numberOnlyEntry' in target ? numberOnlyEntry(trx, eventId, target.numberOnlyEntry) : target.entryId;
}

/** Each event photo's number reading, the review queue, and placements that follow from them. */
export function createEventReadingRepository(db: Db) {
  return {
    async findReading(mediaId: string): Promise<ReadingRecord | undefined> {
      const row = await db
        .selectFrom('event_photo_reading')
        .selectAll()
        .where('media_id', '=', mediaId)
        .executeTakeFirst();
      return row ? toReading(row) : undefined;
    },

    /**
     * Stores a reading and, in the same transaction, places its photo (`target`; undefined leaves the placement as it
     * is). A photo placed by hand is never moved. Answers the entry the photo went to (a new number-only one too).
     */
    async saveReading(reading: ReadingRecord, target?: ReadingTarget): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const entryId = target ? await resolveTarget(trx, reading.eventId, target) : null;
        const row = {
          event_id: reading.eventId,
          number: reading.number,
          confidence: reading.confidence,
          box: reading.box ? JSON.stringify(reading.box) : null,
          candidates: JSON.stringify(reading.candidates),
          width: reading.width,
          height: reading.height,
          read_at: reading.readAt,
          state: reading.state,
          reason: reading.reason,
        };
        await trx
          .insertInto('event_photo_reading')
          .values({ media_id: reading.mediaId, ...row })
          .onConflict((oc) => oc.column('media_id').doUpdateSet(row))
          .execute();
        if (target) {
          await trx
            .updateTable('event_photo')
            .set({ entry_id: entryId })
            .where('media_id', '=', reading.mediaId)
            .where('manual', '=', 0)
            .execute();
        }
        return entryId;
      });
    },

    /** The photographer's decision on a reading: the photo placed by hand (or left out), the reading settled. */
    async settleReading(
      eventId: string,
      mediaId: string,
      target: ReadingTarget,
      state: 'confirmed' | 'corrected',
    ): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const entryId = await resolveTarget(trx, eventId, target);
        await trx
          .updateTable('event_photo')
          .set({ entry_id: entryId, manual: 1 })
          .where('event_id', '=', eventId)
          .where('media_id', '=', mediaId)
          .execute();
        await trx
          .updateTable('event_photo_reading')
          .set({ state, reason: null })
          .where('media_id', '=', mediaId)
          .execute();
        return entryId;
      });
    },

    /** Every reading of the event's photos, in no particular order. */
    async readingsOf(eventId: string): Promise<ReadingRecord[]> {
      const rows = await db.selectFrom('event_photo_reading').selectAll().where('event_id', '=', eventId).execute();
      return rows.map(toReading);
    },

    /** The event's photos whose number a time run must not override. */
    async heldByNumber(eventId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('event_photo_reading')
        .select('media_id')
        .where('event_id', '=', eventId)
        .where('state', 'in', HELD_BY_NUMBER)
        .execute();
      return new Set(rows.map((row) => row.media_id));
    },

    /** The readings waiting for the photographer: ready photos, not in the trash, not placed by hand since. */
    async readingsToReview(eventId: string): Promise<ReadingRecord[]> {
      const rows = await db
        .selectFrom('event_photo_reading')
        .innerJoin('event_photo', 'event_photo.media_id', 'event_photo_reading.media_id')
        .innerJoin('media', 'media.id', 'event_photo_reading.media_id')
        .selectAll('event_photo_reading')
        .where('event_photo_reading.event_id', '=', eventId)
        .where('event_photo_reading.state', '=', 'review')
        .where('event_photo.manual', '=', 0)
        .where('media.status', '=', 'ready')
        .where('media.deleted_at', 'is', null)
        .orderBy('event_photo.captured_at')
        .orderBy('event_photo_reading.media_id')
        .execute();
      return rows.map(toReading);
    },

    /** Photos of one event (or, without an id, of every event) whose start number waits for review. */
    async reviewCount(eventId?: string): Promise<number> {
      let query = db
        .selectFrom('event_photo_reading')
        .innerJoin('event_photo', 'event_photo.media_id', 'event_photo_reading.media_id')
        .innerJoin('media', 'media.id', 'event_photo_reading.media_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('event_photo_reading.state', '=', 'review')
        .where('event_photo.manual', '=', 0)
        .where('media.status', '=', 'ready')
        .where('media.deleted_at', 'is', null);
      if (eventId !== undefined) query = query.where('event_photo_reading.event_id', '=', eventId);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
