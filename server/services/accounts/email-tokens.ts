import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: 256 bits, written as 43 base64url characters. */
const TOKEN_BYTES = 32;
export const EMAIL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const CHANGE_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The database keeps only this hash. The token itself has 256 bits of entropy, so a fast unsalted hash is enough:
 * there is nothing to guess, only a leaked table to make useless.
 */
export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new single-use token for an e-mailed link, with the hash to store. */
export function newEmailToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashEmailToken(token) };
}
