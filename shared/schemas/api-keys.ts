import { z } from 'zod';

/** POST /api/admin/api-keys: a name the photographer recognises the key by ("Laptop", "Show PC"). */
export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name is too long'),
});

/** The answer of creating a key: the key itself, shown this once (the server keeps only its hash). */
export const createdApiKeySchema = z.object({ id: z.string(), key: z.string() });

/** One key in the list: never the key or its hash, only its first characters to recognise it by. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

export const apiKeyParamsSchema = z.object({ id: z.string().uuid('not a key id') });

/** How many hashes one question may ask about (the sync command asks in batches of this size). */
export const MAX_KNOWN_HASHES = 500;

/**
 * POST /api/admin/uploads/known: which of these contents (MD5 in base64, as media.md5_hash keeps it) a folder or an
 * event already has, so a tool never sends a file again.
 */
export const knownUploadsBodySchema = z
  .object({
    folder: z.string().min(1).max(255).optional(),
    event: z.string().uuid('event is not an event id').optional(),
    md5: z.array(z.string().regex(/^[A-Za-z0-9+/]{22}==$/, 'not a base64 MD5')).max(MAX_KNOWN_HASHES),
  })
  .refine((body) => (body.folder === undefined) !== (body.event === undefined), 'give a folder or an event');
export const knownUploadsSchema = z.object({ known: z.array(z.string()) });
