import { randomBytes } from 'node:crypto';
import { type Money, priceOfEntry } from '../../../shared/pricing';
import type { EventVisibility } from '../../../shared/schemas/events';
import { DEFAULT_ROUND_SECONDS } from '../../../shared/schemas/events';
import { zonedTimeToDate } from '../../../shared/zoned-time';
import type { ChangeFeed } from '../../cache/change-feed';
import { createKeyVersions } from '../../cache/key-versions';
import { AppError } from '../../errors';
import type { CaptureInfo } from '../../media/capture-time';
import type {
  EntryRecord,
  EventCounts,
  EventPhotoRecord,
  EventRecord,
  EventRepository,
} from '../../repositories/event-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { PickScope } from '../proofing/picks';
import { assignPhotos, offsetFromReference } from './assignment';
import { createEntrySearch } from './entry-search';
import { normalizeForSearch } from './search-normalize';
import { parseStartList, StartListError } from './start-list';

/**
 * What groups a rider's rides in one class: the horses one "whole entry" buys together (the price list charges each
 * additional horse in the same heat). Names are compared as search compares them.
 */
function heatKey(entry: EntryRecord): string {
  return `${entry.className}\u0000${normalizeForSearch(entry.rider)}`;
}

/** The shown entries of each rider in each class, by heatKey. */
function heatsOf(entries: EntryRecord[]): Map<string, EntryRecord[]> {
  const heats = new Map<string, EntryRecord[]>();
  for (const entry of entries) {
    if (entry.hidden) continue;
    const key = heatKey(entry);
    heats.set(key, [...(heats.get(key) ?? []), entry]);
  }
  return heats;
}

interface SearchIndex {
  search: ReturnType<typeof createEntrySearch>;
  byId: Map<string, EntryRecord>;
  /** The shown entries of each rider in each class (heatKey), built once with the index. */
  heats: Map<string, EntryRecord[]>;
}

/** The storage folder of an event's photos: `_`-prefixed, so no client folder or upload can ever name it. */
export function eventFolder(eventId: string): string {
  return `_event-${eventId}`;
}

/** The event whose photos live in `folder`, if it is an event folder. */
export function eventIdOfFolder(folder: string): string | null {
  return folder.startsWith('_event-') ? folder.slice('_event-'.length) : null;
}

/**
 * Proofs a search result shows of each entry: a first look, so twenty matches stay one quick answer; the rest of a
 * ride's photos come with `entryPhotos` when the visitor opens it.
 */
const PREVIEW_PER_ENTRY = 8;
/** A ride's photos, all of them: a few dozen frames, never more than this. */
const ENTRY_PHOTOS_LIMIT = 500;
/** Entries a search answers with at most. */
const SEARCH_LIMIT = 20;
/** Photos becoming ready one after another are placed together, once the upload has paused this long. */
const ASSIGN_DEBOUNCE_MS = 500;

const notFound = () => new AppError('not-found', 'There is no such event.');

/** An event as its page shows it: the event, what it shows of its start list and photos, and its cover if ready. */
export interface EventSummary {
  event: EventRecord;
  counts: EventCounts;
  cover: MediaRecord | null;
}

/** An event as the photographer's list shows it: also its class rules and camera clocks. */
export interface AdminEventSummary extends EventSummary {
  classes: Array<{ name: string; roundSeconds: number }>;
  cameras: Array<{ camera: string; offsetSeconds: number }>;
}

/** An entry "find my photos" matched: its first proofs, how many it has, and the price of the whole entry. */
export interface EntryMatch {
  entry: EntryRecord;
  records: MediaRecord[];
  photoCount: number;
  wholeEntry: { horses: number; total: Money };
}

/** The change feed's topic of start-list changes (import, an entry hidden or shown); the key is the event id. */
export const EVENT_ENTRIES_TOPIC = 'event-entries';

export interface EventServiceDeps {
  events: EventRepository;
  media: Pick<MediaRepository, 'findVisibleByIds' | 'findById'>;
  /** Where start-list changes are announced, so every instance drops its search index of that event. */
  changes?: Pick<ChangeFeed, 'publish' | 'subscribe'>;
}

/**
 * Competitions: events and their pages, the start list, where each photo belongs, and "find my photos". What a
 * visitor sees of an event is its non-hidden entries and their watermarked proofs; an unlisted event needs its key.
 */
