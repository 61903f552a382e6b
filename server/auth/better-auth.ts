import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { emailOTP } from 'better-auth/plugins/email-otp';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { SCHEMA_LOCK, withDatabaseLock } from '../db/schema-lock';
import type { Config } from '../env';
import { createPasswordHasher, type ScryptParams } from './password-hash';

/** Reset links live 30 minutes; reset codes 10 minutes with 5 tries each (issue 3, ASVS 5.0). */
export const RESET_LINK_TTL_SECONDS = 30 * 60;
export const RESET_CODE_TTL_SECONDS = 10 * 60;
export const RESET_CODE_TRIES = 5;

/**
 * What better-auth produced while serving one reset request: the link token and the code. Both land here instead of
 * being mailed one by one, so the reset service can send a single e-mail carrying both (server/auth/reset-service.ts).
 */
export interface ResetSecrets {
  user?: { id: string; email: string };
  linkToken?: string;
  code?: string;
}
export const resetSecretsCollector = new AsyncLocalStorage<ResetSecrets>();

export interface BetterAuthOptions {
  config: Config;
  database: Database;
  secret: string;
  logger: FastifyBaseLogger;
  scrypt?: ScryptParams;
}

/** The session cookie's name: `__Host-` (Secure, Path=/, no Domain) whenever the site is served over https. */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Host-gallery.session' : 'gallery.session';
}

/**
 * better-auth on the application's own Kysely instance: e-mail and password accounts, database sessions,
 * reset links and (emailOTP plugin) 6-digit reset codes. Its HTTP handler is not mounted: our routes call
 * `auth.api.*` so every answer uses our error codes, limits and same-origin rule.
 */
export function createBetterAuth({ config, database, secret, logger, scrypt }: BetterAuthOptions) {
  const secure = config.publicUrl.startsWith('https:');
  return betterAuth({
    appName: config.siteName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: { db: database.db, type: database.kind },
    logger: {
      level: 'warn',
      log: (level, message) => (level === 'error' ? logger.error(message) : logger.debug({ level }, message)),
    },
    // Limits are ours (server/auth/limits.ts): per IP on each route and per account in the database.
    rateLimit: { enabled: false },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Sensitive actions re-check the password themselves, so session age is not a second gate.
      freshAge: 0,
      cookieCache: { enabled: false },
    },
    advanced: {
      // The prefix is part of the name below; better-auth's own "__Secure-" prefix would hide it.
      useSecureCookies: false,
      cookies: { session_token: { name: sessionCookieName(config.publicUrl) } },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 1024,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      password: createPasswordHasher(scrypt),
      async sendResetPassword({ user, token }) {
        const bucket = resetSecretsCollector.getStore();
        if (bucket) Object.assign(bucket, { user: { id: user.id, email: user.email }, linkToken: token });
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: RESET_CODE_TTL_SECONDS,
        allowedAttempts: RESET_CODE_TRIES,
        storeOTP: 'hashed',
        disableSignUp: true,
        async sendVerificationOTP({ otp, type }) {
          const bucket = resetSecretsCollector.getStore();
          if (bucket && type === 'forget-password') bucket.code = otp;
        },
      }),
    ],
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;

/** The application's database, as createBetterAuth handed it to better-auth. */
export function authDatabase(auth: BetterAuth): Pick<Database, 'db' | 'kind'> {
  const { db, type } = auth.options.database as { db: Database['db']; type: Database['kind'] };
  return { db, kind: type };
}

/**
 * Creates or updates better-auth's tables (user, session, account, verification). Idempotent. It runs under the same
 * lock as our own migrations and looks at the tables only once it holds it, so instances starting at once on an empty
 * database do not both try to create them.
 */
export async function migrateBetterAuth(auth: BetterAuth): Promise<void> {
  await withDatabaseLock(authDatabase(auth), SCHEMA_LOCK, async () => {
    const { runMigrations } = await getMigrations(auth.options);
    await runMigrations();
  });
}
