import { DEFAULT_ROUND_SECONDS } from '../../../shared/schemas/events';
import { AppError } from '../../errors';
import type { EventPhotoRecord, EventRepository } from '../../repositories/event-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import { assignPhotos, offsetFromReference } from './assignment';
import type { EventLookup } from './event-lookup';
import { entryNotFound } from './event-lookup';

/** Photos becoming ready one after another are placed together, once the upload has paused this long. */
const ASSIGN_DEBOUNCE_MS = 500;

/**
 * Where each photo of an event belongs: the automatic placement by capture time (run again after a class rule or a
 * camera clock changes, and once an upload pauses), the photographer's placements by hand, and their view of it.
 */
export function createPlacement(deps: {
  events: EventRepository;
  media: Pick<MediaRepository, 'findVisibleByIds'>;
  lookup: EventLookup;
}) {
  const { events, lookup } = deps;
  const pendingAssignments = new Map<string, NodeJS.Timeout>();

  /** Runs the automatic placement of the event's photos by time (hand and number placements stay). */
  async function assign(eventId: string): Promise<{ assigned: number; unassigned: number }> {
    const event = await lookup.mustFind(eventId);
    const [entries, classes, cameras, photos, heldByNumber] = await Promise.all([
      events.entries(eventId),
      events.classes(eventId),
      events.cameras(eventId),
      events.photos(eventId),
      events.heldByNumber(eventId),
    ]);
    // Placed by hand, or by the start number read in it (or kept out for review): not the time's to move.
    const automatic = photos.filter((photo) => !photo.manual && !heldByNumber.has(photo.mediaId));
    const result = assignPhotos({
      entries: entries.map((entry) => ({
        id: entry.id,
        className: entry.className,
        startTime: entry.startTime === null ? null : new Date(entry.startTime),
      })),
      photos: automatic.map((photo) => ({
        id: photo.mediaId,
        camera: photo.camera,
        capturedAt: photo.capturedAt ? new Date(photo.capturedAt) : null,
      })),
      classRules: classes.map((rule) => ({ className: rule.name, roundSeconds: rule.roundSeconds })),
      offsets: cameras,
      defaultRoundSeconds: DEFAULT_ROUND_SECONDS,
    });
    await events.writeAssignments(event.id, result);
    const assigned = [...result.values()].filter((entryId) => entryId !== null).length;
    return { assigned, unassigned: result.size - assigned };
  }

  return {
    assign,

    async setClasses(id: string, classes: Array<{ name: string; roundSeconds: number }>) {
      await lookup.mustFind(id);
      await events.setClasses(id, classes);
      return assign(id);
    },

    /** A camera's clock offset, typed in or worked out from one photo whose true time the photographer knows. */
    async setCameraOffset(
      id: string,
      camera: string,
      input: { offsetSeconds: number } | { mediaId: string; trueTime: string },
    ) {
      await lookup.mustFind(id);
      let offsetSeconds: number;
      if ('offsetSeconds' in input) {
        offsetSeconds = input.offsetSeconds;
      } else {
        const photo = await events.findPhoto(input.mediaId);
        if (!photo || photo.eventId !== id || !photo.capturedAt || photo.camera !== camera) {
          throw new AppError('invalid-argument', 'Choose a photo of this camera that carries its capture time.');
        }
        offsetSeconds = offsetFromReference(new Date(photo.capturedAt), new Date(input.trueTime));
      }
      await events.setCameraOffset(id, camera, offsetSeconds);
      return { camera, offsetSeconds, ...(await assign(id)) };
    },

    async assignByHand(id: string, mediaIds: string[], entryId: string | null): Promise<{ changed: number }> {
      await lookup.mustFind(id);
      if (entryId !== null && (await events.findEntry(entryId))?.eventId !== id) throw entryNotFound();
      return { changed: await events.assignByHand(id, mediaIds, entryId) };
    },

    /** The event's photos for the admin: all, only the unassigned ones, or one entry's. */
    async photosForAdmin(
      id: string,
      filter: { unassigned?: boolean; entryId?: string },
    ): Promise<Array<{ photo: EventPhotoRecord; record: MediaRecord }>> {
      await lookup.mustFind(id);
      const photos = (await events.photos(id)).filter((photo) =>
        filter.unassigned ? photo.entryId === null : filter.entryId ? photo.entryId === filter.entryId : true,
      );
      const records = new Map(
        (await deps.media.findVisibleByIds(photos.map((photo) => photo.mediaId))).map((record) => [record.id, record]),
      );
      return photos.flatMap((photo) => {
        const record = records.get(photo.mediaId);
        return record ? [{ photo, record }] : [];
      });
    },

    /** An event photo is ready: place the event's photos again once the upload pauses (one run for many photos). */
    photoReady(eventId: string): void {
      clearTimeout(pendingAssignments.get(eventId));
      const timer = setTimeout(() => {
        pendingAssignments.delete(eventId);
        void assign(eventId).catch(() => undefined);
      }, ASSIGN_DEBOUNCE_MS);
      timer.unref();
      pendingAssignments.set(eventId, timer);
    },
  };
}
