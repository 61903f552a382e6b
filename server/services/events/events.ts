import type { ChangeFeed } from '../../cache/change-feed';
import type { EventRepository } from '../../repositories/event-repository';
import type { MediaRepository } from '../../repositories/media-repository';
import { createEventBuying } from './event-buying';
import { createEventCrud } from './event-crud';
import { createEventLookup } from './event-lookup';
import { createEventSummaries } from './event-summaries';
import { createFindMyPhotos } from './find-my-photos';
import { createNumberPlacement } from './number-placement';
import { createPlacement } from './placement';
import { createSearchIndexes } from './search-indexes';
import { createStartLists } from './start-list-import';

export { eventFolder, eventIdOfFolder } from './event-folders';
export { EVENT_ENTRIES_TOPIC } from './search-indexes';

export interface EventServiceDeps {
  events: EventRepository;
  media: Pick<MediaRepository, 'findVisibleByIds' | 'findById'>;
  /** Where start-list changes are announced, so every instance drops its search index of that event. */
  changes?: Pick<ChangeFeed, 'publish' | 'subscribe'>;
}

/**
 * Competitions: events and their pages, the start list, where each photo belongs (by time, by the number read in it,
 * by hand, and the photographer's review), and "find my photos". What a
 * visitor sees of an event is its non-hidden entries and their watermarked proofs; an unlisted event needs its key.
 * Each job is its own module; this puts them together as the one service the routes know.
 */
export function createEventService(deps: EventServiceDeps) {
  const { events, media } = deps;
  const lookup = createEventLookup(events);
  const indexes = createSearchIndexes({ events, changes: deps.changes });
  const placement = createPlacement({ events, media, lookup });
  const numbers = createNumberPlacement({ events, media, lookup, indexes });
  // After a new start list: first by the numbers read (which hold their photos), then by time for the others.
  const placeAgain = async (eventId: string) => {
    await numbers.placeByReadings(eventId);
    return placement.assign(eventId);
  };
  return {
    ...createEventCrud({ events, lookup }),
    ...createEventSummaries({ events, media, lookup }),
    ...createStartLists({ events, lookup, indexes, assign: placeAgain }),
    ...placement,
    ...numbers,
    ...createFindMyPhotos({ events, lookup, indexes }),
    ...createEventBuying({ events, lookup, indexes }),
  };
}

export type EventService = ReturnType<typeof createEventService>;
