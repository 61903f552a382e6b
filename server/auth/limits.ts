import { AppError } from '../errors';
import type { AuthAttemptRepository } from '../repositories/auth-attempt-repository';
import { RESET_CODE_TRIES, RESET_CODE_TTL_SECONDS } from './better-auth';
import { DEFAULT_SIGN_IN_DELAY, type SignInDelay } from './sign-in-delay';

export interface Window {
  max: number;
  windowMs: number;
}

/**
 * Every limit of a signed-in or signing-in visitor in one place: the account routes, and accepting the booking terms.
 * `perIp` feeds @fastify/rate-limit on each route, `perAccount` the attempts table; both are counted in the shared
 * database (server/plugins/rate-limit-store.ts), so every instance adds to one total and a restart resets nothing.
 * A limit answers 429 too-many-requests.
 */
export interface AuthLimits {
  perIp: {
    signUp: Window;
    signIn: Window;
    forgotPassword: Window;
    resetPassword: Window;
    changePassword: Window;
    /** Verification e-mails sent again, and e-mailed links used (verification, invitations). */
    emailLinks: Window;
    /** Acceptances of the booking terms (POST /api/agreements): each one writes an audit row. */
    acceptTerms: Window;
  };
  perAccount: {
    /** Sign-up attempts per address. */
    signUp: Window;
    /**
     * Failed sign-ins per account and client address: past it that address is refused, while the owner elsewhere
     * signs in; a success clears that address's failures, a password set by the e-mailed reset all of them. The
     * account's failures from every address slow each attempt down instead (sign-in-delay.ts).
     */
    signInFailures: Window;
    /** Reset e-mails requested per address (counted for unknown addresses too, so nothing is revealed). */
    forgotPassword: Window;
    /** Wrong reset codes per address: at most 10 per 24 hours (each code also allows only 5 tries). */
    resetCodeFailures: Window;
    /**
     * Tries of the present reset code per address; a new code starts again at none. The same number as better-auth's
     * own count (RESET_CODE_TRIES), but counted before the code is compared.
     */
    resetCodeTries: Window;
    /** Wrong current passwords per user on the change-password form. */
    changePasswordFailures: Window;
    /** Verification e-mails sent again per account. */
    resendVerification: Window;
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  perIp: {
    signUp: { max: 20, windowMs: HOUR },
    signIn: { max: 30, windowMs: 5 * MINUTE },
    forgotPassword: { max: 20, windowMs: 15 * MINUTE },
    resetPassword: { max: 30, windowMs: 15 * MINUTE },
    changePassword: { max: 20, windowMs: 15 * MINUTE },
    emailLinks: { max: 30, windowMs: 15 * MINUTE },
    acceptTerms: { max: 20, windowMs: MINUTE },
  },
  perAccount: {
    signUp: { max: 5, windowMs: HOUR },
    signInFailures: { max: 10, windowMs: 15 * MINUTE },
    forgotPassword: { max: 5, windowMs: HOUR },
    resetCodeFailures: { max: 10, windowMs: 24 * HOUR },
    resetCodeTries: { max: RESET_CODE_TRIES, windowMs: RESET_CODE_TTL_SECONDS * 1000 },
    changePasswordFailures: { max: 10, windowMs: 15 * MINUTE },
    resendVerification: { max: 3, windowMs: HOUR },
  },
};

export type AccountAction = keyof AuthLimits['perAccount'];

export function tooManyAttempts(): AppError {
  return new AppError('too-many-requests', 'Too many attempts. Please try again later.');
}

/** An attempt counted before its outcome is known; released when it turns out not to count. */
export interface Reservation {
  release(): Promise<void>;
}

/** Per-account counters over the attempts table, and the sign-in delay. */
export function createAccountLimiter(
  attempts: AuthAttemptRepository,
  limits: AuthLimits['perAccount'],
  delay: SignInDelay = DEFAULT_SIGN_IN_DELAY,
) {
  const since = (action: AccountAction) => new Date(Date.now() - limits[action].windowMs);
  return {
    /** Throws 429 when the subject already used up the action's window. */
    async assertAllowed(action: AccountAction, subject: string): Promise<void> {
      const used = await attempts.countSince({ action, subject }, since(action));
      if (used >= limits[action].max) throw tooManyAttempts();
    },
    async record(action: AccountAction, subject: string): Promise<void> {
      await attempts.record(action, subject);
    },
    /**
     * Counts an attempt before it is carried out, so guesses sent at once cannot all pass a check made before any of
     * them was recorded; throws 429 past the limit (a refused attempt is not counted). It stays counted unless
     * released. With `source`, the limit is kept per subject and client address.
     */
    async reserve(action: AccountAction, subject: string, source?: string): Promise<Reservation> {
      const id = await attempts.reserve({ action, subject, source }, since(action), limits[action].max);
      if (id === null) throw tooManyAttempts();
      return { release: () => attempts.remove(id) };
    },
    /**
     * Waits before a sign-in is checked, longer the more failed sign-ins the account had in the window from every
     * address. Never refuses: the attempt in hand, already reserved, is not one of the earlier failures.
     */
    async slowDownSignIn(email: string): Promise<void> {
      const counted = await attempts.countSince({ action: 'signInFailures', subject: email }, since('signInFailures'));
      const ms = delay.delayMs(Math.max(counted - 1, 0));
      if (ms > 0) await delay.wait(ms);
    },
    /** Forgets the subject's attempts (from one address only, when `source` is given). */
    async clear(action: AccountAction, subject: string, source?: string): Promise<void> {
      await attempts.clear({ action, subject, source });
    },
    async prune(): Promise<void> {
      const longest = Math.max(...Object.values(limits).map((w) => w.windowMs));
      await attempts.pruneBefore(new Date(Date.now() - longest));
    },
  };
}

export type AccountLimiter = ReturnType<typeof createAccountLimiter>;
