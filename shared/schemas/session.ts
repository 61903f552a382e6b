import { z } from 'zod';

/** What the browser learns about the signed-in user. `isAdmin` only decides what to show; the server re-checks. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
  /** False until the address is proven (link, invitation or password reset); nothing private is shown before. */
  emailVerified: z.boolean(),
  /** The private gallery the account owns; null until the address is verified, and for the admin. */
  folder: z.string().nullable(),
});

export const sessionResponseSchema = sessionUserSchema.nullable();

export type SessionUser = z.infer<typeof sessionUserSchema>;
