import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../shared/i18n/languages';
import { isValidEmail, RESET_CODE_LENGTH } from '../../shared/schemas/auth';
import type { Config } from '../env';
import type { Mailer } from '../mail/mailer';
import { resetPasswordEmail } from '../mail/reset-password-email';
import type { ResetTokenRepository } from '../repositories/reset-token-repository';
import type { ClientAccounts } from '../services/accounts/client-accounts';
import { assertAcceptablePassword, normalizeEmail } from './account-service';
import { authErrors, betterAuthCode } from './auth-errors';
import { type BetterAuth, type ResetSecrets, resetSecretsCollector } from './better-auth';
import { type AccountLimiter, tooManyAttempts } from './limits';

export interface ResetServiceDeps {
  auth: BetterAuth;
  config: Pick<Config, 'publicUrl' | 'siteName'>;
  limiter: AccountLimiter;
  resetTokens: ResetTokenRepository;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /**
   * A reset through the e-mailed link or code proves the address, claims a gallery prepared for it, and ends every
   * session of the account (whoever held one may have chosen the old password without owning the mailbox).
   */
  clientAccounts: Pick<ClientAccounts, 'passwordSetFromMailbox'>;
}

const CODE_PATTERN = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);

/**
 * Both ways to reset a forgotten password, from one e-mail: a link (`/reset-password?oobCode=…`, 30 minutes) and a
 * 6-digit code (10 minutes, 5 tries, stored hashed). better-auth creates and checks both; this service sends them
 * together, keeps the per-account limits, and makes sure that once one is used the other stops working.
 */
export function createResetService(deps: ResetServiceDeps) {
  const { auth, limiter } = deps;

  async function resetLinkUser(oobCode: string): Promise<{ id: string; email: string }> {
    const context = await auth.$context;
    const verification = oobCode
      ? await context.internalAdapter.findVerificationValue(`reset-password:${oobCode}`)
      : null;
    if (!verification || verification.expiresAt < new Date()) throw authErrors.invalidResetLink();
    const user = await context.internalAdapter.findUserById(verification.value);
    if (!user) throw authErrors.invalidResetLink();
    return { id: user.id, email: user.email };
  }

  return {
    /**
     * Answers the same way, after the same work, whether or not the address has an account: both secrets are
     * generated and stored (better-auth does a dummy lookup for unknown addresses), and the e-mail is sent in the
     * background so delivery time never shows in the response.
     */
    async requestReset(rawEmail: string, language: Language): Promise<void> {
      const email = normalizeEmail(rawEmail);
      if (!isValidEmail(email)) throw authErrors.invalidEmail();
      await limiter.assertAllowed('forgotPassword', email);
      await limiter.record('forgotPassword', email);
      const secrets: ResetSecrets = {};
      await resetSecretsCollector.run(secrets, async () => {
        await auth.api.requestPasswordReset({ body: { email } });
        await auth.api.requestPasswordResetEmailOTP({ body: { email } });
      });
      // A new code comes with its own tries: those of the code it replaces are forgotten.
      await limiter.clear('resetCodeTries', email);
      const { user, linkToken, code } = secrets;
      if (!user || !linkToken || !code) return;
      deps.mailer.sendLater(
        resetPasswordEmail({
          to: user.email,
          language,
          siteName: deps.config.siteName,
          publicUrl: deps.config.publicUrl,
          linkToken,
          code,
        }),
      );
    },

    /** The address a reset link belongs to, for the reset page to show; invalid-reset-link otherwise. */
    async verifyResetLink(oobCode: string): Promise<{ email: string }> {
      const user = await resetLinkUser(oobCode);
      return { email: user.email };
    },

    /** Sets the new password from a link; ends every session; signs nobody in. */
    async resetWithLink(oobCode: string, newPassword: string): Promise<void> {
      assertAcceptablePassword(newPassword);
      const user = await resetLinkUser(oobCode);
      try {
        await auth.api.resetPassword({ body: { token: oobCode, newPassword } });
      } catch (error) {
        if (betterAuthCode(error) === 'INVALID_TOKEN') throw authErrors.invalidResetLink();
        throw error;
      }
      await deps.resetTokens.deleteAllForUser(user.id, user.email);
      // The mailbox's owner chose a new password: wrong guesses of the old one stop no address any more.
      await limiter.clear('signInFailures', user.email);
      await deps.clientAccounts.passwordSetFromMailbox(user);
    },

    /**
     * Sets the new password from the e-mailed code; ends every session; signs nobody in. Each code allows 5 tries;
     * each address 10 failed tries per 24 hours, counted whether or not the address has an account.
     */
    async resetWithCode(input: { email: string; code: string; newPassword: string }): Promise<void> {
      const email = normalizeEmail(input.email);
      const code = input.code.trim();
      if (!isValidEmail(email)) throw authErrors.invalidEmail();
      if (!CODE_PATTERN.test(code)) throw authErrors.invalidCode();
      assertAcceptablePassword(input.newPassword);
      // Counted before the code is compared, so tries sent at once cannot all pass a check made before any of them
      // was recorded: a try of the present code, then a failure of the address, given back unless the code is wrong.
      await limiter.reserve('resetCodeTries', email);
      const counted = await limiter.reserve('resetCodeFailures', email);
      try {
        await auth.api.resetPasswordEmailOTP({ body: { email, otp: code, password: input.newPassword } });
      } catch (error) {
        const failure = betterAuthCode(error);
        if (failure === 'INVALID_OTP' || failure === 'TOO_MANY_ATTEMPTS' || failure === 'USER_NOT_FOUND') {
          if (failure === 'TOO_MANY_ATTEMPTS') throw tooManyAttempts();
          throw authErrors.invalidCode();
        }
        await counted.release();
        if (failure === 'OTP_EXPIRED') throw authErrors.expiredCode();
        throw error;
      }
      await counted.release();
      const context = await auth.$context;
      const found = await context.internalAdapter.findUserByEmail(email);
      if (found) {
        await deps.resetTokens.deleteAllForUser(found.user.id, email);
        await limiter.clear('signInFailures', email);
        await deps.clientAccounts.passwordSetFromMailbox(found.user);
      }
    },
  };
}

export type ResetService = ReturnType<typeof createResetService>;
