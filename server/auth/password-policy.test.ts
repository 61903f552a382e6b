import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_REFUSED, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('refuses fewer than 6 characters, counting characters rather than bytes', () => {
    expect(passwordProblem('a1b2c')).toBe('too-short');
    expect(passwordProblem('סוסים')).toBe('too-short');
    expect(passwordProblem('סוסים ורוקדים')).toBeNull();
  });

  it('refuses the most common passwords from the maintained list, in any letter case', () => {
    const list = dictionary['passwords-common'];
    expect(COMMON_PASSWORDS_REFUSED).toBe(3000);
    const refused = list.slice(0, COMMON_PASSWORDS_REFUSED).filter((p) => p.length >= 6);
    const beyond = list.slice(COMMON_PASSWORDS_REFUSED + 2000).find((p) => p.length >= 8) ?? '';
    expect(passwordProblem('password')).toBe('common');
    expect(passwordProblem('PassWord')).toBe('common');
    expect(passwordProblem(refused.at(-1) ?? '')).toBe('common');
    // Entries past the first 3,000 are rare enough to allow: the policy is the list's head, not all of it.
    expect(passwordProblem(beyond)).toBeNull();
  });

  it('accepts an uncommon password of 64 characters and more', () => {
    expect(passwordProblem('riders and dancers under the evening light '.repeat(3))).toBeNull();
    expect(passwordProblem('x'.repeat(1025))).toBe('too-long');
  });
});
