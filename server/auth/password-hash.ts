import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with node:crypto's scrypt (OWASP ASVS 5.0: N ≥ 2^17, r = 8, p = 1). The parameters are stored
 * with each hash (`scrypt$N$r$p$salt$key`, base64url), so raising them later keeps old hashes verifiable.
 * Passwords are NFC-normalised so the same typed text matches whatever the keyboard produced; nothing is truncated.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; node's default maxmem (32 MiB) is below that for N = 2^17.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** The hasher better-auth calls for every stored password. `params` exist so a benchmark can compare costs. */
export function createPasswordHasher(params: ScryptParams = SCRYPT_PARAMS): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(SALT_LENGTH);
      const key = await derive(password, salt, params);
      return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify({ hash, password }) {
      const parsed = parseHash(hash);
      if (!parsed) return false;
      const key = await derive(password, parsed.salt, parsed.params);
      return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    },
  };
}

/** Reads a stored hash; null for anything that is not ours (such hashes never verify). */
export function parseHash(hash: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || !Number.isInteger(Math.log2(N)) || N > 2 ** 20 || r > 32 || p > 16) return null;
  return {
    params: { N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64url'),
    key: Buffer.from(parts[5] ?? '', 'base64url'),
  };
}
