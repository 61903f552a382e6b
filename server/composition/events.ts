import { createTextReader } from '../media/ocr/text-reader';
import type { TextReader } from '../media/ocr/types';
import type { EventRepository } from '../repositories/event-repository';
import { createRiderSubscriptionRepository } from '../repositories/rider-subscription-repository';
import { createEventLookup } from '../services/events/event-lookup';
import { createEventService } from '../services/events/events';
import { createNumberReadingJobs, READ_NUMBERS_JOB, type ReadNumbers } from '../services/events/read-numbers-job';
import { createRiderNoticeJobHandler } from '../services/events/rider-notice-job';
import { createRiderSubscriptions, RIDER_NOTICE_JOB } from '../services/events/rider-subscriptions';
import type { Foundation } from './foundation';
import type { MediaArea } from './media';

/**
 * The event repository as the event service sees it: every write that places photos (by time, by hand, by number)
 * also tells `placed`, so riders waiting for a number hear of it, however the photos got there. A new way of placing
 * photos that writes through another method of the repository is added here.
 */
function announcingPlacements(events: EventRepository, placed: (eventId: string) => Promise<void>): EventRepository {
  return {
    ...events,
    async writeAssignments(eventId, assignments) {
      await events.writeAssignments(eventId, assignments);
      await placed(eventId);
    },
    async assignByHand(eventId, mediaIds, entryId) {
      const changed = await events.assignByHand(eventId, mediaIds, entryId);
      if (changed > 0 && entryId !== null) await placed(eventId);
      return changed;
    },
    async saveReading(reading, target) {
      const entryId = await events.saveReading(reading, target);
      if (entryId !== null) await placed(reading.eventId);
      return entryId;
    },
    async settleReading(eventId, mediaId, target, state) {
      const entryId = await events.settleReading(eventId, mediaId, target, state);
      if (entryId !== null) await placed(eventId);
      return entryId;
    },
  };
}

/**
 * Competitions: events, their start lists, where each photo belongs, "find my photos" and buying an entry; riders'
 * subscriptions to their number and the job that mails them once photos are placed.
 */
let sharedReader: TextReader | undefined;
/** One reader a process: its models are ~50 MB and its reads go one at a time anyway. */
function reader(): TextReader {
  sharedReader ??= createTextReader();
  return sharedReader;
}

export function composeEvents(base: Foundation, media: MediaArea) {
  const { config, mailer, repositories } = base;
  const subscriptions = createRiderSubscriptionRepository(base.database.db);
  const lookup = createEventLookup(repositories.events);
  const mailSettings = { mailer, siteName: config.siteName, publicUrl: config.publicUrl };
  const riderSubscriptions = createRiderSubscriptions({
    ...mailSettings,
    subscriptions,
    lookup,
    noticeDelayMs: config.riderNoticeDelayMs,
  });
  media.runtime.registerJob(RIDER_NOTICE_JOB, createRiderNoticeJobHandler({ ...mailSettings, subscriptions, lookup }));
  const events = createEventService({
    events: announcingPlacements(repositories.events, riderSubscriptions.photosPlaced),
    media: media.runtime.media,
    changes: base.changes,
  });
  const { runtime } = media;
  // The OCR models load on the first read, so an instance that only serves never loads them.
  const readNumbers: ReadNumbers =
    base.readNumbers ??
    (async (mediaId, picture) => void (await events.photoRead(mediaId, await reader().read(picture))));
  // Registered whatever the switch says, so readings queued before it was turned off still finish.
  const reading = createNumberReadingJobs({
    media: runtime.media,
    storage: base.storage,
    jobs: runtime.jobs,
    notifyWorker: () => runtime.worker.notify(),
    readNumbers,
    logger: base.logger,
  });
  runtime.registerJob(READ_NUMBERS_JOB, reading.handler);
  return {
    events,
    riderSubscriptions,
    /** Queues the reading of a ready event photo's numbers; null when they are not read (config.readStartNumbers). */
    numberReading: config.readStartNumbers || base.readNumbers ? reading : null,
  };
}

export type EventsArea = ReturnType<typeof composeEvents>;
