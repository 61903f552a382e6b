import type { SessionUser } from '../../shared/schemas/session';

/**
 * The signed-in user as the API shows it. The admin is whoever owns the configured admin address; this is decided
 * here, on the server, for every request. `folder` is the gallery the account owns (by id, in the client table), and
 * only once the address is proven: an unverified account sees nothing private. The admin counts as verified.
 */
export function presentSessionUser(
  user: { id: string; email: string; name?: string | null; emailVerified?: boolean },
  adminEmail: string,
  ownedFolder: string | null,
): SessionUser {
  const email = user.email.toLowerCase();
  const isAdmin = email === adminEmail.toLowerCase();
  const emailVerified = isAdmin || user.emailVerified === true;
  return {
    id: user.id,
    email,
    name: user.name ? user.name : null,
    isAdmin,
    emailVerified,
    folder: emailVerified && !isAdmin ? ownedFolder : null,
  };
}
