import { AppError } from '../../errors';
import type { EventRecord, EventRepository } from '../../repositories/event-repository';

export const eventNotFound = () => new AppError('not-found', 'There is no such event.');
export const entryNotFound = () => new AppError('not-found', 'There is no such entry.');

/** Finding an event: by id for the photographer, by address for a visitor who may see it. */
export function createEventLookup(events: Pick<EventRepository, 'findById' | 'findBySlug'>) {
  return {
    async mustFind(id: string): Promise<EventRecord> {
      const event = await events.findById(id);
      if (!event) throw eventNotFound();
      return event;
    },

    /** The event a visitor asked for, if they may see it: public, or unlisted with its key. */
    async visibleEvent(slug: string, key: string | undefined): Promise<EventRecord> {
      const event = await events.findBySlug(slug);
      if (!event || event.visibility === 'hidden') throw eventNotFound();
      if (event.visibility === 'unlisted' && key !== event.accessKey) throw eventNotFound();
      return event;
    },
  };
}

export type EventLookup = ReturnType<typeof createEventLookup>;
