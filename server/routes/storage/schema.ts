import { z } from 'zod';
import { MAX_LIST_RESULTS } from '../../services/media/storage-api';

// Printable ASCII only: these values go into HTTP headers as they are.
const headerValue = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII (percent-encode anything else)');

export const listQuery = z.strictObject({
  prefix: z.string().max(1024).optional(),
  delimiter: z.string().max(8).optional(),
  pageToken: z.string().max(4096).optional(),
  maxResults: z
    .string()
    .regex(/^\d{1,4}$/, `must be a whole number from 1 to ${MAX_LIST_RESULTS}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_LIST_RESULTS, `must be a whole number from 1 to ${MAX_LIST_RESULTS}`)
    .optional(),
});

/** The object path, percent-encoded as one URL segment (`MainGallery%2Fphoto.jpg`); the service checks its form. */
export const objectParams = z.object({ path: z.string().min(1).max(1024) });

export const metadataPatch = z.strictObject({
  contentType: z
    .string()
    .max(100)
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a media type such as image/jpeg')
    .optional(),
  cacheControl: headerValue(256).nullable().optional(),
  contentDisposition: headerValue(1024).nullable().optional(),
  contentLanguage: z
    .string()
    .regex(/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag such as he or en-GB')
    .nullable()
    .optional(),
  customMetadata: z
    .record(
      z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'keys are 1–128 letters, digits, dots, dashes or underscores'),
      z
        .string()
        .max(1024)
        .regex(/^[^\p{Cc}]*$/u, 'values may not hold control characters')
        .nullable(),
    )
    .optional(),
});

export const objectMetadata = z.object({
  bucket: z.string(),
  name: z.string(),
  fullPath: z.string(),
  size: z.number(),
  contentType: z.string(),
  md5Hash: z.string(),
  generation: z.string(),
  metageneration: z.string(),
  timeCreated: z.string(),
  updated: z.string(),
  cacheControl: z.string().nullable(),
  contentDisposition: z.string().nullable(),
  contentEncoding: z.string().nullable(),
  contentLanguage: z.string().nullable(),
  customMetadata: z.record(z.string(), z.string()),
});

export const listResponse = z.object({
  items: z.array(objectMetadata),
  prefixes: z.array(z.string()),
  nextPageToken: z.string().optional(),
});

export type ObjectMetadata = z.infer<typeof objectMetadata>;
