import { z } from 'zod';

/**
 * A media item as the grid, the lightbox and the home page see it: what they need to lay out and show it, and
 * nothing more (no storage paths, no database ids beyond the opaque `id`).
 * For a video, `image` holds its poster frame's derivatives and `video` the playable file.
 */
export const mediaViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  name: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** ThumbHash, base64; the browser turns it into a blurred placeholder. */
  placeholder: z.string().nullable(),
  image: z.object({
    /** The JPEG fallback at a middle size, for `<img src>`. */
    src: z.string(),
    /** `srcset` strings per format, e.g. "…/480.avif 480w, …/960.avif 960w". */
    srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
  }),
  video: z
    .object({
      src: z.string(),
      type: z.string(),
      /** The short silent MP4 a gallery tile loops; null for videos processed before previews existed. */
      preview: z.string().nullable(),
    })
    .nullable(),
  /** Seconds, for videos. */
  duration: z.number().nonnegative().nullable(),
  /** A watermarked proof (a proofing gallery): shown for choosing, never downloadable. */
  proof: z.boolean().optional(),
  /** When it was added to the gallery (ISO 8601): a client's gallery groups its items by this day. */
  addedAt: z.string().optional(),
});

export type MediaView = z.infer<typeof mediaViewSchema>;

/** GET /api/home: the home page's hero video and its three featured images (empty until media exist). */
export const homeResponseSchema = z.object({
  hero: mediaViewSchema.nullable(),
  /**
   * The clip the hero plays over its picture, when the server offers one (server/answers/hero-video.ts): never
   * larger than the picture a phone downloads for the hero. Null: the hero shows its picture alone.
   */
  heroVideo: z.object({ src: z.string(), type: z.string() }).nullable(),
  featured: z.array(mediaViewSchema).max(3),
});

export type HomeResponse = z.infer<typeof homeResponseSchema>;
