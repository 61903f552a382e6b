import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';

/** POST /api/admin/folders/:folder/notify: tells the client that photos are ready. */
export const photosReadyRequestSchema = z.object({
  /** The e-mail's language; by default the last e-mail's, else the one the client last accepted the terms in, else Hebrew. */
  language: z.enum(LANGUAGES).optional(),
  /** Send although every item was announced already (the panel asked first): the latest batch again. */
  again: z.boolean().optional(),
});

export const photosReadyResultSchema = z.object({
  sentTo: z.string(),
  language: z.enum(LANGUAGES),
  itemCount: z.number().int().nonnegative(),
  sentAt: z.string(),
  /** Whether this e-mail repeated an announced batch. */
  repeated: z.boolean(),
});
export type PhotosReadyResult = z.infer<typeof photosReadyResultSchema>;

/** GET /api/admin/folders/:folder/photos-ready: the last e-mail, and what the next one would announce. */
export const photosReadyStatusSchema = z.object({
  last: z.object({ sentAt: z.string(), sentTo: z.string(), itemCount: z.number().int().nonnegative() }).nullable(),
  /** Items the client can see now. */
  readyCount: z.number().int().nonnegative(),
  /** Of those, the ones no e-mail announced yet. */
  newCount: z.number().int().nonnegative(),
});
export type PhotosReadyStatus = z.infer<typeof photosReadyStatusSchema>;
