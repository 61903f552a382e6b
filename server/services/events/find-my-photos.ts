import { type Money, priceOfEntry } from '../../../shared/pricing';
import type { EntryRecord, EventRepository } from '../../repositories/event-repository';
import type { MediaRecord } from '../../repositories/media-repository';
import type { EventLookup } from './event-lookup';
import { entryNotFound } from './event-lookup';
import { heatKey } from './heats';
import type { SearchIndexes } from './search-indexes';

/**
 * Proofs a search result shows of each entry: a first look, so twenty matches stay one quick answer; the rest of a
 * ride's photos come with `entryPhotos` when the visitor opens it.
 */
const PREVIEW_PER_ENTRY = 8;
/** A ride's photos, all of them: a few dozen frames, never more than this. */
export const ENTRY_PHOTOS_LIMIT = 500;
/** Entries a search answers with at most. */
const SEARCH_LIMIT = 20;

/** An entry "find my photos" matched: its first proofs, how many it has, and the price of the whole entry. */
export interface EntryMatch {
  entry: EntryRecord;
  records: MediaRecord[];
  photoCount: number;
  wholeEntry: { horses: number; total: Money };
}

/** "Find my photos" on an event's page: its shown entries by start number, rider or horse, and a ride's photos. */
export function createFindMyPhotos(deps: {
  events: Pick<EventRepository, 'photosOfEntries'>;
  lookup: EventLookup;
  indexes: Pick<SearchIndexes, 'of'>;
}) {
  const { events, lookup, indexes } = deps;
  return {
    /** Entries matching a start number, a rider or a horse, each with its first photos. */
    async search(slug: string, q: string, key?: string): Promise<EntryMatch[]> {
      const event = await lookup.visibleEvent(slug, key);
      const { search, byId, heats } = await indexes.of(event);
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

    /** Every photo of one shown entry: what a search result shows a first look of. */
    async entryPhotos(slug: string, entryId: string, key?: string): Promise<MediaRecord[]> {
      const event = await lookup.visibleEvent(slug, key);
      const entry = (await indexes.of(event)).byId.get(entryId);
      if (!entry || entry.hidden) throw entryNotFound();
      const photos = await events.photosOfEntries(event.id, [entryId], ENTRY_PHOTOS_LIMIT);
      return photos.get(entryId)?.records ?? [];
    },
  };
}
