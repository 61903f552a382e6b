import { z } from 'zod';

/** What the browser learns about the signed-in user. `isAdmin` only decides what to show; the server re-checks. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
  folder: z.string(),
});

export const sessionResponseSchema = sessionUserSchema.nullable();

export type SessionUser = z.infer<typeof sessionUserSchema>;
