import { folderNameForEmail } from '../../shared/folders';
import type { SessionUser } from '../../shared/schemas/session';

/**
 * The signed-in user as the API shows it. The admin is whoever owns the configured admin address (spec §6);
 * this is decided here, on the server, for every request.
 */
export function presentSessionUser(user: { id: string; email: string; name?: string | null }, adminEmail: string) {
  const email = user.email.toLowerCase();
  const result: SessionUser = {
    id: user.id,
    email,
    name: user.name ? user.name : null,
    isAdmin: email === adminEmail.toLowerCase(),
    folder: folderNameForEmail(email),
  };
  return result;
}
