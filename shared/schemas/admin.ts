import { z } from 'zod';
import { mediaViewSchema } from './media';

/** Largest file the upload endpoint accepts, in bytes (10 GiB: a long competition video fits). */
export const MAX_UPLOAD_BYTES = 10 * 1024 ** 3;

/** How long a deleted item stays restorable in the trash. */
export const TRASH_RETENTION_DAYS = 30;

/** How many home-page images the admin picks. */
export const FEATURED_PICKS = 3;

/** A media id in a URL: 22 base64url characters. */
export const mediaIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not a media id');

/**
 * The tus metadata of an upload. Keep these names stable: the browser, tests and tools use them.
 * `folder` is a client's folder or the main gallery's (MAIN_GALLERY_FOLDER in shared/folders.ts).
 */
export const uploadMetadataSchema = z
  .object({
    filename: z.string().trim().min(1, 'filename is required').max(500, 'filename is too long'),
    filetype: z.string().max(200, 'filetype is too long').optional(),
    folder: z.string().min(1, 'folder is required').max(255, 'folder is too long').optional(),
    /** An event's id instead of a folder: the photo goes to the event, to be placed in its start list. */
    event: z.string().uuid('event is not an event id').optional(),
    /**
     * An item of that same folder or event whose original this file replaces, keeping the item's id and name (an
     * edited version; server/services/media/replace-original.ts). Admin only, like every upload.
     */
    replaces: mediaIdSchema.optional(),
  })
  .refine((meta) => (meta.folder === undefined) !== (meta.event === undefined), {
    message: 'give either folder or event',
    path: ['folder'],
  });
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** One user folder in the admin's list. */
export const adminFolderSchema = z.object({
  folder: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  itemCount: z.number().int().min(0),
  /** Bytes of the originals (trash excluded). */
  totalSize: z.number().min(0),
  /** When the newest item arrived, ISO, or null for an empty folder. */
  lastUpload: z.string().nullable(),
  /** Delivered (everything is the client's) or proofing (watermarked proofs to pick from). */
  mode: z.enum(['delivered', 'proofing']),
});
export type AdminFolder = z.infer<typeof adminFolderSchema>;

export const adminFolderListSchema = z.object({
  items: z.array(adminFolderSchema),
  mainGallery: adminFolderSchema.omit({ email: true, name: true, mode: true }),
});
export type AdminFolderList = z.infer<typeof adminFolderListSchema>;

/** A media item as the admin sees it: every state (processing, ready, failed), with the view when ready. */
export const adminMediaSchema = z.object({
  id: z.string(),
  folder: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'video']),
  status: z.enum(['processing', 'ready', 'failed']),
  errorCode: z.string().nullable(),
  size: z.number().min(0),
  contentType: z.string(),
  timeCreated: z.string(),
  deletedAt: z.string().nullable(),
  /** When a trashed item is purged for good. */
  purgeAt: z.string().nullable(),
  view: mediaViewSchema.nullable(),
  /** Its original was replaced by an edited version (and not restored to the first one). */
  edited: z.boolean(),
});
export type AdminMedia = z.infer<typeof adminMediaSchema>;

export const adminMediaListSchema = z.object({ items: z.array(adminMediaSchema) });
export type AdminMediaList = z.infer<typeof adminMediaListSchema>;

/** The `:folder` of every /api/admin/folders/:folder/… route: a client's folder or the main gallery's. */
export const adminFolderParamsSchema = z.object({ folder: z.string().min(1).max(255) });

/** POST /api/admin/folders/:folder/fix-metadata: one batch at a time, so the browser can show progress. */
export const fixMetadataRequestSchema = z.object({
  /** The last id of the previous batch; absent for the first. */
  after: mediaIdSchema.optional(),
});
export const fixMetadataResponseSchema = z.object({
  /** Items updated in this batch. */
  processed: z.number().int().min(0),
  /** Items of this batch sent back through the pipeline (they had no derivatives). */
  requeued: z.number().int().min(0),
  /** Items in the folder (trash excluded). */
  total: z.number().int().min(0),
  /** Pass as `after` for the next batch; null when done. */
  next: z.string().nullable(),
});
export type FixMetadataResponse = z.infer<typeof fixMetadataResponseSchema>;

/** PUT /api/admin/main-gallery/order: main-gallery ids in the order the gallery should show them. */
export const reorderRequestSchema = z.object({
  ids: z.array(mediaIdSchema).min(1).max(5000),
});

/** GET/PUT /api/admin/home-picks: the hero video and the featured images of the home page. */
export const homePicksSchema = z.object({
  heroId: mediaIdSchema.nullable(),
  featuredIds: z.array(mediaIdSchema).max(FEATURED_PICKS),
});
export type HomePicks = z.infer<typeof homePicksSchema>;
