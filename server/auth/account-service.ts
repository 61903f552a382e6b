import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../shared/i18n/languages';
import { isValidEmail } from '../../shared/schemas/auth';
import type { SessionUser } from '../../shared/schemas/session';
import type { ClientAccounts } from '../services/accounts/client-accounts';
import { authErrors, betterAuthCode } from './auth-errors';
import type { BetterAuth } from './better-auth';
import { cleanDisplayName } from './display-name';
import type { AccountLimiter } from './limits';
import { passwordProblem } from './password-policy';

export interface AccountServiceDeps {
  auth: BetterAuth;
  limiter: AccountLimiter;
  logger: FastifyBaseLogger;
  /** Ties each account to its client (and so its one gallery) and proves its address. */
  clientAccounts: Pick<ClientAccounts, 'afterSignUp' | 'afterSignIn' | 'presentUser'>;
  /** The name of the session cookie (better-auth.ts, sessionCookieName). */
  sessionCookie: string;
}

/** A service answer plus the Set-Cookie headers better-auth produced for it. */
export interface WithCookies<T> {
  result: T;
  setCookies: string[];
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Throws weak-password (or a 400 for an overlong one) unless the new password meets the policy. */
export function assertAcceptablePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem === 'common') throw authErrors.weakPassword('common');
  if (problem) throw authErrors.weakPassword();
}

/**
 * Sign-up, sign-in, sign-out, password change and the current session, on top of better-auth. Each method checks
 * our rules first (address format, password policy, per-account limits), so a refused request stores nothing.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { auth, limiter, clientAccounts } = deps;

  return {
    async signUp(
      input: { fullName?: string; email: string; password: string },
      headers: Headers,
      language: Language,
    ): Promise<WithCookies<SessionUser>> {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw authErrors.invalidEmail();
      const name = cleanDisplayName(input.fullName);
      if (name === 'invalid') throw authErrors.invalidName();
      assertAcceptablePassword(input.password);
      await limiter.assertAllowed('signUp', email);
      await limiter.record('signUp', email);
      const signedUp = await auth.api
        .signUpEmail({
          body: { email, password: input.password, name: name ?? '' },
          headers,
          returnHeaders: true,
        })
        .catch((error: unknown) => {
          const code = betterAuthCode(error);
          if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
            throw authErrors.emailInUse();
          }
          if (code === 'INVALID_EMAIL') throw authErrors.invalidEmail();
          if (code === 'PASSWORD_TOO_SHORT' || code === 'PASSWORD_TOO_LONG') throw authErrors.weakPassword();
          throw error;
        });
      const user = signedUp.response.user;
      await clientAccounts.afterSignUp(user, language);
      return { result: await clientAccounts.presentUser(user), setCookies: signedUp.headers.getSetCookie() };
    },

    /**
     * `source` is the client's address (as the proxy settings let Fastify see it): failures stop the address that
     * made them, and slow down, never stop, the account's sign-ins from elsewhere.
     */
    async signIn(
      input: { email: string; password: string },
      headers: Headers,
      source: string,
    ): Promise<WithCookies<SessionUser>> {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw authErrors.invalidEmail();
      // Counted as a failure before the password is checked, so guesses sent at once are all counted; a success, or
      // any error but a wrong password, gives it back.
      const attempt = await limiter.reserve('signInFailures', email, source);
      await limiter.slowDownSignIn(email);
      try {
        const { headers: out, response } = await auth.api.signInEmail({
          body: { email, password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        await limiter.clear('signInFailures', email, source);
        await clientAccounts.afterSignIn(response.user.id);
        return { result: await clientAccounts.presentUser(response.user), setCookies: out.getSetCookie() };
      } catch (error) {
        const code = betterAuthCode(error);
        if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'PASSWORD_TOO_LONG') throw authErrors.invalidCredentials();
        await attempt.release();
        throw error;
      }
    },

    /** Ends the session on the server (the token stops working at once) and clears the cookie. */
    async signOut(headers: Headers): Promise<WithCookies<null>> {
      try {
        const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
        return { result: null, setCookies: out.getSetCookie() };
      } catch (error) {
        deps.logger.debug({ err: error }, 'sign-out without a session');
        return { result: null, setCookies: [] };
      }
    },

    /** Re-verifies the current password, then sets the new one and ends every other session of the user. */
    async changePassword(
      user: SessionUser,
      input: { currentPassword: string; newPassword: string },
      headers: Headers,
    ): Promise<WithCookies<null>> {
      await limiter.assertAllowed('changePasswordFailures', user.id);
      assertAcceptablePassword(input.newPassword);
      try {
        const { headers: out } = await auth.api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        });
        return { result: null, setCookies: out.getSetCookie() };
      } catch (error) {
        const code = betterAuthCode(error);
        if (code === 'INVALID_PASSWORD' || code === 'PASSWORD_TOO_LONG') {
          await limiter.record('changePasswordFailures', user.id);
          throw authErrors.wrongCurrentPassword();
        }
        if (code === 'UNAUTHORIZED' || code === 'SESSION_EXPIRED') throw authErrors.signedOut();
        throw error;
      }
    },

    /** The user behind the request's session cookie, or null (none, expired, revoked or forged). */
    async sessionUser(headers: Headers): Promise<SessionUser | null> {
      // Most requests are visitors without a session: answered here, as better-auth would after ~0.4 ms of its own
      // work (every public page and picture asks). Any cookie of that name still goes to better-auth to be checked.
      if (!headers.get('cookie')?.includes(`${deps.sessionCookie}=`)) return null;
      const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
      return session ? clientAccounts.presentUser(session.user) : null;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
