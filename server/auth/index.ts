import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { Config } from '../env';
import { createMailer, type Mailer } from '../mail/mailer';
import type { AdminMediaRepository } from '../repositories/admin-media-repository';
import type { AuthAttemptRepository } from '../repositories/auth-attempt-repository';
import type { ClientRepository } from '../repositories/client-repository';
import type { EmailTokenRepository } from '../repositories/email-token-repository';
import type { ResetTokenRepository } from '../repositories/reset-token-repository';
import type { SettingsRepository } from '../repositories/settings-repository';
import { type ClientAccounts, createClientAccounts } from '../services/accounts/client-accounts';
import { backfillClients } from '../services/accounts/client-backfill';
import type { Storage } from '../storage/storage';
import { type AccountService, createAccountService } from './account-service';
import { ensureAdminAccount } from './admin-account';
import { type BetterAuth, createBetterAuth, migrateBetterAuth, sessionCookieName } from './better-auth';
import { type AuthLimits, createAccountLimiter, DEFAULT_AUTH_LIMITS } from './limits';
import type { ScryptParams } from './password-hash';
import { createResetService, type ResetService } from './reset-service';
import { loadAuthSecret } from './secret';
import { DEFAULT_SIGN_IN_DELAY, type SignInDelay } from './sign-in-delay';

export interface AuthModuleOptions {
  /** Overrides of the default limits (benchmarks and tests that need many attempts from one address). */
  limits?: { perIp?: Partial<AuthLimits['perIp']>; perAccount?: Partial<AuthLimits['perAccount']> };
  /** Hashing cost; the default is the production cost (N = 2^17, r = 8). */
  scrypt?: ScryptParams;
  /** How sign-ins of an account under attack slow down (tests set no delay, or record it instead of waiting). */
  signInDelay?: Partial<SignInDelay>;
}

/** The repositories accounts use, built once by the composition root (server/composition.ts). */
export interface AuthRepositories {
  clients: ClientRepository;
  emailTokens: EmailTokenRepository;
  authAttempts: AuthAttemptRepository;
  resetTokens: ResetTokenRepository;
  settings: SettingsRepository;
  /** The account list, read once at start for the backfill of clients. */
  accounts: Pick<AdminMediaRepository, 'listAccounts'>;
}

export interface AuthModule {
  auth: BetterAuth;
  accounts: AccountService;
  passwordResets: ResetService;
  clientAccounts: ClientAccounts;
  mailer: Mailer;
  limits: AuthLimits;
  close(): Promise<void>;
}

/**
 * Everything accounts need, built once at boot on the app's database: better-auth and its tables, the mailer,
 * the limits, the services, and the admin account (created when missing).
 */
export async function createAuthModule(input: {
  config: Config;
  database: Database;
  repositories: AuthRepositories;
  logger: FastifyBaseLogger;
  storage?: Pick<Storage, 'put'>;
  options?: AuthModuleOptions;
}): Promise<AuthModule> {
  const { config, database, repositories, logger } = input;
  const limits: AuthLimits = {
    perIp: { ...DEFAULT_AUTH_LIMITS.perIp, ...input.options?.limits?.perIp },
    perAccount: { ...DEFAULT_AUTH_LIMITS.perAccount, ...input.options?.limits?.perAccount },
  };
  const auth = createBetterAuth({
    config,
    database,
    logger,
    secret: loadAuthSecret(config.authSecret, config.dataDir),
    scrypt: input.options?.scrypt,
  });
  await migrateBetterAuth(auth);
  const limiter = createAccountLimiter(repositories.authAttempts, limits.perAccount, {
    ...DEFAULT_SIGN_IN_DELAY,
    ...input.options?.signInDelay,
  });
  await limiter.prune();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  });
  await ensureAdminAccount(auth, {
    adminEmail: config.adminEmail,
    initialPassword: config.adminInitialPassword,
    logger,
  });
  const { clients } = repositories;
  const backfill = await backfillClients({
    accounts: await repositories.accounts.listAccounts(),
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
    tokens: repositories.emailTokens,
    mailer,
    limiter,
    config,
    logger,
    storage: input.storage,
  });
  return {
    auth,
    mailer,
    limits,
    clientAccounts,
    accounts: createAccountService({
      auth,
      limiter,
      logger,
      clientAccounts,
      sessionCookie: sessionCookieName(config.publicUrl),
    }),
    passwordResets: createResetService({
      clientAccounts,
      auth,
      config,
      limiter,
      resetTokens: repositories.resetTokens,
      mailer,
      logger,
    }),
    close: () => mailer.close(),
  };
}
