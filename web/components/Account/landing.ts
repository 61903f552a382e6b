import type { SessionUser } from '../../../shared/schemas/session';
import { safeNextPath } from '../../api/auth';

/**
 * Where a person lands after signing in or signing up: an explicit `?next=` that stays on this site wins (back to
 * /contact, to an event page); otherwise the photographer goes to the admin panel and a client to their gallery, /me,
 * which shows the photos, what happens next while there are none, or the request to confirm the address.
 */
export function landingAfterSignIn(user: Pick<SessionUser, 'isAdmin'>, next: string | null): string {
  if (next && safeNextPath(next) === next) return next;
  return user.isAdmin ? '/admin' : '/me';
}

/** The other account page's address, passing on a safe `?next=`, so switching between log-in and sign-up keeps it. */
export function withNext(path: string, next: string | null): string {
  return next && safeNextPath(next) === next ? `${path}?next=${encodeURIComponent(next)}` : path;
}
