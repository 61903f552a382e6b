import { z } from 'zod';
import { mediaIdSchema } from './admin';

/** How long a replaced original is kept, to be restored, before the daily sweep removes it. */
export const VERSION_RETENTION_DAYS = 30;

/** A previous original of an item (GET /api/admin/media/:id/versions). */
export const mediaVersionSchema = z.object({
  id: z.string(),
  /** The name the file was uploaded under (the item keeps its own name whatever the file was called). */
  uploadedName: z.string(),
  size: z.number().min(0),
  contentType: z.string(),
  /** When it stopped being the item's original. */
  replacedAt: z.string(),
  /** When the sweep removes it for good. */
  purgeAt: z.string(),
  /** It had itself arrived as an edited version (false: the original the item was created with). */
  edited: z.boolean(),
});
export type MediaVersion = z.infer<typeof mediaVersionSchema>;

/** The kept previous originals of an item, the most recently replaced first. */
export const mediaVersionListSchema = z.object({ items: z.array(mediaVersionSchema) });
export type MediaVersionList = z.infer<typeof mediaVersionListSchema>;

/** POST /api/admin/media/:id/versions/:versionId/restore */
export const mediaVersionParamsSchema = z.object({ id: mediaIdSchema, versionId: mediaIdSchema });
