import type { Selectable } from 'kysely';
import type { EventEntryTable, EventPhotoTable, EventTable } from '../db/schema';

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

/**
 * One line of a start list. Only the number is always given: rider, horse and class are '' when the list does not
 * name them, and `startTime` (a moment, ISO UTC) is null when it gives no time (stored as '').
 */
export interface EntryRecord {
  id: string;
  eventId: string;
  number: string;
  rider: string;
  horse: string;
  className: string;
  startTime: string | null;
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

export function toEvent(row: Selectable<EventTable>): EventRecord {
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

export function toEntry(row: Selectable<EventEntryTable>): EntryRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    number: row.number,
    rider: row.rider,
    horse: row.horse,
    className: row.class_name,
    startTime: row.start_time === '' ? null : row.start_time,
    hidden: Number(row.hidden) === 1,
    position: Number(row.position),
  };
}

export function toPhoto(row: Selectable<EventPhotoTable>): EventPhotoRecord {
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
  return [entry.number, entry.rider, entry.horse, entry.className, entry.startTime ?? ''].join('\u0000');
}
