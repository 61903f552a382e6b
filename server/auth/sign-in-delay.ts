import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How an account's sign-in slows down while it is being guessed at from many addresses. Refusing would let anyone lock
 * the owner out, so each attempt waits instead, longer the more failures the account had lately.
 */
export interface SignInDelay {
  /** Milliseconds to wait before a password is checked, from the account's recent failures from every address. */
  delayMs(recentFailures: number): number;
  wait(ms: number): Promise<void>;
}

/** Failures that cost nothing: a person mistyping a few times does not notice the throttle. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 250;
export const MAX_SIGN_IN_DELAY_MS = 4_000;

/** 0 for the first few failures, then 0.25 s doubling with each one, at most 4 s. */
export function signInDelayMs(recentFailures: number): number {
  if (recentFailures <= FREE_FAILURES) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_MS, FIRST_DELAY_MS * 2 ** (recentFailures - FREE_FAILURES - 1));
}

export const DEFAULT_SIGN_IN_DELAY: SignInDelay = {
  delayMs: signInDelayMs,
  wait: async (ms) => {
    await sleep(ms);
  },
};
