import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { BetterAuth } from './better-auth';

/**
 * The admin is the account whose address is ADMIN_EMAIL. It is created at start when missing, so nobody can sign up
 * with that address first: with ADMIN_INITIAL_PASSWORD, or with a random password printed once in the log.
 */
export async function ensureAdminAccount(
  auth: BetterAuth,
  options: {
    adminEmail: string;
    initialPassword: string | undefined;
    logger: FastifyBaseLogger;
  },
): Promise<void> {
  const context = await auth.$context;
  if (await context.internalAdapter.findUserByEmail(options.adminEmail)) return;
  const password = options.initialPassword ?? randomBytes(18).toString('base64url');
  await createCredentialUser(auth, options.adminEmail, password);
  if (options.initialPassword) {
    options.logger.info({ email: options.adminEmail }, 'admin account created with ADMIN_INITIAL_PASSWORD');
  } else {
    options.logger.warn(
      { email: options.adminEmail },
      `admin account created with the one-time password: ${password} (change it: npm run admin -- set-password)`,
    );
  }
}

async function createCredentialUser(auth: BetterAuth, email: string, password: string): Promise<string> {
  const context = await auth.$context;
  const hash = await context.password.hash(password);
  const user = await context.internalAdapter.createUser(
    { email, name: '', emailVerified: true },
    { method: 'email-password' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  return user.id;
}

/** Sets the admin's password (creating the account if needed) and ends all of its sessions. */
export async function setAdminPassword(auth: BetterAuth, adminEmail: string, password: string): Promise<void> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(adminEmail);
  if (!found) {
    await createCredentialUser(auth, adminEmail, password);
    return;
  }
  const hash = await context.password.hash(password);
  if (await context.internalAdapter.findCredentialAccount(found.user.id)) {
    await context.internalAdapter.updatePassword(found.user.id, hash);
  } else {
    await context.internalAdapter.linkAccount({
      userId: found.user.id,
      providerId: 'credential',
      accountId: found.user.id,
      password: hash,
    });
  }
  await context.internalAdapter.deleteUserSessions(found.user.id);
}
