import { z } from 'zod';
import { adminMediaSchema, mediaIdSchema } from './admin';

/** Items one bulk request may name: a client's folder from a whole competition fits. */
export const BULK_LIMIT = 2000;

const bulkIds = z
  .array(mediaIdSchema)
  .min(1, 'select at least one item')
  .max(BULK_LIMIT, `select at most ${BULK_LIMIT} items`)
  .refine((ids) => new Set(ids).size === ids.length, 'an item is listed twice');

/** POST /api/admin/folders/:folder/media/trash and …/add-to-main-gallery: the selected items of that folder. */
export const bulkIdsRequestSchema = z.object({ ids: bulkIds });
export type BulkIdsRequest = z.infer<typeof bulkIdsRequestSchema>;

/** POST /api/admin/folders/:folder/media/move: the selected items go to another client's folder. */
export const bulkMoveRequestSchema = z.object({
  ids: bulkIds,
  to: z.string().min(1, 'choose a folder').max(255, 'folder is too long'),
});
export type BulkMoveRequest = z.infer<typeof bulkMoveRequestSchema>;

/** What a bulk request did: every item, or (refused) none. */
export const bulkResultSchema = z.object({
  /** Items changed by this request. */
  count: z.number().int().min(0),
  /** Add to the main gallery only: items that were already there and were left as they are. */
  unchanged: z.number().int().min(0),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** One trashed item, with the name of the client whose folder it came from (null for the main gallery). */
export const trashItemSchema = adminMediaSchema.extend({
  owner: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;
export const trashListSchema = z.object({ items: z.array(trashItemSchema) });
export type TrashList = z.infer<typeof trashListSchema>;
