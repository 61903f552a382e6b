import type { ChangeFeed } from '../../cache/change-feed';
import { createKeyVersions } from '../../cache/key-versions';
import type { EntryRecord, EventRecord, EventRepository } from '../../repositories/event-repository';
import { createEntrySearch } from './entry-search';
import { heatsOf } from './heats';

/** The change feed's topic of start-list changes (import, an entry hidden or shown); the key is the event id. */
export const EVENT_ENTRIES_TOPIC = 'event-entries';

export interface SearchIndex {
  search: ReturnType<typeof createEntrySearch>;
  byId: Map<string, EntryRecord>;
  /** The shown entries of each rider in each class (heatKey), built once with the index. */
  heats: Map<string, EntryRecord[]>;
}

/**
 * Each event's search index and its entries, built once and dropped when the start list or an entry changes, on
 * every instance: a change is announced on the change feed (or, without one, forgotten here at once).
 */
export function createSearchIndexes(deps: {
  events: Pick<EventRepository, 'entries'>;
  changes?: Pick<ChangeFeed, 'publish' | 'subscribe'>;
}) {
  const indexes = new Map<string, SearchIndex>();
  const versions = createKeyVersions();
  const forget = (eventId: string | null) => {
    versions.bump(eventId);
    if (eventId === null) indexes.clear();
    else indexes.delete(eventId);
  };
  deps.changes?.subscribe(EVENT_ENTRIES_TOPIC, forget);

  return {
    async of(event: EventRecord): Promise<SearchIndex> {
      let index = indexes.get(event.id);
      if (!index) {
        const version = versions.of(event.id);
        const entries = await deps.events.entries(event.id);
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
        // Built while a change was announced: it may predate the change, so it serves this request only.
        if (versions.of(event.id) === version) indexes.set(event.id, index);
      }
      return index;
    },

    /** Tells every instance (this one at once) that the event's entries changed. */
    changed(eventId: string): void {
      if (deps.changes) deps.changes.publish(EVENT_ENTRIES_TOPIC, eventId);
      else forget(eventId);
    },
  };
}

export type SearchIndexes = ReturnType<typeof createSearchIndexes>;
