import { AppError } from '../errors';

/** The `code` better-auth put on an APIError (e.g. INVALID_EMAIL_OR_PASSWORD), or undefined for other errors. */
export function betterAuthCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('body' in error)) return undefined;
  const body = (error as { body?: unknown }).body;
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export const authErrors = {
  invalidEmail: () => new AppError('invalid-email', 'The e-mail address is not valid.'),
  /** `reason` tells the page which message fits: too short, or one of the passwords attackers try first. */
  weakPassword: (reason: 'too-short' | 'common' = 'too-short') =>
    new AppError(
      'weak-password',
      reason === 'common'
        ? 'This password is one of the most common ones and would be guessed quickly: choose another.'
        : 'The password is too short: use at least 6 characters.',
      { reason },
    ),
  invalidCredentials: () => new AppError('invalid-credentials', 'The e-mail address or password is not correct.'),
  wrongCurrentPassword: () => new AppError('invalid-credentials', 'The current password is not correct.'),
  emailInUse: () => new AppError('email-in-use', 'This e-mail address is already in use.'),
  invalidName: () =>
    new AppError('invalid-argument', 'The name contains characters that are not allowed or is too long.', {
      fields: [{ field: 'fullName', message: 'not allowed' }],
    }),
  invalidCode: () => new AppError('invalid-code', 'The code is not correct.'),
  expiredCode: () => new AppError('expired-code', 'The code has expired. Ask for a new one.'),
  invalidResetLink: () => new AppError('invalid-reset-link', 'The reset link is invalid or has expired.'),
  signedOut: () => new AppError('unauthenticated', 'Please sign in to continue.'),
};
