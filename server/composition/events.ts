import type { EventRepository } from '../repositories/event-repository';
import { createRiderSubscriptionRepository } from '../repositories/rider-subscription-repository';
import { createEventLookup } from '../services/events/event-lookup';
import { createEventService } from '../services/events/events';
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
  };
}

/**
 * Competitions: events, their start lists, where each photo belongs, "find my photos" and buying an entry; riders'
 * subscriptions to their number and the job that mails them once photos are placed.
 */
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
  media.runtime.handleJobs(RIDER_NOTICE_JOB, createRiderNoticeJobHandler({ ...mailSettings, subscriptions, lookup }));
  const events = createEventService({
    events: announcingPlacements(repositories.events, riderSubscriptions.photosPlaced),
    media: media.runtime.media,
    changes: base.changes,
  });
  return { events, riderSubscriptions };
}

export type EventsArea = ReturnType<typeof composeEvents>;
