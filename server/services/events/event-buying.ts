import type { EventRepository } from '../../repositories/event-repository';
import type { MediaRecord } from '../../repositories/media-repository';
import type { PickScope } from '../proofing/picks';
import { eventFolder } from './event-folders';
import type { EventLookup } from './event-lookup';
import { entryNotFound } from './event-lookup';
import { ENTRY_PHOTOS_LIMIT } from './find-my-photos';
import { heatKey } from './heats';
import type { SearchIndexes } from './search-indexes';

/** What buying from an event's page takes: its photos as a place to pick from, or a whole entry. */
export function createEventBuying(deps: {
  events: Pick<EventRepository, 'findPhoto' | 'photosOfEntries'>;
  lookup: EventLookup;
  indexes: Pick<SearchIndexes, 'of'>;
}) {
  const { events, lookup, indexes } = deps;
  return {
    /**
     * The event's page as a place to pick photos: every photo of a shown entry may be picked. The deposit does not
     * apply (it belongs to a booking of the photographer, not to a competition's photos).
     */
    async pickScope(slug: string, key?: string): Promise<PickScope & { eventId: string }> {
      const event = await lookup.visibleEvent(slug, key);
      const shown = async (record: MediaRecord) => {
        const photo = await events.findPhoto(record.id);
        const entry = photo?.entryId ? (await indexes.of(event)).byId.get(photo.entryId) : undefined;
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
      const event = await lookup.visibleEvent(slug, key);
      const { byId, heats } = await indexes.of(event);
      const entry = byId.get(entryId);
      if (!entry || entry.hidden) throw entryNotFound();
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
  };
}
