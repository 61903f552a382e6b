import { zonedTimeToDate } from '../../../shared/zoned-time';
import { AppError } from '../../errors';
import type { EntryRecord, EventRepository } from '../../repositories/event-repository';
import type { EventLookup } from './event-lookup';
import { entryNotFound } from './event-lookup';
import type { SearchIndexes } from './search-indexes';
import { describeStartListProblem, parseStartList, StartListError } from './start-list';

/** The problems a refusal lists at most: enough to fix a spreadsheet, never an answer of a whole file's size. */
const MAX_PROBLEMS_LISTED = 100;

/**
 * 400 `invalid-start-list`: every problem as a code with its parameters (the panel words them in the photographer's
 * language) and in English, for API users.
 */
function refusal(error: StartListError): AppError {
  const problems = error.problems
    .slice(0, MAX_PROBLEMS_LISTED)
    .map((problem) => ({ ...problem, message: describeStartListProblem(problem) }));
  const first = problems[0];
  const count = error.problems.length;
  return new AppError(
    'invalid-start-list',
    `The start list was not imported: ${count} problem${count === 1 ? '' : 's'}, the first on line ${first?.line}: ${first?.message}`,
    { line: first?.line ?? 1, problems },
  );
}

/**
 * An event's start list as the photographer manages it: imported from the organisers' CSV, listed with each line's
 * photo count, a line hidden or shown. Every change drops the event's search index on every instance.
 */
export function createStartLists(deps: {
  events: EventRepository;
  lookup: EventLookup;
  indexes: Pick<SearchIndexes, 'changed'>;
  /** Places the event's photos again (after an import, the lines they were placed by may be new). */
  assign: (eventId: string) => Promise<unknown>;
}) {
  const { events, lookup } = deps;
  return {
    /**
     * Replaces the start list from a CSV file as organisers export it; a bad row refuses the whole file with every
     * problem and its line. Photos are then placed again.
     */
    async importStartList(id: string, bytes: Buffer): Promise<{ entries: number }> {
      const event = await lookup.mustFind(id);
      let parsed: ReturnType<typeof parseStartList>;
      try {
        parsed = parseStartList(bytes);
      } catch (error) {
        if (error instanceof StartListError) throw refusal(error);
        throw error;
      }
      const entries = parsed.entries.map((entry) => ({
        number: entry.number,
        rider: entry.rider,
        horse: entry.horse,
        className: entry.className,
        startTime:
          entry.startTime === null
            ? null
            : zonedTimeToDate(`${event.startsOn}T${entry.startTime}`, event.timeZone).toISOString(),
      }));
      const count = await events.replaceEntries(id, entries);
      deps.indexes.changed(id);
      await deps.assign(id);
      return { entries: count };
    },

    /** The start list, hidden lines too, each with how many photos are placed with it. */
    async entriesForAdmin(id: string): Promise<Array<{ entry: EntryRecord; photoCount: number }>> {
      await lookup.mustFind(id);
      const [entries, photos] = await Promise.all([events.entries(id), events.photos(id)]);
      const perEntry = new Map<string, number>();
      for (const photo of photos)
        if (photo.entryId) perEntry.set(photo.entryId, (perEntry.get(photo.entryId) ?? 0) + 1);
      return entries.map((entry) => ({ entry, photoCount: perEntry.get(entry.id) ?? 0 }));
    },

    async setEntryHidden(id: string, entryId: string, hidden: boolean): Promise<void> {
      if (!(await events.setEntryHidden(id, entryId, hidden))) throw entryNotFound();
      deps.indexes.changed(id);
    },
  };
}
