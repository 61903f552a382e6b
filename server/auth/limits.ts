import { AppError } from '../errors';
import type { AuthAttemptRepository } from '../repositories/auth-attempt-repository';

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
    /** Failed sign-ins per address; a success clears them. */
    signInFailures: Window;
    /** Reset e-mails requested per address (counted for unknown addresses too, so nothing is revealed). */
    forgotPassword: Window;
    /** Wrong reset codes per address: at most 10 per 24 hours (each code also allows only 5 tries). */
    resetCodeFailures: Window;
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
    changePasswordFailures: { max: 10, windowMs: 15 * MINUTE },
    resendVerification: { max: 3, windowMs: HOUR },
  },
};

export type AccountAction = keyof AuthLimits['perAccount'];

export function tooManyAttempts(): AppError {
  return new AppError('too-many-requests', 'Too many attempts. Please try again later.');
}

/** Per-account counters over the attempts table. */
export function createAccountLimiter(attempts: AuthAttemptRepository, limits: AuthLimits['perAccount']) {
  const since = (action: AccountAction) => new Date(Date.now() - limits[action].windowMs);
  return {
    /** Throws 429 when the subject already used up the action's window. */
    async assertAllowed(action: AccountAction, subject: string): Promise<void> {
      const used = await attempts.countSince(action, subject, since(action));
      if (used >= limits[action].max) throw tooManyAttempts();
    },
    async record(action: AccountAction, subject: string): Promise<void> {
      await attempts.record(action, subject);
    },
    async clear(action: AccountAction, subject: string): Promise<void> {
      await attempts.clear(action, subject);
    },
    async prune(): Promise<void> {
      const longest = Math.max(...Object.values(limits).map((w) => w.windowMs));
      await attempts.pruneBefore(new Date(Date.now() - longest));
    },
  };
}

export type AccountLimiter = ReturnType<typeof createAccountLimiter>;
