import { randomBytes } from 'node:crypto';
import type { EventVisibility } from '../../../shared/schemas/events';
import { zonedTimeToDate } from '../../../shared/zoned-time';
import { AppError } from '../../errors';
import type { CaptureInfo } from '../../media/capture-time';
import type { EventRepository } from '../../repositories/event-repository';
import type { EventLookup } from './event-lookup';

const slugTaken = () => new AppError('conflict', 'Another event already has this address.', { field: 'slug' });

/** Creating and changing events, and noting each uploaded photo of one. */
export function createEventCrud(deps: { events: EventRepository; lookup: EventLookup }) {
  const { events, lookup } = deps;
  return {
    async create(input: {
      name: string;
      date: string;
      endDate?: string;
      slug: string;
      venue: string;
      discipline: string;
      visibility: EventVisibility;
      timeZone: string;
    }): Promise<{ id: string; slug: string }> {
      if (await events.findBySlug(input.slug)) throw slugTaken();
      try {
        const event = await events.insert({
          slug: input.slug,
          name: input.name,
          startsOn: input.date,
          endsOn: input.endDate ?? input.date,
          venue: input.venue,
          discipline: input.discipline,
          visibility: input.visibility,
          accessKey: randomBytes(16).toString('base64url'),
          timeZone: input.timeZone,
        });
        return { id: event.id, slug: event.slug };
      } catch (error) {
        // Another request took the address between the check and the insert.
        if (await events.findBySlug(input.slug)) throw slugTaken();
        throw error;
      }
    },

    async update(id: string, changes: Parameters<EventRepository['update']>[1]): Promise<void> {
      await lookup.mustFind(id);
      // The cover is shown to everyone: only a photo of this event may be it, never a client's private one.
      if (changes.coverMediaId && (await events.findPhoto(changes.coverMediaId))?.eventId !== id) {
        throw new AppError('invalid-argument', 'The cover must be one of this event’s photos.', {
          field: 'coverMediaId',
        });
      }
      await events.update(id, changes);
    },

    /** Notes where and when an uploaded event photo was taken (before it is processed). */
    async recordUpload(eventId: string, mediaId: string, capture: CaptureInfo): Promise<void> {
      const event = await lookup.mustFind(eventId);
      const at = capture.at ?? (capture.localTime ? zonedTimeToDate(capture.localTime, event.timeZone) : null);
      await events.insertPhoto({ mediaId, eventId, capturedAt: at?.toISOString() ?? null, camera: capture.camera });
    },

    /** Whether the event exists (the upload endpoint checks its `event` metadata). */
    async exists(eventId: string): Promise<boolean> {
      return (await events.findById(eventId)) !== undefined;
    },
  };
}
