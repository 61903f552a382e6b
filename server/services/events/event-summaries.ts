import type { EventCounts, EventRecord, EventRepository } from '../../repositories/event-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { EventLookup } from './event-lookup';

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
  /** Photos whose start number waits for the photographer's review. */
  reviewCount: number;
}

/** Events with what their pages and the photographer's list show of them. */
export function createEventSummaries(deps: {
  events: Pick<EventRepository, 'counts' | 'list' | 'classes' | 'cameras' | 'reviewCount'>;
  media: Pick<MediaRepository, 'findById'>;
  lookup: EventLookup;
}) {
  const { events } = deps;

  /** The event with its counts, and its cover only while that photo is ready and not in the trash. */
  async function summaryOf(event: EventRecord): Promise<EventSummary> {
    const counts = await events.counts(event.id);
    const cover = event.coverMediaId ? await deps.media.findById(event.coverMediaId) : undefined;
    return { event, counts, cover: cover?.status === 'ready' && !cover.deletedAt ? cover : null };
  }

  return {
    async listForAdmin(): Promise<AdminEventSummary[]> {
      const all = await events.list();
      return Promise.all(
        all.map(async (event) => {
          const [summary, classes, cameras, reviewCount] = await Promise.all([
            summaryOf(event),
            events.classes(event.id),
            events.cameras(event.id),
            events.reviewCount(event.id),
          ]);
          return { ...summary, classes, cameras, reviewCount };
        }),
      );
    },

    async listPublic(): Promise<EventSummary[]> {
      return Promise.all((await events.list('public')).map(summaryOf));
    },

    /** The event a visitor asked for (an unlisted one with its key). */
    async page(slug: string, key?: string): Promise<EventSummary> {
      return summaryOf(await deps.lookup.visibleEvent(slug, key));
    },
  };
}
