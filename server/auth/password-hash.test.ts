import { describe, expect, it } from 'vitest';
import { createPasswordHasher, parseHash, SCRYPT_PARAMS } from './password-hash';

describe('password hashing', () => {
  const hasher = createPasswordHasher();

  it('uses scrypt with N = 2^17 and r = 8, a random salt, and stores the parameters', async () => {
    expect(SCRYPT_PARAMS.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(SCRYPT_PARAMS.r).toBe(8);
    const [first, second] = await Promise.all([hasher.hash('long enough secret'), hasher.hash('long enough secret')]);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(first).not.toBe(second);
    expect(parseHash(first)?.params).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('accepts passwords far beyond 64 characters without truncating them', async () => {
    const long = `${'x'.repeat(200)}A`;
    const hash = await hasher.hash(long);
    const [right, wrongLastChar] = await Promise.all([
      hasher.verify({ hash, password: long }),
      hasher.verify({ hash, password: `${'x'.repeat(200)}B` }),
    ]);
    expect(right).toBe(true);
    expect(wrongLastChar).toBe(false);
  });

  it('never verifies a hash it does not understand', async () => {
    expect(await hasher.verify({ hash: 'abcd:ef01', password: 'anything' })).toBe(false);
    expect(parseHash('scrypt$3$8$1$aa$bb')).toBeNull();
  });
});
