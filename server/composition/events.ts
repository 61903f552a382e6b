import { createEventService } from '../services/events/events';
import { createNumberReadingJobs, READ_NUMBERS_JOB } from '../services/events/read-numbers-job';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/** Competitions: events, their start lists, where each photo belongs, "find my photos" and buying an entry. */
export function composeEvents(base: Foundation, media: MediaArea) {
  const events = createEventService({
    events: base.repositories.events,
    media: media.runtime.media,
    changes: base.changes,
  });
  const { runtime } = media;
  // Registered whatever the switch says, so readings queued before it was turned off still finish.
  const readNumbers = base.readNumbers;
  const reading = readNumbers
    ? createNumberReadingJobs({
        media: runtime.media,
        storage: base.storage,
        jobs: runtime.jobs,
        notifyWorker: () => runtime.worker.notify(),
        readNumbers,
        logger: base.logger,
      })
    : null;
  if (reading) runtime.registerJob(READ_NUMBERS_JOB, reading.handler);
  return {
    events,
    /** Queues the reading of a ready event photo's numbers; null when nothing reads them (see config.readStartNumbers). */
    numberReading: reading && base.config.readStartNumbers ? reading : null,
  };
}

export type EventsArea = ReturnType<typeof composeEvents>;
