import { describe, expect, it } from 'vitest';
import { MAX_SIGN_IN_DELAY_MS, signInDelayMs } from './sign-in-delay';

describe('the sign-in delay of an account under attack', () => {
  it('costs nothing for the first few failures, then grows with each one up to a cap of a few seconds', () => {
    const delays = Array.from({ length: 30 }, (_, failures) => signInDelayMs(failures));
    expect(delays.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(delays.slice(4, 8)).toEqual([250, 500, 1000, 2000]);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    expect(Math.max(...delays)).toBe(MAX_SIGN_IN_DELAY_MS);
    expect(MAX_SIGN_IN_DELAY_MS).toBeLessThanOrEqual(5_000);
    expect(signInDelayMs(10_000)).toBe(MAX_SIGN_IN_DELAY_MS);
  });
});
