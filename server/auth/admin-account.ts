import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { withDatabaseLock } from '../db/schema-lock';
import { authDatabase, type BetterAuth } from './better-auth';

/**
 * The admin is the account whose address is ADMIN_EMAIL. It is created at start when missing, so nobody can sign up
 * with that address first: with ADMIN_INITIAL_PASSWORD, or with a random password shown once, framed, on stderr.
 */
export async function ensureAdminAccount(
  auth: BetterAuth,
  options: {
    adminEmail: string;
    initialPassword: string | undefined;
    logger: FastifyBaseLogger;
    /** Shows the one-time password to a person (stderr by default). */
    announce?: (text: string) => void;
  },
): Promise<void> {
  const context = await auth.$context;
  const password = options.initialPassword ?? randomBytes(18).toString('base64url');
  // Instances starting together on one database take turns here: the first creates the account, the others find it.
  const created = await withDatabaseLock(authDatabase(auth), 'admin-account', async () => {
    if (await context.internalAdapter.findUserByEmail(options.adminEmail)) return false;
    await createCredentialUser(auth, options.adminEmail, password);
    return true;
  });
  if (!created) return;
  if (options.initialPassword) {
    options.logger.info({ email: options.adminEmail }, 'admin account created with ADMIN_INITIAL_PASSWORD');
  } else {
    // A person has to read this once, at the first start: a framed plain message, not a field of a JSON log line.
    (options.announce ?? announceOnStderr)(oneTimePasswordNotice(options.adminEmail, password));
    options.logger.warn(
      { email: options.adminEmail },
      'admin account created with a one-time password, printed once on stderr (change it: npm run admin -- set-password)',
    );
  }
}

/** Where the one-time password is shown: the terminal or service log a person reads, except in tests. */
function announceOnStderr(text: string): void {
  if (process.env.NODE_ENV !== 'test') process.stderr.write(text);
}

/** The first start's message with the admin's one-time password, framed so it stands out among log lines. */
export function oneTimePasswordNotice(email: string, password: string): string {
  const lines = [
    'The admin account was created.',
    '',
    `  E-mail:             ${email}`,
    `  One-time password:  ${password}`,
    '',
    'Sign in at /login with it, then choose your own password',
    '(Account page, or: npm run admin -- set-password).',
    'This password is shown only this once.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return `\n${rule}\n${lines.map((line) => `| ${line.padEnd(width)} |`).join('\n')}\n${rule}\n\n`;
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
