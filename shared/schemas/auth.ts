import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../account-rules';

export {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_CODE_LENGTH,
} from '../account-rules';

/**
 * Request bodies of the account routes (server/routes/auth). The server's schemas only check shape and length, so
 * an overlong or missing field is a 400 `invalid-argument` and nothing is stored; the meaning (a valid address, a
 * strong enough password) is checked by the service, which answers with the specific codes the pages translate.
 */

const email = z.string().max(EMAIL_MAX_LENGTH);
const password = z.string().max(PASSWORD_MAX_LENGTH);

export const signUpBodySchema = z.object({
  fullName: z.string().max(DISPLAY_NAME_MAX_LENGTH).optional(),
  email,
  password,
});

export const signInBodySchema = z.object({ email, password });

export const changePasswordBodySchema = z.object({ currentPassword: password, newPassword: password });

export const forgotPasswordBodySchema = z.object({ email });

export const resetWithCodeBodySchema = z.object({
  email,
  code: z.string().max(20),
  newPassword: password,
});

export const verifyResetLinkBodySchema = z.object({ oobCode: z.string().max(200) });

export const resetWithLinkBodySchema = z.object({ oobCode: z.string().max(200), newPassword: password });

/** What the reset page shows once its link is verified. */
export const verifiedResetLinkSchema = z.object({ email: z.string() });

/** Neutral acknowledgement for requests whose outcome must not be revealed (a reset request). */
export const okResponseSchema = z.object({ ok: z.literal(true) });

/**
 * The error codes the account routes answer with. The pages map each to a translated message; anything else
 * falls back to the generic "an error occurred" text.
 */
export const AUTH_ERROR_CODES = [
  'email-in-use',
  'invalid-email',
  'weak-password',
  'invalid-credentials',
  'too-many-requests',
  'invalid-code',
  'expired-code',
  'invalid-reset-link',
  'unauthenticated',
  'invalid-argument',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** A usable e-mail address; the same test runs in the browser and on the server. */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && z.email().safeParse(value).success;
}
