import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/schemas/auth';

/**
 * How many entries of zxcvbn's ranked common-password list we refuse. The list is ordered by frequency in leaked
 * password sets; the first 3,000 are the ones an attacker tries first.
 */
export const COMMON_PASSWORDS_REFUSED = 3000;

const commonPasswords = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED));

/**
 * Why a new password is refused, or null when it is acceptable: at least 6 characters (what the weak-password
 * message promises), at most 1024 (longer is a bad request, not a weak password), and not one of the most common
 * passwords (compared case-insensitively: "Password" is as guessable as "password").
 */
export function passwordProblem(password: string): 'too-short' | 'too-long' | 'common' | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too-long';
  if (commonPasswords.has(password.toLowerCase())) return 'common';
  return null;
}
