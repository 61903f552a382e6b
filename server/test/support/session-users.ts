import type { SessionUser } from '../../../shared/schemas/session';

/** A client whose address is proven and who owns their gallery, as a service receives them from the session. */
export const VERIFIED_RIDER: SessionUser = {
  id: 'account-1',
  email: 'noa@example.com',
  name: 'Noa Levi',
  isAdmin: false,
  emailVerified: true,
  folder: 'noa-levi',
};
