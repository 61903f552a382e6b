import type { SessionUser } from '../../shared/schemas/session';
import { ApiError, apiFetch, NETWORK_ERROR } from './client';

/** Calls of the account pages (server/routes/auth). Every failure is an ApiError with a stable code. */
export const authApi = {
  signUp: (body: { fullName?: string; email: string; password: string }) =>
    apiFetch<SessionUser>('/api/auth/sign-up', { method: 'POST', json: body }),
  signIn: (body: { email: string; password: string }) =>
    apiFetch<SessionUser>('/api/auth/sign-in', { method: 'POST', json: body }),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    apiFetch<{ ok: true }>('/api/auth/change-password', { method: 'POST', json: body }),
  forgotPassword: (email: string) =>
    apiFetch<{ ok: true }>('/api/auth/forgot-password', { method: 'POST', json: { email } }),
  resetWithCode: (body: { email: string; code: string; newPassword: string }) =>
    apiFetch<{ ok: true }>('/api/auth/reset-password/code', { method: 'POST', json: body }),
  verifyResetLink: (oobCode: string) =>
    apiFetch<{ email: string }>('/api/auth/reset-password/verify', { method: 'POST', json: { oobCode } }),
  resetWithLink: (body: { oobCode: string; newPassword: string }) =>
    apiFetch<{ ok: true }>('/api/auth/reset-password/link', { method: 'POST', json: body }),
  /**
   * Ends the session, then forgets what this browser kept of the private gallery: the service worker caches
   * gallery answers and images, and they must not outlive the session on a shared device.
   */
  signOut: async (): Promise<void> => {
    try {
      await apiFetch('/api/auth/sign-out', { method: 'POST', json: {} });
    } finally {
      await clearGalleryCaches();
    }
  },
};

async function clearGalleryCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('gallery-')).map((name) => caches.delete(name)));
  } catch {
    // Storage may be unavailable (private mode); nothing was kept then.
  }
}

const ERROR_KEYS: Record<string, string> = {
  [NETWORK_ERROR]: 'errors.network',
  'too-many-requests': 'errors.tooManyRequests',
  'email-in-use': 'errors.emailInUse',
  'invalid-email': 'errors.invalidEmail',
  'weak-password': 'errors.weakPassword',
  'invalid-credentials': 'errors.invalidCredentials',
  'invalid-code': 'errors.invalidCode',
  'expired-code': 'errors.expiredCode',
  'invalid-reset-link': 'reset.invalidOrExpired',
};

/**
 * The `auth` translation key for a failed call: the server's code translated when we know it, otherwise the page's
 * own fallback (spec §8: "otherwise 'an error occurred'", "sending the email failed", "password reset failed").
 */
export function authErrorKey(error: unknown, fallbackKey = 'errors.generic'): string {
  if (error instanceof ApiError) {
    if (error.code === 'invalid-argument' && JSON.stringify(error.details ?? '').includes('fullName')) {
      return 'errors.invalidName';
    }
    return ERROR_KEYS[error.code] ?? fallbackKey;
  }
  return fallbackKey;
}

/** A return path from `?next=`, accepted only when it stays on this site (`/contact`, never `//evil.example`). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}
