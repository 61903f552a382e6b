import type { z } from 'zod';
import type { Language } from '../../shared/i18n/languages';
import type {
  AuthErrorCode,
  changePasswordBodySchema,
  okResponseSchema,
  resetWithCodeBodySchema,
  resetWithLinkBodySchema,
  signInBodySchema,
  signUpBodySchema,
  verifiedResetLinkSchema,
} from '../../shared/schemas/auth';
import type { acceptInvitationBodySchema, invitationSchema, verifiedEmailSchema } from '../../shared/schemas/clients';
import type { SessionUser } from '../../shared/schemas/session';
import { ApiError, apiFetch, NETWORK_ERROR } from './client';

/** The request body a route's schema accepts, and what it answers: the same zod schemas the server validates with. */
type Body<S extends z.ZodType> = z.input<S>;
type Answer<S extends z.ZodType> = z.output<S>;
type Ok = Answer<typeof okResponseSchema>;

const post = <T>(path: string, json: unknown) => apiFetch<T>(path, { method: 'POST', json });

/** Calls of the account pages (server/routes/auth). Every failure is an ApiError with a stable code. */
export const authApi = {
  signUp: (body: Body<typeof signUpBodySchema>) => post<SessionUser>('/api/auth/sign-up', body),
  signIn: (body: Body<typeof signInBodySchema>) => post<SessionUser>('/api/auth/sign-in', body),
  changePassword: (body: Body<typeof changePasswordBodySchema>) => post<Ok>('/api/auth/change-password', body),
  forgotPassword: (email: string) => post<Ok>('/api/auth/forgot-password', { email }),
  resetWithCode: (body: Body<typeof resetWithCodeBodySchema>) => post<Ok>('/api/auth/reset-password/code', body),
  verifyResetLink: (oobCode: string) =>
    post<Answer<typeof verifiedResetLinkSchema>>('/api/auth/reset-password/verify', { oobCode }),
  resetWithLink: (body: Body<typeof resetWithLinkBodySchema>) => post<Ok>('/api/auth/reset-password/link', body),
  /** The link from the verification e-mail proves the address. */
  verifyEmail: (token: string) => post<Answer<typeof verifiedEmailSchema>>('/api/auth/verify-email', { token }),
  /** "Send again" on /me: a new verification e-mail, in the page's language. */
  resendVerification: (language: Language) => post<Ok>('/api/auth/verification-email', { language }),
  /** Who an invitation is for, before the client chooses a password. */
  inspectInvitation: (token: string) => post<Answer<typeof invitationSchema>>('/api/auth/invitation/verify', { token }),
  /** Sets the password, proves the address and signs the client in. */
  acceptInvitation: (body: Body<typeof acceptInvitationBodySchema>) =>
    post<SessionUser>('/api/auth/invitation/accept', body),
};

/**
 * The account pages' own wording for the codes the account routes answer with (the sign-up and reset messages of
 * the product). Typed over every such code: null means "the page's fallback" (e.g. "sending the email failed").
 */
const AUTH_ERROR_KEYS: Record<AuthErrorCode | typeof NETWORK_ERROR, string | null> = {
  [NETWORK_ERROR]: 'errors.network',
  'too-many-requests': 'errors.tooManyRequests',
  'email-in-use': 'errors.emailInUse',
  'invalid-email': 'errors.invalidEmail',
  'weak-password': 'errors.weakPassword',
  'invalid-credentials': 'errors.invalidCredentials',
  'invalid-code': 'errors.invalidCode',
  'expired-code': 'errors.expiredCode',
  'invalid-reset-link': 'reset.invalidOrExpired',
  unauthenticated: null,
  'invalid-argument': null,
};

/**
 * The `auth` translation key for a failed call: the server's code translated when we know it, otherwise the page's
 * own fallback ("an error occurred", "sending the email failed", "password reset failed").
 */
export function authErrorKey(error: unknown, fallbackKey = 'errors.generic'): string {
  if (error instanceof ApiError) {
    if (error.code === 'invalid-argument' && JSON.stringify(error.details ?? '').includes('fullName')) {
      return 'errors.invalidName';
    }
    // A common password gets its own message: "at least 6 characters" would not be true of it.
    if (error.code === 'weak-password' && (error.details as { reason?: unknown } | undefined)?.reason === 'common') {
      return 'errors.commonPassword';
    }
    return (Object.hasOwn(AUTH_ERROR_KEYS, error.code) && AUTH_ERROR_KEYS[error.code as AuthErrorCode]) || fallbackKey;
  }
  return fallbackKey;
}

/** A return path from `?next=`, accepted only when it stays on this site (`/contact`, never `//evil.example`). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // A tab, newline or other control character would make the path mean something else to the router.
  if ([...next].some((char) => isControlCharacter(char))) return '/';
  return next;
}

function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}
