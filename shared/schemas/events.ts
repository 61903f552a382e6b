import { z } from 'zod';
import { SLUG_PATTERN } from '../slug';
import { mediaIdSchema } from './admin';
import { mediaViewSchema } from './media';
import { moneySchema } from './proofing';
import { multilineText, personText } from './text';

/**
 * Competitions: an event, its start list, and "find my photos" by start number, rider or horse. An event's photos are
 * watermarked proofs on its page; what a rider buys arrives in their private gallery.
 */

export const EVENT_VISIBILITIES = ['public', 'unlisted', 'hidden'] as const;
export const eventVisibilitySchema = z.enum(EVENT_VISIBILITIES);
export type EventVisibility = z.infer<typeof eventVisibilitySchema>;

export const EVENT_DISCIPLINES = ['show-jumping', 'dressage', 'eventing', 'dance', 'other'] as const;
export const eventDisciplineSchema = z.enum(EVENT_DISCIPLINES);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const eventName = personText({ min: 1, max: 200 });
const venue = personText({ max: 200 });
/** Lower-case letters, digits and hyphens: the event's address, /events/<slug>. */
export const eventSlugSchema = z.string().regex(SLUG_PATTERN, 'lower-case letters, digits and hyphens');

/** POST /api/admin/events */
export const createEventRequestSchema = z.object({
  name: eventName,
  date: isoDate,
  endDate: isoDate.optional(),
  slug: eventSlugSchema,
  venue: venue.default(''),
  discipline: eventDisciplineSchema.default('show-jumping'),
  visibility: eventVisibilitySchema.default('hidden'),
  /** The IANA time zone of the start list's times; the site is in Israel. */
  timeZone: z.string().max(64).default('Asia/Jerusalem'),
});
export const createEventResponseSchema = z.object({ id: z.string(), slug: z.string() });

/**
 * PATCH /api/admin/events/:id — only the fields sent change. (Not derived from the create schema: its defaults would
 * quietly reset every field a change leaves out, the visibility among them.)
 */
export const updateEventRequestSchema = z.object({
  name: eventName.optional(),
  date: isoDate.optional(),
  endDate: isoDate.optional(),
  venue: venue.optional(),
  discipline: eventDisciplineSchema.optional(),
  visibility: eventVisibilitySchema.optional(),
  coverMediaId: mediaIdSchema.nullable().optional(),
});

/** An event as its public page shows it. */
export const publicEventSchema = z.object({
  slug: z.string(),
  name: z.string(),
  date: z.string(),
  endDate: z.string(),
  venue: z.string(),
  discipline: eventDisciplineSchema,
  /** Whether search engines may index the page: only public events. */
  indexable: z.boolean(),
  cover: mediaViewSchema.nullable(),
  entryCount: z.number().int().nonnegative(),
  photoCount: z.number().int().nonnegative(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** GET /api/events — the public events, newest first. */
export const publicEventListSchema = z.object({ events: z.array(publicEventSchema) });

/** An event in the admin panel. */
export const adminEventSchema = publicEventSchema.extend({
  id: z.string(),
  visibility: eventVisibilitySchema,
  /** For an unlisted event: the key its link carries. */
  accessKey: z.string(),
  timeZone: z.string(),
  unassignedCount: z.number().int().nonnegative(),
  /** Photos whose start number waits for the photographer's review. */
  reviewCount: z.number().int().nonnegative(),
  classes: z.array(z.object({ name: z.string(), roundSeconds: z.number().int().positive() })),
  cameras: z.array(z.object({ camera: z.string(), offsetSeconds: z.number().int() })),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;
export const adminEventListSchema = z.object({ events: z.array(adminEventSchema) });

/**
 * One line of the start list, as the public search and the admin's start-list view both name it. Only the number is
 * always given: rider, horse and class are '' when the start list does not name them, the start time (an instant)
 * null when it gives none.
 */
const entryLineSchema = z.object({
  id: z.string(),
  number: z.string(),
  rider: z.string(),
  horse: z.string(),
  class: z.string(),
  startTime: z.string().nullable(),
});

/** One entry of the start list, as a search result shows it (with its proofs). */
export const entryResultSchema = entryLineSchema.extend({
  /** The first of the ride's proofs (a search answers quickly however many match); `photoCount` says how many in all. */
  items: z.array(mediaViewSchema),
  photoCount: z.number().int().nonnegative(),
  /**
   * Buying the whole entry: the rider's horses in this class (this entry and the rider's other rides in the same
   * heat), and the price list's price for them (per entry, plus each additional horse).
   */
  wholeEntry: z.object({ horses: z.number().int().positive(), total: moneySchema }),
});
export type EntryResult = z.infer<typeof entryResultSchema>;

/** GET /api/events/:slug/entries/:entryId/photos — every proof of one ride. */
export const entryPhotosSchema = z.object({ items: z.array(mediaViewSchema) });

/** GET /api/events/:slug/search?q= */
export const eventSearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  key: z.string().max(64).optional(),
});
export const eventSearchResponseSchema = z.object({ entries: z.array(entryResultSchema) });

/** PUT /api/admin/events/:id/classes — round lengths per class (3 minutes when not set). */
export const DEFAULT_ROUND_SECONDS = 180;
export const eventClassesRequestSchema = z.object({
  classes: z
    .array(z.object({ name: z.string().min(1).max(100), roundSeconds: z.number().int().min(10).max(7200) }))
    .max(200),
});

/**
 * PUT /api/admin/events/:id/cameras/:camera — a camera's clock offset: typed in seconds, or worked out from one
 * photo whose true time the photographer knows.
 */
export const cameraOffsetRequestSchema = z.union([
  z.object({ offsetSeconds: z.number().int().min(-86_400).max(86_400) }),
  z.object({ mediaId: mediaIdSchema, trueTime: z.string().datetime({ offset: true }) }),
]);

/** POST /api/admin/events/:id/assign — move photos to an entry (or to none), by hand. */
export const assignRequestSchema = z.object({
  mediaIds: z.array(mediaIdSchema).min(1).max(5000),
  entryId: z.string().nullable(),
});

/** An event photo in the admin's unassigned list and entry views. */
export const adminEventPhotoSchema = z.object({
  id: z.string(),
  name: z.string(),
  thumbnail: z.string(),
  capturedAt: z.string().nullable(),
  camera: z.string().nullable(),
  entryId: z.string().nullable(),
});
export type AdminEventPhoto = z.infer<typeof adminEventPhotoSchema>;
export const adminEventPhotoListSchema = z.object({ photos: z.array(adminEventPhotoSchema) });

/** An entry in the admin's start-list view. */
export const adminEntrySchema = entryLineSchema.extend({
  hidden: z.boolean(),
  photoCount: z.number().int().nonnegative(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;
export const adminEntryListSchema = z.object({ entries: z.array(adminEntrySchema) });

/** POST /api/events/:slug/orders — the whole entry (with `entryId`), or the picks made on this event's page. */
export const eventOrderRequestSchema = z.object({
  note: multilineText({ max: 2000 }).default(''),
  entryId: z.string().uuid().optional(),
  key: z.string().max(64).optional(),
});
