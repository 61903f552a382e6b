import { z } from 'zod';
import { mediaViewSchema } from './media';
import { personText } from './text';

/**
 * The review of start numbers read in an event's photos: the photos a number could not place safely, and the
 * photographer's one-tap decision on each.
 */

export const REVIEW_REASONS = ['other-ride', 'ambiguous', 'not-on-start-list'] as const;
export const reviewReasonSchema = z.enum(REVIEW_REASONS);
export type ReviewReason = z.infer<typeof reviewReasonSchema>;

/** A start number as printed on a pad or bib: digits only. */
export const startNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, 'a start number: digits only');

/** Where a number sits in the photo, as fractions (0–1) of its width and height, so any rendition can show it. */
export const numberCropSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type NumberCrop = z.infer<typeof numberCropSchema>;

/** One number read in the photo, with the entries that have it (several when a horse rides several classes). */
export const reviewCandidateSchema = z.object({
  number: z.string(),
  /** 0–1. */
  confidence: z.number(),
  crop: numberCropSchema,
  entries: z.array(z.object({ id: z.string(), rider: z.string(), horse: z.string(), class: z.string() })),
});
export type ReviewCandidate = z.infer<typeof reviewCandidateSchema>;

/** A photo in the review queue. */
export const reviewItemSchema = z.object({
  mediaId: z.string(),
  name: z.string(),
  /** The photo's clean picture, for the photo and its zoomed crop. */
  image: mediaViewSchema,
  capturedAt: z.string().nullable(),
  reason: reviewReasonSchema,
  /** The best number's place in the photo (null when no number was read surely enough to name one). */
  crop: numberCropSchema.nullable(),
  candidates: z.array(reviewCandidateSchema),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** GET /api/admin/events/:id/review */
export const reviewQueueSchema = z.object({ items: z.array(reviewItemSchema) });

/**
 * POST /api/admin/events/:id/review/:mediaId — this entry, or none ("not a rider": the photo stays unplaced); or the
 * entry of a typed number.
 */
export const reviewDecisionSchema = z.union([
  z.object({ entryId: z.string().uuid('not an entry id').nullable() }).strict(),
  z.object({ number: startNumberSchema }).strict(),
]);
export const reviewDecisionResponseSchema = z.object({
  state: z.enum(['confirmed', 'corrected']),
  entryId: z.string().nullable(),
});

/** PATCH /api/admin/events/:id/entries/:entryId — hide or show an entry, or name it (a number-only one, later). */
export const entryChangeSchema = z
  .object({
    hidden: z.boolean().optional(),
    rider: personText({ max: 200 }).optional(),
    horse: personText({ max: 200 }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');
