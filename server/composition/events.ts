import { createEventService } from '../services/events/events';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/** Competitions: events, their start lists, where each photo belongs, "find my photos" and buying an entry. */
export function composeEvents(base: Foundation, media: MediaArea) {
  const events = createEventService({
    events: base.repositories.events,
    media: media.runtime.media,
    changes: base.changes,
  });
  return { events };
}

export type EventsArea = ReturnType<typeof composeEvents>;
