import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { EventTable } from '../db/schema';
import { createEventEntryRepository } from './event-entry-repository';
import { createEventPhotoRepository } from './event-photo-repository';
import { createEventReadingRepository } from './event-reading-repository';
import {
  type EventChanges,
  type EventRecord,
  type EventVisibilityValue,
  type NewEvent,
  toEvent,
} from './event-records';
import { createEventRuleRepository } from './event-rule-repository';

export type {
  EntryRecord,
  EventChanges,
  EventCounts,
  EventPhotoRecord,
  EventRecord,
  EventVisibilityValue,
  NewEntry,
  NewEvent,
} from './event-records';
export { entryIdentity } from './event-records';

/** The event rows themselves: created, found by id or address, listed, changed. */
function createEventTableRepository(db: Db) {
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
  };
}

/**
 * Events, their start lists, class rules, camera clocks, where each photo belongs and the numbers read in it: one
 * repository per table.
 */
export function createEventRepository(db: Db) {
  return {
    ...createEventTableRepository(db),
    ...createEventEntryRepository(db),
    ...createEventRuleRepository(db),
    ...createEventPhotoRepository(db),
    ...createEventReadingRepository(db),
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
