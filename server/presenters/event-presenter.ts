import type { AdminEntry, AdminEvent, AdminEventPhoto, EntryResult, PublicEvent } from '../../shared/schemas/events';
import type { MediaView } from '../../shared/schemas/media';
import type { EntryRecord, EventPhotoRecord } from '../repositories/event-repository';
import type { MediaRecord } from '../repositories/media-repository';
import type { AdminEventSummary, EventSummary } from '../services/events/event-summaries';
import type { EntryMatch } from '../services/events/find-my-photos';
import type { MediaUrls } from '../services/media/media-urls';
import { presentMedia, thumbnailOf } from './media-presenter';

/** An event's photo for a visitor: its watermarked proof, under a proof-only signature. */
export function presentEventProof(record: MediaRecord, urls: MediaUrls): MediaView {
  return presentMedia(record, urls, { signed: true, proof: true });
}

/** An event as its public page and the list of events show it. */
export function presentPublicEvent({ event, counts, cover }: EventSummary, urls: MediaUrls): PublicEvent {
  return {
    slug: event.slug,
    name: event.name,
    date: event.startsOn,
    endDate: event.endsOn,
    venue: event.venue,
    discipline: event.discipline as PublicEvent['discipline'],
    indexable: event.visibility === 'public',
    cover: cover ? presentEventProof(cover, urls) : null,
    entryCount: counts.shownEntries,
    photoCount: counts.shownPhotos,
  };
}

/** An event in the photographer's list: its settings, class rules, camera clocks and unplaced photos too. */
export function presentAdminEvent(summary: AdminEventSummary, urls: MediaUrls): AdminEvent {
  const { event, counts } = summary;
  return {
    ...presentPublicEvent(summary, urls),
    id: event.id,
    visibility: event.visibility,
    accessKey: event.accessKey,
    timeZone: event.timeZone,
    // The photographer's count takes in the hidden rides too: "all photos" is the placed and the unplaced.
    photoCount: counts.placedPhotos,
    unassignedCount: counts.unplacedPhotos,
    reviewCount: summary.reviewCount,
    classes: summary.classes,
    cameras: summary.cameras,
  };
}

/** A start-list line as the API names it (`class`, not the column's className). */
function entryLine(entry: EntryRecord): Pick<EntryResult, 'id' | 'number' | 'rider' | 'horse' | 'class' | 'startTime'> {
  return {
    id: entry.id,
    number: entry.number,
    rider: entry.rider,
    horse: entry.horse,
    class: entry.className,
    startTime: entry.startTime,
  };
}

/** A search result: the entry, its first proofs, how many it has, and the price of the whole entry. */
export function presentEntryResult(match: EntryMatch, urls: MediaUrls): EntryResult {
  return {
    ...entryLine(match.entry),
    items: match.records.map((record) => presentEventProof(record, urls)),
    photoCount: match.photoCount,
    wholeEntry: match.wholeEntry,
  };
}

/** A line of the admin's start-list view. */
export function presentAdminEntry({ entry, photoCount }: { entry: EntryRecord; photoCount: number }): AdminEntry {
  return { ...entryLine(entry), hidden: entry.hidden, photoCount };
}

/** An event photo in the admin's lists: a clean signed thumbnail, and where and when it was taken and placed. */
export function presentAdminEventPhoto(
  { photo, record }: { photo: EventPhotoRecord; record: MediaRecord },
  urls: MediaUrls,
): AdminEventPhoto {
  return {
    id: record.id,
    name: record.name,
    thumbnail: thumbnailOf(record, urls),
    capturedAt: photo.capturedAt,
    camera: photo.camera,
    entryId: photo.entryId,
  };
}