export function createEventService(deps: EventServiceDeps) {
  const { events } = deps;
  const searchIndexes = new Map<string, SearchIndex>();
  const versions = createKeyVersions();
  const forgetIndex = (eventId: string | null) => {
    versions.bump(eventId);
    if (eventId === null) searchIndexes.clear();
    else searchIndexes.delete(eventId);
  };
  deps.changes?.subscribe(EVENT_ENTRIES_TOPIC, forgetIndex);
  /** Tells every instance (this one at once) that the event's entries changed. */
  const entriesChanged = (eventId: string) =>
    deps.changes ? deps.changes.publish(EVENT_ENTRIES_TOPIC, eventId) : forgetIndex(eventId);
  const pendingAssignments = new Map<string, NodeJS.Timeout>();

  async function mustFind(id: string): Promise<EventRecord> {
    const event = await events.findById(id);
    if (!event) throw notFound();
    return event;
  }

  /** The event a visitor asked for, if they may see it: public, or unlisted with its key. */
  async function visibleEvent(slug: string, key: string | undefined): Promise<EventRecord> {
    const event = await events.findBySlug(slug);
    if (!event || event.visibility === 'hidden') throw notFound();
    if (event.visibility === 'unlisted' && key !== event.accessKey) throw notFound();
    return event;
  }

  /** The event with its counts, and its cover only while that photo is ready and not in the trash. */
  async function summaryOf(event: EventRecord): Promise<EventSummary> {
    const counts = await events.counts(event.id);
    const cover = event.coverMediaId ? await deps.media.findById(event.coverMediaId) : undefined;
    return { event, counts, cover: cover?.status === 'ready' && !cover.deletedAt ? cover : null };
  }

  /** The event's search index and its entries, built once and dropped when the start list or an entry changes. */
  async function searchIndex(event: EventRecord): Promise<SearchIndex> {
    let index = searchIndexes.get(event.id);
    if (!index) {
      const version = versions.of(event.id);
      const entries = await events.entries(event.id);
      index = {
        search: createEntrySearch(
          entries.map((entry) => ({
            id: entry.id,
            number: entry.number,
            rider: entry.rider,
            horse: entry.horse,
            className: entry.className,
            hidden: entry.hidden,
          })),
        ),
        byId: new Map(entries.map((entry) => [entry.id, entry])),
        heats: heatsOf(entries),
      };
      if (versions.of(event.id) === version) searchIndexes.set(event.id, index);
    }
    return index;
  }

  /** Runs the automatic placement of the event's photos (hand placements stay). */
  async function assign(eventId: string): Promise<{ assigned: number; unassigned: number }> {
    const event = await mustFind(eventId);
    const [entries, classes, cameras, photos] = await Promise.all([
      events.entries(eventId),
      events.classes(eventId),
      events.cameras(eventId),
      events.photos(eventId),
    ]);
    const automatic = photos.filter((photo) => !photo.manual);
    const result = assignPhotos({
      entries: entries.map((entry) => ({
        id: entry.id,
        className: entry.className,
        startTime: new Date(entry.startTime),
      })),
      photos: automatic.map((photo) => ({
        id: photo.mediaId,
        camera: photo.camera,
        capturedAt: photo.capturedAt ? new Date(photo.capturedAt) : null,
      })),
      classRules: classes.map((rule) => ({ className: rule.name, roundSeconds: rule.roundSeconds })),
      offsets: cameras,
      defaultRoundSeconds: DEFAULT_ROUND_SECONDS,
    });
    await events.writeAssignments(event.id, result);
    const assigned = [...result.values()].filter((entryId) => entryId !== null).length;
    return { assigned, unassigned: result.size - assigned };
  }

  return {
    async create(input: {
      name: string;
      date: string;
      endDate?: string;
      slug: string;
      venue: string;
      discipline: string;
      visibility: EventVisibility;
      timeZone: string;
    }): Promise<{ id: string; slug: string }> {
      if (await events.findBySlug(input.slug)) {
        throw new AppError('conflict', 'Another event already has this address.', { field: 'slug' });
      }
      try {
        const event = await events.insert({
          slug: input.slug,
          name: input.name,
          startsOn: input.date,
          endsOn: input.endDate ?? input.date,
          venue: input.venue,
          discipline: input.discipline,
          visibility: input.visibility,
          accessKey: randomBytes(16).toString('base64url'),
          timeZone: input.timeZone,
        });
        return { id: event.id, slug: event.slug };
      } catch (error) {
        if (await events.findBySlug(input.slug)) {
          throw new AppError('conflict', 'Another event already has this address.', { field: 'slug' });
        }
        throw error;
      }
    },

    async update(id: string, changes: Parameters<EventRepository['update']>[1]): Promise<void> {
      await mustFind(id);
      // The cover is shown to everyone: only a photo of this event may be it, never a client's private one.
      if (changes.coverMediaId && (await events.findPhoto(changes.coverMediaId))?.eventId !== id) {
        throw new AppError('invalid-argument', 'The cover must be one of this event’s photos.', {
          field: 'coverMediaId',
        });
      }
      await events.update(id, changes);
    },

    async listForAdmin(): Promise<AdminEventSummary[]> {
      const all = await events.list();
      return Promise.all(
        all.map(async (event) => {
          const [summary, classes, cameras] = await Promise.all([
            summaryOf(event),
            events.classes(event.id),
            events.cameras(event.id),
          ]);
          return { ...summary, classes, cameras };
        }),
      );
    },

    async listPublic(): Promise<EventSummary[]> {
      return Promise.all((await events.list('public')).map(summaryOf));
    },

    async page(slug: string, key?: string): Promise<EventSummary> {
      return summaryOf(await visibleEvent(slug, key));
    },

    /**
     * Replaces the start list from a CSV file as organisers export it; a bad row refuses the whole file with every
     * problem and its line. Photos are then placed again.
     */
    async importStartList(id: string, bytes: Buffer): Promise<{ entries: number }> {
      const event = await mustFind(id);
      let parsed: ReturnType<typeof parseStartList>;
      try {
        parsed = parseStartList(bytes);
      } catch (error) {
        if (error instanceof StartListError) {
          const first = error.problems[0];
          throw new AppError(
            'invalid-start-list',
            `The start list was not imported: ${error.problems.length} problem(s), the first on line ${first?.line}: ${first?.reason}`,
            { line: first?.line ?? 1, problems: error.problems.slice(0, 100) },
          );
        }
        throw error;
      }
      const entries = parsed.entries.map((entry) => ({
        number: entry.number,
        rider: entry.rider,
        horse: entry.horse,
        className: entry.className,
        startTime: zonedTimeToDate(`${event.startsOn}T${entry.startTime}`, event.timeZone).toISOString(),
      }));
      const count = await events.replaceEntries(id, entries);
      entriesChanged(id);
      await assign(id);
      return { entries: count };
    },

    /** The start list, hidden lines too, each with how many photos are placed with it. */
    async entriesForAdmin(id: string): Promise<Array<{ entry: EntryRecord; photoCount: number }>> {
      await mustFind(id);
      const [entries, photos] = await Promise.all([events.entries(id), events.photos(id)]);
      const perEntry = new Map<string, number>();
      for (const photo of photos)
        if (photo.entryId) perEntry.set(photo.entryId, (perEntry.get(photo.entryId) ?? 0) + 1);
      return entries.map((entry) => ({ entry, photoCount: perEntry.get(entry.id) ?? 0 }));
    },

    async setEntryHidden(id: string, entryId: string, hidden: boolean): Promise<void> {
      if (!(await events.setEntryHidden(id, entryId, hidden)))
        throw new AppError('not-found', 'There is no such entry.');
      entriesChanged(id);
    },

    async setClasses(id: string, classes: Array<{ name: string; roundSeconds: number }>) {
      await mustFind(id);
      await events.setClasses(id, classes);
      return assign(id);
    },

    /** A camera's clock offset, typed in or worked out from one photo whose true time the photographer knows. */
    async setCameraOffset(
      id: string,
      camera: string,
      input: { offsetSeconds: number } | { mediaId: string; trueTime: string },
    ) {
      await mustFind(id);
      let offsetSeconds: number;
      if ('offsetSeconds' in input) {
        offsetSeconds = input.offsetSeconds;
      } else {
        const photo = await events.findPhoto(input.mediaId);
        if (!photo || photo.eventId !== id || !photo.capturedAt || photo.camera !== camera) {
          throw new AppError('invalid-argument', 'Choose a photo of this camera that carries its capture time.');
        }
        offsetSeconds = offsetFromReference(new Date(photo.capturedAt), new Date(input.trueTime));
      }
      await events.setCameraOffset(id, camera, offsetSeconds);
      return { camera, offsetSeconds, ...(await assign(id)) };
    },

    assign,

    async assignByHand(id: string, mediaIds: string[], entryId: string | null): Promise<{ changed: number }> {
      await mustFind(id);
      if (entryId !== null && (await events.findEntry(entryId))?.eventId !== id) {
        throw new AppError('not-found', 'There is no such entry.');
      }
      return { changed: await events.assignByHand(id, mediaIds, entryId) };
    },

    /** The event's photos for the admin: all, only the unassigned ones, or one entry's. */
    async photosForAdmin(
      id: string,
      filter: { unassigned?: boolean; entryId?: string },
    ): Promise<Array<{ photo: EventPhotoRecord; record: MediaRecord }>> {
      await mustFind(id);
      const photos = (await events.photos(id)).filter((photo) =>
        filter.unassigned ? photo.entryId === null : filter.entryId ? photo.entryId === filter.entryId : true,
      );
      const records = new Map(
        (await deps.media.findVisibleByIds(photos.map((photo) => photo.mediaId))).map((record) => [record.id, record]),
      );
      return photos.flatMap((photo) => {
        const record = records.get(photo.mediaId);
        return record ? [{ photo, record }] : [];
      });
    },

    /** "Find my photos": entries matching a start number, a rider or a horse, each with its proofs. */
    async search(slug: string, q: string, key?: string): Promise<EntryMatch[]> {
      const event = await visibleEvent(slug, key);
      const { search, byId, heats } = await searchIndex(event);
      const ids = search.search(q, SEARCH_LIMIT);
      if (ids.length === 0) return [];
      // Only the matched entries' photos are read (by the event_photo index), however many the event holds.
      const photos = await events.photosOfEntries(event.id, ids, PREVIEW_PER_ENTRY);
      return ids.flatMap((id) => {
        const entry = byId.get(id);
        if (!entry || entry.hidden) return [];
        const found = photos.get(id);
        const horses = heats.get(heatKey(entry))?.length ?? 1;
        return [
          {
            entry,
            records: found?.records ?? [],
            photoCount: found?.count ?? 0,
            wholeEntry: { horses, total: priceOfEntry(horses).total },
          },
        ];
      });
    },

    /** Every photo of one shown entry, as proofs: what a search result shows a first look of. */
    async entryPhotos(slug: string, entryId: string, key?: string): Promise<MediaRecord[]> {
      const event = await visibleEvent(slug, key);
      const entry = (await searchIndex(event)).byId.get(entryId);
      if (!entry || entry.hidden) throw new AppError('not-found', 'There is no such entry.');
      const photos = await events.photosOfEntries(event.id, [entryId], ENTRY_PHOTOS_LIMIT);
      return photos.get(entryId)?.records ?? [];
    },

    /**
     * The event's page as a place to pick photos: every photo of a shown entry may be picked. The deposit does not
     * apply (it belongs to a booking of the photographer, not to a competition's photos).
     */
    async pickScope(slug: string, key?: string): Promise<PickScope & { eventId: string }> {
      const event = await visibleEvent(slug, key);
      const shown = async (record: MediaRecord) => {
        const photo = await events.findPhoto(record.id);
        const entry = photo?.entryId ? (await searchIndex(event)).byId.get(photo.entryId) : undefined;
        return photo?.eventId === event.id && entry !== undefined && !entry.hidden;
      };
      return {
        eventId: event.id,
        folder: eventFolder(event.id),
        mode: 'proofing',
        depositApplies: false,
        canPick: shown,
      };
    },

    /** What buying a whole entry takes: the photos of the rider's rides in that class, and how many horses they rode. */
    async wholeEntry(slug: string, entryId: string, key?: string) {
      const event = await visibleEvent(slug, key);
      const { byId, heats } = await searchIndex(event);
      const entry = byId.get(entryId);
      if (!entry || entry.hidden) throw new AppError('not-found', 'There is no such entry.');
      const rides = (heats.get(heatKey(entry)) ?? [entry]).map((line) => line.id);
      const found = await events.photosOfEntries(event.id, rides, ENTRY_PHOTOS_LIMIT);
      const mediaIds = rides.flatMap((id) => found.get(id)?.records.map((record) => record.id) ?? []);
      return {
        eventId: event.id,
        scope: eventFolder(event.id),
        entryId: entry.id,
        horses: rides.length,
        mediaIds,
      };
    },

    /** Notes where and when an uploaded event photo was taken (before it is processed). */
    async recordUpload(eventId: string, mediaId: string, capture: CaptureInfo): Promise<void> {
      const event = await mustFind(eventId);
      const at = capture.at ?? (capture.localTime ? zonedTimeToDate(capture.localTime, event.timeZone) : null);
      await events.insertPhoto({ mediaId, eventId, capturedAt: at?.toISOString() ?? null, camera: capture.camera });
    },

    /** An event photo is ready: place the event's photos again once the upload pauses (one run for many photos). */
    photoReady(eventId: string): void {
      clearTimeout(pendingAssignments.get(eventId));
      const timer = setTimeout(() => {
        pendingAssignments.delete(eventId);
        void assign(eventId).catch(() => undefined);
      }, ASSIGN_DEBOUNCE_MS);
      timer.unref();
      pendingAssignments.set(eventId, timer);
    },

    /** Whether the event exists (the upload endpoint checks its `event` metadata). */
    async exists(eventId: string): Promise<boolean> {
      return (await events.findById(eventId)) !== undefined;
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
