import type { AccountService } from '../auth/account-service';
import { createAccountService } from '../auth/account-service';
import { ensureAdminAccount } from '../auth/admin-account';
import { createBetterAuth, migrateBetterAuth, sessionCookieName } from '../auth/better-auth';
import { type AuthLimits, createAccountLimiter, DEFAULT_AUTH_LIMITS } from '../auth/limits';
import type { ScryptParams } from '../auth/password-hash';
import { createResetService } from '../auth/reset-service';
import { loadAuthSecret } from '../auth/secret';
import { DEFAULT_SIGN_IN_DELAY, type SignInDelay } from '../auth/sign-in-delay';
import { createApiKeyRepository } from '../repositories/api-key-repository';
import { createAuthAttemptRepository } from '../repositories/auth-attempt-repository';
import { createResetTokenRepository } from '../repositories/reset-token-repository';
import { createApiKeys } from '../services/accounts/api-keys';
import { createClientAccounts } from '../services/accounts/client-accounts';
import { backfillClients } from '../services/accounts/client-backfill';
import { createClientsAdmin } from '../services/accounts/clients-admin';
import type { PhotographerNotices } from '../services/site/admin-notify';
import type { Foundation } from './foundation';

export interface AuthModuleOptions {
  /** Overrides of the default limits (benchmarks and tests that need many attempts from one address). */
  limits?: { perIp?: Partial<AuthLimits['perIp']>; perAccount?: Partial<AuthLimits['perAccount']> };
  /** Hashing cost; the default is the production cost (N = 2^17, r = 8). */
  scrypt?: ScryptParams;
  /** How sign-ins of an account under attack slow down (tests set no delay, or record it instead of waiting). */
  signInDelay?: Partial<SignInDelay>;
}

/**
 * Accounts: better-auth and its tables, the attempt limits, sign-up to password reset, each account's client and
 * gallery, and the photographer's client list. The admin account is created when missing, and clients are
 * backfilled for accounts that predate them.
 */
export async function composeAccounts(
  base: Foundation,
  notices: Pick<PhotographerNotices, 'signedUp'>,
  options?: AuthModuleOptions,
) {
  const { config, database, logger, repositories, mailer } = base;
  const limits: AuthLimits = {
    perIp: { ...DEFAULT_AUTH_LIMITS.perIp, ...options?.limits?.perIp },
    perAccount: { ...DEFAULT_AUTH_LIMITS.perAccount, ...options?.limits?.perAccount },
  };
  const auth = createBetterAuth({
    config,
    database,
    logger,
    secret: loadAuthSecret(config.authSecret, config.dataDir),
    scrypt: options?.scrypt,
  });
  await migrateBetterAuth(auth);
  const limiter = createAccountLimiter(createAuthAttemptRepository(database.db), limits.perAccount, {
    ...DEFAULT_SIGN_IN_DELAY,
    ...options?.signInDelay,
  });
  await limiter.prune();
  await ensureAdminAccount(auth, {
    adminEmail: config.adminEmail,
    initialPassword: config.adminInitialPassword,
    logger,
  });
  const { clients, emailTokens } = repositories;
  const backfill = await backfillClients({
    accounts: await repositories.folders.listAccounts(),
    adminEmail: config.adminEmail,
    clients,
    settings: repositories.settings,
  });
  if (backfill.detachedFolders.length > 0) {
    logger.warn(
      { folders: backfill.detachedFolders },
      'folders shared by several accounts were detached from all of them',
    );
  }
  const clientAccounts = createClientAccounts({
    auth,
    clients,
    tokens: emailTokens,
    mailer,
    limiter,
    config,
    logger,
    storage: base.storage,
  });
  const accountService = createAccountService({
    auth,
    limiter,
    logger,
    clientAccounts,
    sessionCookie: sessionCookieName(config.publicUrl),
  });
  const accounts: AccountService = {
    ...accountService,
    // The photographer hears of each sign-up; the account service stays unaware of who listens.
    async signUp(...args) {
      const signedUp = await accountService.signUp(...args);
      await notices.signedUp(signedUp.result);
      return signedUp;
    },
  };
  return {
    accounts,
    limits,
    clientAccounts,
    // A key acts as the admin account, as the admin's own session would show it.
    apiKeys: createApiKeys({
      keys: createApiKeyRepository(database.db),
      adminUser: async () => {
        const found = await (await auth.$context).internalAdapter.findUserByEmail(config.adminEmail);
        return found ? clientAccounts.presentUser(found.user) : null;
      },
    }),
    passwordResets: createResetService({
      clientAccounts,
      auth,
      config,
      limiter,
      resetTokens: createResetTokenRepository(database.db),
      mailer,
      logger,
    }),
    clientsAdmin: createClientsAdmin({
      auth,
      clients,
      tokens: emailTokens,
      folders: repositories.folders,
      mailer,
      config,
      createPlaceholder: (folder) => clientAccounts.createPlaceholder(folder),
      galleryChanged: base.galleryChanged,
    }),
  };
}
