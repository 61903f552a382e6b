import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../account-rules';
import { LANGUAGES } from '../i18n/languages';
import { INCLUDED_PICKS_MAX } from '../pricing';
import { optionalPhoneSchema } from './phone';
import { personText } from './text';

/**
 * Clients the photographer owns, e-mail verification and invitations. A client is a record first (added by the
 * photographer, or made at sign-up) and owns exactly one gallery folder; an account joins it by proving the address.
 */

const email = z.string().trim().max(EMAIL_MAX_LENGTH);
const password = z.string().max(PASSWORD_MAX_LENGTH);
/** E-mailed tokens are 43 base64url characters; anything longer is refused before it reaches a query. */
const emailToken = z.string().max(100);
const language = z.enum(LANGUAGES).optional();
const fullName = personText({ min: 1, max: DISPLAY_NAME_MAX_LENGTH });

export const verifyEmailBodySchema = z.object({ token: emailToken });
export const verifiedEmailSchema = z.object({ email: z.string() });
export const resendVerificationBodySchema = z.object({ language });

export const invitationTokenBodySchema = z.object({ token: emailToken });
export const invitationSchema = z.object({ email: z.string(), fullName: z.string() });
export const acceptInvitationBodySchema = z.object({
  token: emailToken,
  newPassword: password,
  confirmNewPassword: password,
});

export const clientSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  folder: z.string(),
  hasAccount: z.boolean(),
  emailVerified: z.boolean(),
  /** A new address waiting for its owner's confirmation. */
  pendingEmail: z.string().nullable(),
  /** When the last invitation was sent, ISO. */
  invitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  itemCount: z.number().int().min(0),
  /** Bytes of the originals, trash excluded. */
  totalSize: z.number().min(0),
  /** Picks the photographer includes in the client's first order; null: the rule by how they came (shared/pricing.ts). */
  includedPicks: z.number().int().min(0).nullable(),
});
export type Client = z.infer<typeof clientSchema>;

export const unownedFolderSchema = z.object({
  folder: z.string(),
  itemCount: z.number().int().min(0),
  totalSize: z.number().min(0),
});

export const clientListSchema = z.object({
  items: z.array(clientSchema),
  /** Media folders nobody owns (e.g. one that two accounts used to share): the photographer gives each to a client. */
  unownedFolders: z.array(unownedFolderSchema),
});
export type ClientList = z.infer<typeof clientListSchema>;

export const createClientBodySchema = z.object({
  email,
  fullName,
  phone: optionalPhoneSchema.optional(),
});
export const createdClientSchema = z.object({ id: z.string(), folder: z.string() });

export const updateClientBodySchema = z.object({
  email: email.optional(),
  fullName: fullName.optional(),
  phone: optionalPhoneSchema.nullable().optional(),
  /** Null goes back to the rule by how the client came. */
  includedPicks: z.number().int().min(0).max(INCLUDED_PICKS_MAX).nullable().optional(),
});

export const clientIdParamsSchema = z.object({ id: z.string().min(1).max(40) });
export const sendInvitationBodySchema = z.object({ language });
export const sentInvitationSchema = z.object({ link: z.string(), sentAt: z.string() });
export const removedClientSchema = z.object({ trashedItems: z.number().int().min(0) });
export const assignFolderBodySchema = z.object({ clientId: z.string().min(1).max(40) });
